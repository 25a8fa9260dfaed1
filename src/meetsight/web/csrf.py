"""CSRF protection for every form: a synchronizer token bound to the browser's session.

The token is an HMAC of the session cookie's token (signed in) or of a random pre-session
cookie (the sign-in and setup forms), so it needs no storage, changes at sign-in and sign-out,
and cannot be computed by another site. Every unsafe request to a page router carries it in the
form field `csrf_token`; a missing or wrong one is the 403 page.
"""

from __future__ import annotations

import base64
import hmac
import secrets
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from meetsight.web.context import web_context
from meetsight.web.errors import PageError
from meetsight.web.sessions import session_token

CSRF_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _binding(request: Request) -> str:
    """The cookie value the token is bound to; a fresh pre-session value when there is none
    (render() then sets its cookie)."""
    token = session_token(request)
    if token is not None:
        return "s:" + token
    ctx = web_context(request)
    pre = request.cookies.get(ctx.presession_cookie)
    if not pre or len(pre) > 100:
        pre = getattr(request.state, "new_presession", None)
        if pre is None:
            pre = secrets.token_urlsafe(24)
            request.state.new_presession = pre
    return "p:" + pre


def csrf_token(request: Request) -> str:
    """The token to put in this request's forms (hidden field `csrf_token`)."""
    digest = web_context(request).derive("csrf", _binding(request))
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def check_csrf(request: Request, form: Mapping[str, Any]) -> None:
    """Raise the 403 page unless `form` carries this browser's token."""
    sent = form.get(CSRF_FIELD)
    if not isinstance(sent, str) or not sent:
        raise PageError(403, "The form was missing its security token. Reload the page and retry.")
    # A request without any session or pre-session cookie cannot have a valid token.
    if not hmac.compare_digest(sent.encode(), csrf_token(request).encode()):
        raise PageError(403, "The form's security token did not match. Reload the page and retry.")


async def enforce_csrf(request: Request) -> None:
    """Router dependency: checks every unsafe request (POST, PUT, PATCH, DELETE)."""
    if request.method in SAFE_METHODS:
        return
    check_csrf(request, await request.form())


def set_presession_cookie(request: Request, response: Response) -> None:
    """Store the pre-session value that csrf_token() made up for this page, if it made one."""
    pre = getattr(request.state, "new_presession", None)
    if pre is None:
        return
    ctx = web_context(request)
    response.set_cookie(
        ctx.presession_cookie, pre, path="/", httponly=True, samesite="lax", secure=ctx.https
    )
