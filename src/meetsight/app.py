"""create_app(): routers, error handlers and the lifespan that owns engine and stores."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

from meetsight.accounts.across_endpoints import router as ask_router
from meetsight.accounts.endpoints import router as accounts_router
from meetsight.activities.endpoints import router as activity_listing
from meetsight.activities.media_sweep import sweep_orphan_media
from meetsight.activities.serialized_cache import SerializedActivities
from meetsight.allow_header import allowed_methods
from meetsight.auth.api_keys import ApiKeyVerifier
from meetsight.auth.oauth.bearer import BearerVerifier
from meetsight.auth.oauth.challenges import insufficient_scope_challenge, unauthorized_challenge
from meetsight.auth.oauth.metadata import metadata_routes
from meetsight.auth.oauth.token_endpoints import token_routes
from meetsight.comments.endpoints import call_comment_routes, meeting_comment_routes
from meetsight.config import Settings, get_settings
from meetsight.conversations.endpoints import call_routes, meeting_routes
from meetsight.conversations.search_endpoints import router as search_router
from meetsight.conversations.upload_endpoints import router as upload_router
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.reads import create_reader
from meetsight.errors import AppError, MissingScope
from meetsight.intelligence.endpoints import router as intelligence_router
from meetsight.jobs.metrics import QUEUE_REGISTRY, refresh_queue_gauges
from meetsight.mcp.transport import build_mcp_endpoint
from meetsight.observability.http_observation import RequestObservation
from meetsight.observability.metrics_endpoint import install_metrics
from meetsight.openapi_document import install_openapi
from meetsight.processing.handlers import worker_pool
from meetsight.ratelimit.request_limits import RequestLimits
from meetsight.ratelimit.storage import RateLimitStorageError
from meetsight.refusals import respond_to_refusal
from meetsight.request_front import HotReads, RequestFront
from meetsight.responses import error_envelope
from meetsight.security.body_limit import BodySizeLimit, StreamedRoutes
from meetsight.security.cors import install_cors
from meetsight.security.headers import SecurityHeaders
from meetsight.security.request_guard import RequestGuard
from meetsight.state import AppState
from meetsight.storage.factory import open_media_store
from meetsight.trackers.endpoints import router as trackers_router
from meetsight.trends.endpoints import router as trends_router
from meetsight.trends.rows import refresh_conversation_metrics
from meetsight.web.api_docs import install_api_docs
from meetsight.web.install import install_web
from meetsight.web.pages_oauth_consent import authorize_routes
from meetsight.webhooks.endpoints import router as webhooks_router

log = logging.getLogger("meetsight")
API_PREFIX = "/api/v1"


def build_state(settings: Settings, rate_limits: RequestLimits | None = None) -> AppState:
    engine = create_engine(settings.resolved_database_url())
    reader = create_reader(engine)
    return AppState(
        settings=settings,
        engine=engine,
        sessionmaker=create_sessionmaker(engine),
        reader=reader,
        api_keys=ApiKeyVerifier(
            settings.hmac_secret(),
            settings.api_key_cache_seconds,
            previous_secrets=settings.previous_hmac_secrets(),
            reader=reader,
        ),
        bearer=BearerVerifier(
            settings.hmac_secret(),
            settings.api_key_cache_seconds,
            previous_secrets=settings.previous_hmac_secrets(),
        ),
        media=open_media_store(settings),
        public_url=settings.resolved_public_url(),
        serialized=SerializedActivities(),
        refresh_trends=refresh_conversation_metrics,
        rate_limits=rate_limits,
    )


async def start_rate_limits(settings: Settings) -> RequestLimits | None:
    """The limits, their storage reached; RateLimitStorageError when Redis does not answer."""
    if not settings.rate_limits_enabled:
        return None
    limits = RequestLimits(settings)
    try:
        await limits.start()
    except RateLimitStorageError:
        await limits.close()
        raise
    return limits


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    mcp_endpoint = build_mcp_endpoint(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        state = build_state(settings, await start_rate_limits(settings))
        state.media.clear_temp()
        await sweep_orphan_media(state.sessionmaker, state.media)
        app.state.ms = state
        # What exists now lives as long as the process (the ASR stack's imports leave 116 K
        # objects): keep full collections from walking it again and again.
        gc.freeze()
        if settings.workers > 0:
            state.workers = worker_pool(state.sessionmaker, settings, settings.workers)
            state.workers.start()
        try:
            async with mcp_endpoint.run():
                yield
        finally:
            if state.workers is not None:
                await state.workers.stop()
            await state.reader.close()
            await state.engine.dispose()
            if state.rate_limits is not None:
                await state.rate_limits.close()

    app = FastAPI(
        title="meetsight",
        version="1.0",
        description="Meeting and call intelligence: transcripts, analytics, summaries.",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=None,  # our own page without a CDN: web/api_docs.py
        redoc_url=None,
        lifespan=lifespan,
    )
    for router in (
        activity_listing,
        upload_router,
        meeting_routes,
        call_routes,
        meeting_comment_routes,
        call_comment_routes,
        intelligence_router,
        search_router,
        ask_router,
        trends_router,
        webhooks_router,
        accounts_router,
        trackers_router,
    ):
        app.include_router(router, prefix=API_PREFIX)
    # A plain ASGI route at exactly this path: no redirect to a trailing slash, every method.
    app.router.routes.append(Route(f"{API_PREFIX}/mcp", endpoint=mcp_endpoint))
    app.router.routes.extend([*metadata_routes(), *token_routes(), *authorize_routes()])
    install_api_docs(app, docs_url=f"{API_PREFIX}/docs", openapi_url=f"{API_PREFIX}/openapi.json")
    install_error_handlers(app)
    install_health(app)
    install_web(app, settings)
    if settings.metrics_enabled:
        install_metrics(
            app,
            settings.metrics_token,
            QUEUE_REGISTRY,
            lambda request: refresh_queue_gauges(request.app.state.ms.sessionmaker),
        )
    install_middleware(app, settings)
    install_openapi(app)
    return app


def install_middleware(app: FastAPI, settings: Settings) -> None:
    """The request observer (outermost: the request id and the timing cover every answer, 413s
    and 429s included), the security headers (around everything else, so 413s, 429s and CORS
    answers carry them too), CORS when configured, the RateLimit-* headers, the body size limit
    and, inside it, the request guard: folded into one layer (request_front.py), or two around
    CORS."""
    streamed = StreamedRoutes(lambda: app.router.routes)
    mcp_path = f"{API_PREFIX}/mcp"
    # Inside the size limit, so the bodies it reads are bounded; the streamed uploads and MCP
    # check their own parts and arguments with the same rules.
    inner = {
        "rate_limit_headers": settings.rate_limits_enabled,  # nothing to label otherwise
        "body_limit": BodySizeLimit(
            _no_app, max_bytes=settings.max_body_bytes, streams_itself=streamed.matches
        ),
        "guard": RequestGuard(
            _no_app,
            respond=respond_to_refusal,
            reads_own_body=lambda scope: scope["path"] == mcp_path or streamed.matches(scope),
            max_body_bytes=settings.max_body_bytes,
        ),
        "hot": HotReads(app),  # the @hot_read GET routes, served without FastAPI's routing
    }
    outer = {
        "observation": RequestObservation(_no_app, plain_routes=lambda: plain_routes(app)),
        "security": SecurityHeaders(
            _no_app,
            docs_paths=frozenset({f"{API_PREFIX}/docs"}),
            https=settings.resolved_public_url().startswith("https://"),
        ),
    }
    if settings.cors_origins:
        app.add_middleware(RequestFront, **inner)  # type: ignore[arg-type]
        install_cors(app, settings)
        app.add_middleware(RequestFront, **outer)  # type: ignore[arg-type]
    else:
        app.add_middleware(RequestFront, **inner, **outer)  # type: ignore[arg-type]


async def _no_app(scope: Scope, receive: Receive, send: Send) -> None:
    """The app of the layers whose steps RequestFront runs: never called."""
    raise RuntimeError("a RequestFront part was called as an app")


def plain_routes(app: FastAPI) -> list[BaseRoute]:
    """Routes added to the app itself (MCP, health, metrics): the ones whose template the
    request observer matches itself when the router left none in the scope."""
    return [r for r in app.router.routes if isinstance(r, Route)]


def install_health(app: FastAPI) -> None:
    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> Response:
        return JSONResponse({"status": "ok"})

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> Response:
        state: AppState = request.app.state.ms
        try:
            async with state.engine.connect() as conn:
                await conn.execute(sa.text("SELECT 1"))
        except (OSError, sa.exc.SQLAlchemyError) as exc:
            log.warning("readiness check failed: %s", exc)
            return JSONResponse({"status": "unavailable", "database": "unreachable"}, 503)
        return JSONResponse({"status": "ok", "database": "ok"})


def _field_name(loc: tuple[object, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("query", "path", "body", "header")]
    return ".".join(parts) or "request"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def app_error(request: Request, exc: AppError) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 401 and "WWW-Authenticate" not in headers:
            # The API's challenge (OAuth resource metadata) unless the error names its own.
            headers["WWW-Authenticate"] = unauthorized_challenge(request)
        elif isinstance(exc, MissingScope):
            headers["WWW-Authenticate"] = insufficient_scope_challenge(request, exc.scopes)
        return error_envelope(exc.status_code, exc.message, headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> Response:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
        message = f"{_field_name(tuple(first.get('loc', ())))}: {first.get('msg', 'invalid')}"
        return error_envelope(422, message)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = {404: "Not found", 405: "Method not allowed"}.get(
            exc.status_code, str(exc.detail)
        )
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(app, request))
        return error_envelope(exc.status_code, message, headers or None)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_envelope(500, "Internal error; it has been logged")
