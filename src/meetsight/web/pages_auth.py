"""Pages: / (where to go), /signin, /signout. The signed-in home, /app, is pages_home."""

from __future__ import annotations

import sqlalchemy as sa
from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from meetsight.deps import DbSession
from meetsight.web.context import client_ip, web_context
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import safe_next
from meetsight.web.forms import field
from meetsight.web.models import WebSession
from meetsight.web.pages_api_keys import record_page_event
from meetsight.web.sessions import (
    clear_session_cookie,
    current_user,
    end_session,
    hash_token,
    session_token,
    set_session_cookie,
    start_session,
)
from meetsight.web.setup import setup_open
from meetsight.web.signin import SigninRefused, sign_in
from meetsight.web.templating import render

router = APIRouter(dependencies=[Depends(enforce_csrf)], include_in_schema=False)


def see_other(location: str) -> RedirectResponse:
    return RedirectResponse(location, status_code=303)


@router.get("/")
async def home(request: Request, session: DbSession) -> Response:
    if await current_user(request) is not None:
        return see_other("/app")
    return see_other("/setup" if await setup_open(session) else "/signin")


@router.get("/signin")
async def signin_page(request: Request, next: str | None = None) -> Response:
    if await current_user(request) is not None:
        return see_other(safe_next(next))
    return render(request, "signin.html", next=safe_next(next), email="", error=None, notice=None)


@router.post("/signin")
async def signin_submit(request: Request, session: DbSession) -> Response:
    form = await request.form()
    email, target = field(form, "email", max_length=320), safe_next(field(form, "next"))
    try:
        user = await sign_in(
            session,
            web_context(request).settings,
            email=email,
            password=field(form, "password", max_length=4096),
            ip=client_ip(request),
        )
    except SigninRefused as refused:
        # Returned, not raised: the unit of work commits the attempt (it counts towards the
        # lockout).
        status = 429 if refused.message.startswith("Too many") else 401
        return render(
            request,
            "signin.html",
            status_code=status,
            next=target,
            email=email,
            error=refused.message,
            notice=None,
        )
    old = session_token(request)
    if old is not None:  # a new sign-in never keeps an earlier session (fixation)
        await session.execute(sa.delete(WebSession).where(WebSession.token_hash == hash_token(old)))
    token = await start_session(session, request, user)
    response = see_other(target)
    set_session_cookie(response, web_context(request), token)
    return response


@router.post("/signout")
async def signout(request: Request, session: DbSession) -> Response:
    user = await end_session(session, request)
    if user is not None:
        await record_page_event(
            session,
            request,
            user,
            "signout",
            target_kind="user",
            target_id=user.id,
            target_label=user.email,
        )
    response = see_other("/signin")
    clear_session_cookie(response, web_context(request))
    return response
