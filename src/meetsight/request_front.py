"""The pure-ASGI layers every HTTP request passes, folded into one call and one send wrapper.

Outermost first, as they were stacked one around the other (each with its own wrapper of
`send`): the request observer (request id, metrics, access line), the security headers, the
RateLimit-* headers, the body size limit and the request guard. Each keeps its class (and can
still be stacked alone); here their request-time steps run in the same order, and the answer's
headers are edited once, in the order the layers added them: the quota's, the security
headers, X-Request-Id. CORS, when configured, sat between the security headers and the
RateLimit-* headers: the app then has two fronts, the outer (observer, security headers)
around CORS and the inner (the rest) inside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException
from starlette.middleware.exceptions import ExceptionMiddleware
from starlette.requests import Request
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meetsight.observability.context import request_id_var
from meetsight.observability.http_observation import RequestObservation
from meetsight.ratelimit.headers import label
from meetsight.ratelimit.request_limits import QUOTA_SCOPE_KEY
from meetsight.security.body_limit import BodySizeLimit, unfold_routes
from meetsight.security.headers import SecurityHeaders
from meetsight.security.request_guard import RequestGuard

_HOT_READ = "__meetsight_hot_read__"
Endpoint = TypeVar("Endpoint", bound=Callable[..., object])
# Ids no route's template could tell from a literal segment: what the precedence check tries.
_SAMPLE_PARAMS = ("x", "stats", "upload", "search", "0192f0c4-0000-7000-8000-000000000000")


def hot_read(endpoint: Endpoint) -> Endpoint:
    """Declare a GET endpoint that takes only the request (`async def e(request)`) and
    returns a Response: RequestFront serves it without FastAPI's routing and per-request
    machinery (see HotReads)."""
    setattr(endpoint, _HOT_READ, True)
    return endpoint


async def _no_app(scope: Scope, receive: Receive, send: Send) -> None:
    raise RuntimeError("never called")


class HotReads:
    """The `@hot_read` GET routes, served as FastAPI's router and route would serve them, less
    the work that changes nothing for such an endpoint: the router's scan of the routes before
    it, the exception middleware's and the route's wrappers and exit stacks, the dependency
    solving (it has none) and the response checks (it returns a Response).

    What it keeps: the route found by its own `matches` (the same path parameters, the same
    scope entries: `route`, `endpoint`, `path_params`, the effective route context the request
    observer takes the template from); the app's exception handlers, found as Starlette's
    ExceptionMiddleware finds them (by exception class), for AppError, validation and HTTP
    errors; anything else propagates to the server-error layer as before. A route is served
    here only when no route before it matches its template (tried with sample values), so the
    router would have chosen it; a request FastAPI's telemetry follows goes the whole way.
    """

    def __init__(self, app: FastAPI) -> None:
        self._app = app
        self._exact: dict[str, Any] | None = None
        self._templated: list[tuple[str, str, Any]] = []
        self._handlers: tuple[dict[Any, Any], dict[int, Any]] = ({}, {})

    def _build(self) -> dict[str, Any]:
        routes = list(unfold_routes(self._app.router.routes))
        exact: dict[str, Any] = {}
        for index, route in enumerate(routes):
            endpoint = getattr(route, "endpoint", None)
            if not getattr(endpoint, _HOT_READ, False):
                continue
            template = route.path_format
            if set(route.methods or ()) != {"GET"} or not isinstance(
                getattr(route, "original_route", None), APIRoute
            ):
                raise RuntimeError(f"@hot_read on {template}: not a FastAPI GET route")
            samples = [_sample_path(template, value) for value in _SAMPLE_PARAMS]
            if any(_matches(earlier, path) for earlier in routes[:index] for path in samples):
                continue  # an earlier route may take its requests: the router decides
            if "{" not in template:
                exact[template] = route
            else:
                prefix, suffix = template.split("{", 1)[0], template.rsplit("}", 1)[1]
                self._templated.append((prefix, suffix, route))
        # The handlers the exception middleware holds, as FastAPI gives them to it.
        handlers = {
            key: value
            for key, value in self._app.exception_handlers.items()
            if key not in (500, Exception)
        }
        middleware = ExceptionMiddleware(_no_app, handlers=handlers, debug=self._app.debug)
        self._handlers = (middleware._exception_handlers, middleware._status_handlers)
        self._exact = exact
        return exact

    def route_of(self, scope: Scope) -> Any:
        """The hot route for this GET's path, if any (its `matches` still to be asked)."""
        exact = self._exact if self._exact is not None else self._build()
        if scope.get("root_path") or "fastapi.telemetry" in scope:
            return None
        path = scope["path"]
        route = exact.get(path)
        if route is not None:
            return route
        for prefix, suffix, candidate in self._templated:
            if path.startswith(prefix) and path.endswith(suffix):
                return candidate
        return None

    async def serve(self, route: Any, scope: Scope, receive: Receive, send: Send) -> bool:
        """Answer the request with `route`; False (nothing sent) when it does not match."""
        match, child_scope = route.matches(scope)
        if match is not Match.FULL:
            return False
        scope.update(child_scope)
        scope.setdefault("fastapi", {})["effective_route_context"] = route
        scope["route"] = route.original_route
        scope["starlette.exception_handlers"] = self._handlers
        request = Request(scope, receive, send)
        try:
            response = await route.endpoint(request)
        except Exception as exc:
            handler = self._handler_of(exc)
            if handler is None:
                raise
            response = await handler(request, exc)
            exc.__traceback__ = None  # as Starlette does: a reused exception keeps no trace
        await response(scope, receive, send)
        return True

    def _handler_of(self, exc: Exception) -> Any:
        """Starlette's lookup: a status handler for an HTTPException, else by class."""
        by_class, by_status = self._handlers
        if isinstance(exc, HTTPException) and exc.status_code in by_status:
            return by_status[exc.status_code]
        for cls in type(exc).__mro__:
            if cls in by_class:
                return by_class[cls]
        return None


def _sample_path(template: str, value: str) -> str:
    parts = template.split("/")
    return "/".join(value if part.startswith("{") else part for part in parts)


def _matches(route: Any, path: str) -> bool:
    scope = {"type": "http", "method": "GET", "path": path, "root_path": "", "headers": []}
    try:
        return bool(route.matches(scope)[0] is Match.FULL)
    except Exception:  # a route that cannot judge a bare scope: assume it may take it
        return True


class RequestFront:
    def __init__(
        self,
        app: ASGIApp,
        *,
        observation: RequestObservation | None = None,
        security: SecurityHeaders | None = None,
        rate_limit_headers: bool = False,
        body_limit: BodySizeLimit | None = None,
        guard: RequestGuard | None = None,
        hot: HotReads | None = None,
    ) -> None:
        self.app = app
        self.observation = observation
        self.security = security
        self.rate_limit_headers = rate_limit_headers
        self.body_limit = body_limit
        self.guard = guard
        self.hot = hot

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        observation, security = self.observation, self.security
        label_quota = self.rate_limit_headers
        request_id_header: tuple[bytes, bytes] | None = None
        if observation is not None:
            request_id = observation.request_id_of(scope)
            token = request_id_var.set(request_id)
            request_id_header = (b"x-request-id", request_id.encode("latin-1"))
        started = time.perf_counter()
        docs = security is not None and scope["path"] in security.docs_paths
        status = 500  # what the client gets when the app raises before answering

        async def send_framed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                raw = list(message.get("headers", ()))
                if label_quota:
                    quota = scope.get(QUOTA_SCOPE_KEY)
                    if quota is not None:
                        label(raw, quota)
                if security is not None:
                    security.secure(raw, docs)
                if request_id_header is not None:
                    raw.append(request_id_header)
                message["headers"] = raw
            await send(message)

        failed = True
        try:
            admitted: Receive | None = receive
            if self.body_limit is not None:
                admitted = await self.body_limit.admit(scope, receive, send_framed)
            if admitted is not None and self.guard is not None:
                admitted = await self.guard.admit(scope, admitted, send_framed)
            if admitted is not None:
                hot = self.hot
                route = (
                    hot.route_of(scope) if hot is not None and scope["method"] == "GET" else None
                )
                if route is None or not await hot.serve(route, scope, admitted, send_framed):  # type: ignore[union-attr]
                    await self.app(scope, admitted, send_framed)
            failed = False
        finally:
            if observation is not None:
                observation.observe(scope, status, time.perf_counter() - started)
                if not failed:  # on an error the id stays set for the error handler's log line
                    request_id_var.reset(token)
