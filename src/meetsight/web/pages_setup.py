"""The first-run page /setup: a 404 once anybody can sign in."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from sqlalchemy.exc import OperationalError
from starlette.responses import RedirectResponse, Response

from meetsight.auth.passwords import MIN_PASSWORD_LENGTH
from meetsight.db.unit_of_work import checkpoint
from meetsight.deps import DbSession
from meetsight.errors import AppError
from meetsight.web.context import client_ip, web_context
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.forms import field
from meetsight.web.sessions import current_user, set_session_cookie, start_session
from meetsight.web.setup import claimable_organization, complete_setup, setup_open
from meetsight.web.templating import render

router = APIRouter(dependencies=[Depends(enforce_csrf)], include_in_schema=False)
SETUP_DONE = "Not found: this meetsight is set up already."


async def _page(
    request: Request, session: DbSession, *, status: int = 200, **values: str
) -> Response:
    existing = await claimable_organization(session)
    defaults = {"organization": existing.name if existing else "", "name": "", "email": ""}
    return render(
        request,
        "setup.html",
        status_code=status,
        existing_org=existing.name if existing else None,
        min_password=MIN_PASSWORD_LENGTH,
        error=values.pop("error", None),
        **{**defaults, **values},
    )


@router.get("/setup")
async def setup_page(request: Request, session: DbSession) -> Response:
    # The user first: on SQLite a request holds one connection at a time.
    signed_in = await current_user(request) is not None
    if not await setup_open(session):
        if signed_in:
            return RedirectResponse("/app", status_code=303)
        raise PageError(404, SETUP_DONE)
    return await _page(request, session)


@router.post("/setup")
async def setup_submit(request: Request, session: DbSession) -> Response:
    if not await setup_open(session):
        raise PageError(404, SETUP_DONE)
    form = await request.form()
    values = {
        "organization": field(form, "organization", max_length=300),
        "name": field(form, "name", max_length=300),
        "email": field(form, "email", max_length=320),
    }
    password = field(form, "password", max_length=4096)
    if password != field(form, "password2", max_length=4096):
        return await _page(request, session, status=422, error="The passwords differ.", **values)
    try:
        user = await complete_setup(
            session,
            organization=values["organization"],
            name=values["name"],
            email=values["email"],
            password=password,
            ip=client_ip(request),
        )
        token = await start_session(session, request, user)
        await checkpoint(session)  # here, so that losing a race to another setup is the 409 below
    except AppError as exc:
        await session.rollback()
        return await _page(request, session, status=exc.status_code, error=exc.message, **values)
    except OperationalError:  # SQLite: another setup committed first
        await session.rollback()
        raise PageError(409, "Setup was just completed by somebody else; sign in.") from None
    response = RedirectResponse("/app", status_code=303)
    set_session_cookie(response, web_context(request), token)
    return response
