"""/settings/members (owners and admins): add with an initial password, change role, remove."""

from __future__ import annotations

from anyio import to_thread
from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from meetsight.auth.passwords import MIN_PASSWORD_LENGTH, hash_password, password_problem
from meetsight.comments.repository import unlink_author
from meetsight.deps import DbSession
from meetsight.errors import AppError, NotFound, ValidationFailed
from meetsight.organizations.members import add_member, change_role, list_members, remove_member
from meetsight.organizations.service import ROLES
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.forms import field
from meetsight.web.pages_api_keys import record_page_event
from meetsight.web.sessions import WebUser, require_admin
from meetsight.web.templating import render

router = APIRouter(
    prefix="/settings", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
PAGE = "/settings/members"


async def _page(
    request: Request, session: DbSession, user: WebUser, *, status: int = 200, **extra: object
) -> Response:
    values: dict[str, object] = {"error": None, "email": "", "name": "", "role": "member"}
    values.update(extra)
    return render(
        request,
        "members.html",
        status_code=status,
        members=await list_members(session, user.organization_id),
        roles=ROLES if user.role == "owner" else tuple(r for r in ROLES if r != "owner"),
        min_password=MIN_PASSWORD_LENGTH,
        **values,
    )


@router.get("/members")
async def members_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    return await _page(request, session, user)


@router.post("/members")
async def add(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    form = await request.form()
    email, name = field(form, "email", max_length=320), field(form, "name", max_length=200)
    role, password = field(form, "role", max_length=20), field(form, "password", max_length=4096)
    try:
        problem = password_problem(password)
        if problem:
            raise ValidationFailed(problem)
        member = await add_member(
            session,
            user.organization_id,
            actor_role=user.role,
            email=email,
            name=name,
            role=role,
            password_hash=await to_thread.run_sync(hash_password, password),
        )
    except AppError as exc:
        await session.rollback()
        return await _page(
            request,
            session,
            user,
            status=exc.status_code,
            error=exc.message,
            email=email,
            name=name,
            role=role,
        )
    await record_page_event(
        session,
        request,
        user,
        "member.added",
        target_kind="user",
        target_id=member.id,
        target_label=member.email,
        detail={"role": member.role},
    )
    return RedirectResponse(PAGE, status_code=303)


@router.post("/members/{user_id}/role")
async def set_role(
    user_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    form = await request.form()
    try:
        member, previous = await change_role(
            session,
            user.organization_id,
            user_id,
            actor_role=user.role,
            role=field(form, "role", max_length=20),
        )
    except NotFound:
        raise PageError(404, "No such member.") from None
    except AppError as exc:
        await session.rollback()
        return await _page(request, session, user, status=exc.status_code, error=exc.message)
    if previous != member.role:
        await record_page_event(
            session,
            request,
            user,
            "member.role_changed",
            target_kind="user",
            target_id=member.id,
            target_label=member.email,
            detail={"from": previous, "to": member.role},
        )
    return RedirectResponse(PAGE, status_code=303)


@router.post("/members/{user_id}/remove")
async def remove(
    user_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    try:
        member = await remove_member(
            session,
            user.organization_id,
            user_id,
            actor_id=user.id,
            actor_role=user.role,
            unlink_authored=(unlink_author,),
        )
    except NotFound:
        raise PageError(404, "No such member.") from None
    except AppError as exc:
        await session.rollback()
        return await _page(request, session, user, status=exc.status_code, error=exc.message)
    await record_page_event(
        session,
        request,
        user,
        "member.removed",
        target_kind="user",
        target_id=member.id,
        target_label=member.email,
        detail={"role": member.role},
    )
    return RedirectResponse(PAGE, status_code=303)
