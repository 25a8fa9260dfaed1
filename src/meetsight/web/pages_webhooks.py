"""/settings/webhooks: owners and admins create endpoints (the secret shown once), turn them on
and off, rotate the secret, delete them, and read each endpoint's delivery log."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from starlette.responses import RedirectResponse, Response

from meetsight.deps import DbSession, app_state
from meetsight.errors import AppError, NotFound, ValidationFailed
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.flash import pop_flash, set_flash
from meetsight.web.forms import field
from meetsight.web.pages_api_keys import record_page_event
from meetsight.web.sessions import WebUser, require_admin
from meetsight.web.templating import render
from meetsight.webhooks import service
from meetsight.webhooks.models import WebhookEndpoint
from meetsight.webhooks.names import EVENTS, STATUSES
from meetsight.webhooks.schemas import WebhookCreate, WebhookUpdate

router = APIRouter(
    prefix="/settings", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
PAGE = "/settings/webhooks"
LOG_SIZE = 25


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(p) for p in error.get("loc", ())) or "form"
    return f"{where}: {error.get('msg', 'invalid')}"


async def _page(
    request: Request, session: DbSession, user: WebUser, *, status: int = 200, **extra: Any
) -> Response:
    shown = await pop_flash(session, request)
    hooks, _ = await service.list_endpoints(
        session, user.organization_id, limit=service.MAX_ENDPOINTS, offset=0
    )
    values: dict[str, Any] = {"error": None, "form_url": "", "form_description": ""}
    values.update(extra)
    return render(
        request,
        "webhooks.html",
        status_code=status,
        hooks=hooks,
        new_secret=shown if shown and shown.get("kind") == "webhook_secret" else None,
        events=EVENTS,
        statuses=STATUSES,
        **values,
    )


async def _own(session: DbSession, user: WebUser, webhook_id: str) -> WebhookEndpoint:
    try:
        return await service.require_endpoint(session, user.organization_id, webhook_id)
    except NotFound:
        raise PageError(404, "No such webhook.") from None


@router.get("/webhooks")
async def webhooks_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    return await _page(request, session, user)


@router.post("/webhooks")
async def create_webhook(
    request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    form = await request.form()
    url = field(form, "url", max_length=2100)
    description = field(form, "description", max_length=600)
    try:
        try:
            body = WebhookCreate(url=url, description=description or None)
        except ValidationError as exc:
            raise ValidationFailed(_first_error(exc)) from None
        settings = app_state(request).settings
        row = await service.create_endpoint(
            session, user.organization_id, body, allow_private=settings.webhook_allow_private
        )
    except AppError as exc:
        await session.rollback()
        return await _page(
            request,
            session,
            user,
            status=exc.status_code,
            error=exc.message,
            form_url=url,
            form_description=description,
        )
    await record_page_event(
        session,
        request,
        user,
        "webhook.created",
        target_kind="webhook",
        target_id=row.id,
        target_label=row.url,
    )
    flash = {"kind": "webhook_secret", "url": row.url, "secret": row.secret}
    await set_flash(session, request, flash)
    return RedirectResponse(PAGE, status_code=303)


@router.post("/webhooks/{webhook_id}/active")
async def switch_webhook(
    webhook_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    form = await request.form()
    row = await _own(session, user, webhook_id)
    active = field(form, "active") == "true"
    settings = app_state(request).settings
    await service.update_endpoint(
        session,
        user.organization_id,
        row.id,
        WebhookUpdate(active=active),
        allow_private=settings.webhook_allow_private,
    )
    await record_page_event(
        session,
        request,
        user,
        "webhook.changed",
        target_kind="webhook",
        target_id=row.id,
        target_label=row.url,
        detail={"active": active},
    )
    return RedirectResponse(PAGE, status_code=303)


@router.post("/webhooks/{webhook_id}/rotate")
async def rotate_secret(
    webhook_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    row = await _own(session, user, webhook_id)
    settings = app_state(request).settings
    await service.update_endpoint(
        session,
        user.organization_id,
        row.id,
        WebhookUpdate(secret=service.new_secret()),
        allow_private=settings.webhook_allow_private,
    )
    await record_page_event(
        session,
        request,
        user,
        "webhook.rotated",
        target_kind="webhook",
        target_id=row.id,
        target_label=row.url,
    )
    await set_flash(
        session, request, {"kind": "webhook_secret", "url": row.url, "secret": row.secret}
    )
    return RedirectResponse(PAGE, status_code=303)


@router.post("/webhooks/{webhook_id}/delete")
async def delete_webhook(
    webhook_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    row = await _own(session, user, webhook_id)
    url = row.url
    await service.delete_endpoint(session, user.organization_id, row.id)
    await record_page_event(
        session,
        request,
        user,
        "webhook.deleted",
        target_kind="webhook",
        target_id=webhook_id,
        target_label=url,
    )
    return RedirectResponse(PAGE, status_code=303)


@router.get("/webhooks/{webhook_id}")
async def delivery_log_page(
    webhook_id: str, request: Request, session: DbSession, user: WebUser = Depends(require_admin)
) -> Response:
    row = await _own(session, user, webhook_id)
    deliveries, total = await service.list_deliveries(
        session, user.organization_id, row.id, limit=LOG_SIZE, offset=0
    )
    return render(request, "webhook_log.html", hook=row, deliveries=deliveries, total=total)
