"""install_web(app, settings): the page routers, /static, and the HTML error pages."""

from __future__ import annotations

from inspect import isawaitable

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import RedirectResponse, Response
from starlette.staticfiles import StaticFiles

from meetsight.config import Settings
from meetsight.web import (
    pages_accounts,
    pages_api_keys,
    pages_audit,
    pages_auth,
    pages_categories,
    pages_comments,
    pages_conversation,
    pages_home,
    pages_members,
    pages_oauth_clients,
    pages_setup,
    pages_team,
    pages_trackers,
    pages_upload,
    pages_webhooks,
)
from meetsight.web.context import build_web_context
from meetsight.web.errors import PageError, SignInRequired
from meetsight.web.sessions import current_user
from meetsight.web.templating import STATIC_DIR, render

PAGE_NOT_FOUND = "There is no page at this address."  # also for refusals (meetsight.refusals)
# Paths a person opens in a browser: an unknown one there gets the HTML page, not the API's JSON
# envelope. Everything else (/api/, /mcp, /oauth, /.well-known...) keeps the envelope.
PAGE_PREFIXES = ("/app", "/settings", "/signin", "/signout", "/setup")

TITLES = {
    400: "Bad request",
    403: "Not allowed",
    404: "Not found",
    409: "Conflict",
    415: "Unsupported form",
    422: "Not accepted",
}


async def error_page(request: Request, status_code: int, message: str) -> Response:
    """The HTML error page, with the signed-in user in its header."""
    await current_user(request)
    title = TITLES.get(status_code, "Something went wrong")
    return render(request, "error.html", status_code=status_code, title=title, message=message)


def install_web(app: FastAPI, settings: Settings) -> None:
    app.state.web = build_web_context(settings)
    for router in (
        pages_auth.router,
        pages_setup.router,
        pages_api_keys.router,
        pages_members.router,
        pages_oauth_clients.router,
        pages_audit.router,
        pages_webhooks.router,
        pages_home.router,
        pages_team.router,
        pages_upload.router,
        pages_conversation.router,
        pages_comments.router,
        pages_categories.router,
        pages_trackers.router,
        pages_accounts.router,
    ):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.exception_handler(PageError)
    async def page_error(request: Request, exc: PageError) -> Response:
        return await error_page(request, exc.status_code, exc.message)

    json_http_error = app.exception_handlers[StarletteHTTPException]

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        path = request.url.path
        is_page = path == "/" or any(
            path == prefix or path.startswith(prefix + "/") for prefix in PAGE_PREFIXES
        )
        if exc.status_code == 404 and is_page:
            return await error_page(request, 404, PAGE_NOT_FOUND)
        # Starlette types a handler as sync or async; app.py's envelope one is async.
        response = json_http_error(request, exc)
        return await response if isawaitable(response) else response

    @app.exception_handler(SignInRequired)
    async def sign_in_required(request: Request, exc: SignInRequired) -> Response:
        return RedirectResponse(exc.location, status_code=303)
