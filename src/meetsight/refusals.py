"""How a request refused by `security.request_guard` is answered, by surface: OAuth's token and
revocation endpoints in OAuth's own JSON, the API (and the machine endpoints beside it) in the
envelope, and everything else, the web pages, with the HTML error page."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from meetsight.auth.oauth.errors import invalid_request
from meetsight.auth.oauth.metadata import REVOKE_PATH, TOKEN_PATH
from meetsight.responses import error_envelope
from meetsight.security.request_guard import Refusal
from meetsight.web.install import PAGE_NOT_FOUND, error_page

OAUTH_JSON_PATHS = frozenset({TOKEN_PATH, REVOKE_PATH})
JSON_PREFIXES = ("/api/", "/.well-known/", "/static/")
JSON_PATHS = frozenset({"/api", "/healthz", "/readyz", "/metrics"})


def is_json_surface(path: str) -> bool:
    return path in JSON_PATHS or path.startswith(JSON_PREFIXES)


async def respond_to_refusal(request: Request, refusal: Refusal) -> Response:
    path: str = request.scope["path"]
    if path in OAUTH_JSON_PATHS:
        return invalid_request(refusal.message).response()
    if is_json_surface(path):
        return error_envelope(refusal.status, refusal.message)
    return await error_page(
        request, refusal.status, PAGE_NOT_FOUND if refusal.not_found else refusal.message
    )
