"""Managing an organization's webhook endpoints and reading their delivery log. Functions flush;
the caller commits (with its audit event, for the settings pages)."""

from __future__ import annotations

import secrets
from collections import defaultdict
from typing import Any

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.base import utcnow
from meetsight.errors import Conflict, NotFound, ValidationFailed
from meetsight.security.address_policy import TargetError, checked_target
from meetsight.timefmt import iso_z
from meetsight.webhooks import repository
from meetsight.webhooks.models import WebhookEndpoint
from meetsight.webhooks.schemas import WebhookCreate, WebhookUpdate

MAX_ENDPOINTS = 20
NOT_FOUND = "Webhook not found"


def new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(32)


def check_url(url: str, *, allow_private: bool) -> str:
    """The URL if deliveries may go there, else a 422 naming the field. Host names are checked
    again, resolved, at every delivery (`sender`); here only what is certain without DNS, by
    the same policy."""
    try:
        target = checked_target(url, allow_private=allow_private)
    except TargetError as exc:
        raise ValidationFailed(f"url: {exc}") from None
    return str(target.url)


def serialize_endpoint(row: WebhookEndpoint, *, with_secret: bool = False) -> dict[str, Any]:
    return {
        "id": row.id,
        "url": row.url,
        "events": list(row.events or []),
        "active": row.active,
        "description": row.description,
        "secret": row.secret if with_secret else None,
        "createdAt": iso_z(row.created_at),
        "updatedAt": iso_z(row.updated_at),
    }


async def list_endpoints(
    session: AsyncSession, org_id: str, *, limit: int, offset: int
) -> tuple[list[WebhookEndpoint], int]:
    return await repository.page_endpoints(session, org_id, limit=limit, offset=offset)


async def require_endpoint(session: AsyncSession, org_id: str, endpoint_id: str) -> WebhookEndpoint:
    """The endpoint, or 404 when it is missing or another organization's."""
    row = None
    if len(endpoint_id) <= 64 and "\x00" not in endpoint_id:
        row = await repository.get_endpoint(session, org_id, endpoint_id)
    if row is None:
        raise NotFound(NOT_FOUND)
    return row


async def create_endpoint(
    session: AsyncSession, org_id: str, body: WebhookCreate, *, allow_private: bool
) -> WebhookEndpoint:
    url = check_url(body.url, allow_private=allow_private)
    if await repository.count_endpoints(session, org_id) >= MAX_ENDPOINTS:
        raise Conflict(f"An organization can have at most {MAX_ENDPOINTS} webhooks")
    row = WebhookEndpoint(
        organization_id=org_id,
        url=url,
        secret=body.secret or new_secret(),
        events=body.events,
        active=body.active,
        description=body.description,
    )
    session.add(row)
    await session.flush()
    return row


async def update_endpoint(
    session: AsyncSession,
    org_id: str,
    endpoint_id: str,
    body: WebhookUpdate,
    *,
    allow_private: bool,
) -> WebhookEndpoint:
    row = await require_endpoint(session, org_id, endpoint_id)
    changes = body.model_dump(exclude_unset=True)
    if "url" in changes:
        changes["url"] = check_url(changes["url"], allow_private=allow_private)
    for field, value in changes.items():
        setattr(row, field, value)
    row.updated_at = utcnow()
    await session.flush()
    return row


async def delete_endpoint(session: AsyncSession, org_id: str, endpoint_id: str) -> None:
    """The endpoint and its delivery log; queued deliveries find nothing and end quietly."""
    row = await require_endpoint(session, org_id, endpoint_id)
    await repository.delete_delivery_log(session, org_id, row.id)
    await session.delete(row)
    await session.flush()


async def list_deliveries(
    session: AsyncSession, org_id: str, endpoint_id: str, *, limit: int, offset: int
) -> tuple[list[dict[str, Any]], int]:
    """The endpoint's deliveries, newest first, each with its attempts."""
    endpoint = await require_endpoint(session, org_id, endpoint_id)
    deliveries, total = await repository.page_deliveries(
        session, org_id, endpoint.id, limit=limit, offset=offset
    )
    attempts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    if deliveries:
        rows = await repository.attempts_of(session, org_id, [d.id for d in deliveries])
        for a in rows:
            attempts[a.delivery_id].append(
                {
                    "attempt": a.attempt,
                    "statusCode": a.status_code,
                    "error": a.error,
                    "durationMs": a.duration_ms,
                    "createdAt": iso_z(a.created_at),
                }
            )
    items = [
        {
            "id": d.id,
            "event": d.event,
            "state": d.state,
            "attempts": d.attempts,
            "nextAttemptAt": iso_z(d.next_attempt_at),
            "deliveredAt": iso_z(d.delivered_at),
            "createdAt": iso_z(d.created_at),
            "payload": orjson.loads(d.body),
            "log": attempts[d.id],
        }
        for d in deliveries
    ]
    return items, total
