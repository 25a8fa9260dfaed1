"""The `deliver_webhook` job: one attempt per claim, logged, retried on its own schedule.

The handler records every attempt and decides the job's next state in one transaction: done
(2xx), queued again after the next delay of `settings.webhook_retry_delays`, or failed when the
schedule is spent or the address policy refuses the host. It raises for nothing an endpoint
does, so the worker's generic retry (minutes apart) never applies to deliveries. A worker that
dies after the POST but before the commit leaves the job to be claimed again: delivery is at
least once, and receivers deduplicate on the `Meetsight-Delivery` id.
"""

from __future__ import annotations

import random
from datetime import timedelta

from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import read_only, unit_of_work
from meetsight.jobs import claims
from meetsight.jobs.context import JobContext
from meetsight.jobs.errors import LeaseLost
from meetsight.webhooks import repository
from meetsight.webhooks.models import WebhookAttempt, WebhookDelivery
from meetsight.webhooks.sender import AttemptResult, send_delivery

JITTER = 0.1  # each delay varies by up to 10 %, so endpoints that failed together spread out


def retry_delay(delays: list[float], attempt: int, rng: random.Random | None = None) -> float:
    """Seconds to wait after failed attempt number `attempt` (1-based)."""
    base = delays[min(attempt, len(delays)) - 1]
    return base * (1 - JITTER + 2 * JITTER * (rng or random).random())


async def deliver_webhook(ctx: JobContext) -> None:
    settings = ctx.require_services().settings
    org_id = ctx.claim.organization_id
    delivery_id = str(ctx.claim.payload.get("delivery_id", ""))
    async with read_only(ctx.sessionmaker) as session:
        found = await repository.delivery_with_endpoint(session, org_id, delivery_id)
    if found is None or found[0].state != "pending":
        return  # the endpoint was deleted (its deliveries with it), or already delivered
    delivery, endpoint = found
    attempt = delivery.attempts + 1
    if not endpoint.active:
        result = AttemptResult(None, "The endpoint is disabled", 0.0, refused=True)
    else:
        result = await send_delivery(
            endpoint.url,
            secret=endpoint.secret,
            body=delivery.body.encode(),
            delivery_id=delivery.id,
            event=delivery.event,
            allow_private=settings.webhook_allow_private,
            timeout_seconds=settings.webhook_timeout_seconds,
        )
    delays = settings.webhook_retry_delays
    gives_up = result.refused or attempt > len(delays)
    await _record(
        ctx, delivery, attempt, result, None if gives_up else retry_delay(delays, attempt)
    )


async def _record(
    ctx: JobContext,
    delivery: WebhookDelivery,
    attempt: int,
    result: AttemptResult,
    delay: float | None,
) -> None:
    """The attempt, the delivery's state and the job's, together."""
    claim = ctx.claim
    now = utcnow()
    async with unit_of_work(ctx.sessionmaker) as session:
        if result.ok:
            held = await claims.finish(session, claim)
            values = {"state": "delivered", "delivered_at": now, "next_attempt_at": None}
        elif delay is None:
            held = await claims.fail(session, claim, result.error or "failed")
            values = {"state": "failed", "next_attempt_at": None}
        else:
            held = await claims.retry_after(session, claim, result.error or "failed", seconds=delay)
            values = {"next_attempt_at": now + timedelta(seconds=delay)}
        if not held:
            await session.rollback()
            raise LeaseLost(claim.job_id)
        session.add(
            WebhookAttempt(
                organization_id=delivery.organization_id,
                delivery_id=delivery.id,
                attempt=attempt,
                status_code=result.status_code,
                error=result.error,
                duration_ms=result.duration_ms,
                created_at=now,
            )
        )
        await repository.update_delivery(
            session,
            delivery.organization_id,
            delivery.id,
            attempts=attempt,
            updated_at=now,
            **values,
        )
