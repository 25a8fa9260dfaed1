"""/settings/api-keys: create (the key shown once), list, revoke. Members see and revoke the keys
they created; owners and admins every key of the organization."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Any

from fastapi import APIRouter, Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import RedirectResponse, Response

from meetsight.audit.service import Actor, record_event
from meetsight.auth.api_keys import create_api_key, list_api_keys, revoke_api_key
from meetsight.auth.models import ApiKey
from meetsight.auth.scopes import API_KEY_SCOPES, SCOPE_DESCRIPTIONS
from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import checkpoint
from meetsight.deps import DbSession, app_state
from meetsight.errors import AppError, ValidationFailed
from meetsight.web.context import client_ip, web_context
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.flash import pop_flash, set_flash
from meetsight.web.forms import field, fields
from meetsight.web.members_view import member_names
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render

router = APIRouter(
    prefix="/settings", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
PAGE = "/settings/api-keys"


def actor(request: Request, user: WebUser) -> Actor:
    return Actor(user_id=user.id, label=user.email, ip=client_ip(request))


async def record_page_event(
    session: AsyncSession,
    request: Request,
    user: WebUser,
    action: str,
    *,
    target_kind: str | None = None,
    target_id: str | None = None,
    target_label: str | None = None,
    detail: dict[str, Any] | None = None,
) -> None:
    """An audit event for what the signed-in user did on a settings page."""
    await record_event(
        session,
        organization_id=user.organization_id,
        action=action,
        actor=actor(request, user),
        target_kind=target_kind,
        target_id=target_id,
        target_label=target_label,
        detail=detail,
    )


def key_status(key: ApiKey, now: datetime) -> str:
    if key.revoked_at is not None:
        return "revoked"
    if key.expires_at is not None and key.expires_at <= now:
        return "expired"
    return "active"


def parse_expiry(value: str) -> datetime | None:
    """A date (YYYY-MM-DD, the end of that day excluded: the key stops at its midnight UTC)."""
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise ValidationFailed("expires: a date such as 2027-01-31") from None
    expires = datetime.combine(day, time(), tzinfo=UTC)
    if expires <= utcnow():
        raise ValidationFailed("expires: must be a date in the future")
    return expires


async def _page(
    request: Request, session: DbSession, user: WebUser, *, status: int = 200, **extra: object
) -> Response:
    shown = await pop_flash(session, request)
    mine_only = None if user.is_admin else user.id
    keys = await list_api_keys(
        session, organization_id=user.organization_id, created_by_user_id=mine_only
    )
    names = await member_names(session, user.organization_id)
    values: dict[str, object] = {
        "error": None,
        "form_name": "",
        "form_scopes": list(API_KEY_SCOPES),
        "expires": "",
    }
    values.update(extra)
    return render(
        request,
        "api_keys.html",
        status_code=status,
        keys=keys,
        names=names,
        now=utcnow(),
        status_of=key_status,
        new_key=shown if shown and shown.get("kind") == "api_key" else None,
        scopes=[(s, SCOPE_DESCRIPTIONS[s]) for s in API_KEY_SCOPES],
        **values,
    )


@router.get("/api-keys")
async def api_keys_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    return await _page(request, session, user)


@router.get("")
async def settings_home(user: WebUser = Depends(require_user)) -> Response:
    return RedirectResponse(PAGE, status_code=303)


@router.post("/api-keys")
async def create_key(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    form = await request.form()
    name, scopes = field(form, "name", max_length=300), fields(form, "scopes")
    expires_text = field(form, "expires", max_length=20)
    try:
        if not scopes:
            raise ValidationFailed("scopes: choose at least one")
        created = await create_api_key(
            session,
            secret=web_context(request).secret,
            organization_id=user.organization_id,
            name=name,
            scopes=scopes,
            expires_at=parse_expiry(expires_text),
            created_by_user_id=user.id,
        )
    except AppError as exc:
        await session.rollback()
        return await _page(
            request,
            session,
            user,
            status=exc.status_code,
            error=exc.message,
            form_name=name,
            form_scopes=scopes,
            expires=expires_text,
        )
    record = created.record
    await record_page_event(
        session,
        request,
        user,
        "api_key.created",
        target_kind="api_key",
        target_id=record.id,
        target_label=f"{record.name} ({record.prefix}…)",
        detail={"scopes": record.scopes},
    )
    await set_flash(session, request, {"kind": "api_key", "name": record.name, "key": created.key})
    return RedirectResponse(PAGE, status_code=303)


@router.post("/api-keys/{key_id}/revoke")
async def revoke_key(
    key_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    keys = await list_api_keys(
        session,
        organization_id=user.organization_id,
        created_by_user_id=None if user.is_admin else user.id,
    )
    if key_id not in {k.id for k in keys}:
        raise PageError(404, "No such API key.")
    record = await revoke_api_key(session, key_id=key_id, organization_id=user.organization_id)
    await record_page_event(
        session,
        request,
        user,
        "api_key.revoked",
        target_kind="api_key",
        target_id=record.id,
        target_label=f"{record.name} ({record.prefix}…)",
    )
    await checkpoint(session)  # revoked in the database before the cache forgets the key
    app_state(request).api_keys.forget(record.id)
    return RedirectResponse(PAGE, status_code=303)
