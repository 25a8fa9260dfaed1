"""Events and how they are emitted: a delivery row and a job per subscribed endpoint, written in
the transaction of the change they report, so an event is never lost nor sent for a change that
was rolled back."""

from __future__ import annotations

from typing import Final

import orjson
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.base import utcnow
from meetsight.ids import new_id
from meetsight.jobs.models import Job
from meetsight.timefmt import iso_z
from meetsight.webhooks import repository
from meetsight.webhooks.models import WebhookDelivery
from meetsight.webhooks.names import EVENTS, MEETING_STATUS_CHANGED, STATUSES

__all__ = ["DELIVER_WEBHOOK", "EVENTS", "MEETING_STATUS_CHANGED", "STATUSES", "emit_status"]

DELIVER_WEBHOOK: Final = "deliver_webhook"
# The delivery handler decides when to give up (settings.webhook_retry_delays) and never raises
# for a failed attempt; this bound only stops a job whose worker keeps dying while it runs.
MAX_JOB_CLAIMS: Final = 30


def status_payload(
    delivery_id: str,
    *,
    is_call: bool,
    activity_id: str,
    status: str,
    name: str | None,
    failure_reason: str | None,
) -> bytes:
    occurred = iso_z(utcnow())
    data = {
        "objectType": "call" if is_call else "meeting",
        "callId" if is_call else "meetingId": activity_id,
        "status": status,
        "name": name,
        "failureReason": failure_reason,
    }
    body = {"id": delivery_id, "event": MEETING_STATUS_CHANGED, "createdAt": occurred, "data": data}
    return orjson.dumps(body)


async def emit_status(
    session: AsyncSession,
    organization_id: str,
    *,
    activity_id: str,
    is_call: bool,
    status: str,
    name: str | None = None,
    failure_reason: str | None = None,
) -> int:
    """Queue `meeting_status_changed` to every active endpoint of the organization that
    subscribes to it, in the caller's transaction; returns how many deliveries were queued."""
    if status not in STATUSES:
        raise ValueError(f"unknown status {status!r}")
    endpoints = await repository.subscriptions(session, organization_id)
    queued = 0
    for endpoint_id, events in endpoints:
        if MEETING_STATUS_CHANGED not in (events or ()):
            continue
        delivery_id = new_id()
        body = status_payload(
            delivery_id,
            is_call=is_call,
            activity_id=activity_id,
            status=status,
            name=name,
            failure_reason=failure_reason,
        )
        session.add(
            WebhookDelivery(
                id=delivery_id,
                organization_id=organization_id,
                endpoint_id=endpoint_id,
                event=MEETING_STATUS_CHANGED,
                body=body.decode(),
                next_attempt_at=utcnow(),
            )
        )
        # No activity_id on the job: a delivery outlives a deleted activity, and a failed
        # delivery must never mark its activity failed.
        session.add(
            Job(
                organization_id=organization_id,
                kind=DELIVER_WEBHOOK,
                payload={"delivery_id": delivery_id},
                max_attempts=MAX_JOB_CLAIMS,
            )
        )
        queued += 1
    if queued:
        await session.flush()
    return queued
