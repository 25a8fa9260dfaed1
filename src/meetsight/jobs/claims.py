"""The durable job queue's operations: claim with a lease, heartbeat, finish, retry or fail.

A claim is a conditional UPDATE that only succeeds on a row still runnable, so two workers can
never both hold a job, on any engine; PostgreSQL also gets `FOR UPDATE SKIP LOCKED` so that
workers pick different rows instead of queueing behind each other. Every later write names the
claim (`worker_id` and `attempts`): a worker that lost its lease, because it stalled past it and
another worker took the job over, can no longer touch the job.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import unit_of_work
from meetsight.jobs.models import Job

CLAIM_BATCH = 8  # candidates looked at per claim; losing a race moves on to the next one
BACKOFF_BASE_SECONDS = 10.0
BACKOFF_MAX_SECONDS = 600.0


@dataclass(frozen=True, slots=True)
class Claim:
    """A job held by one worker until `lease_until`; its identity fences later writes."""

    job_id: str
    organization_id: str
    activity_id: str | None
    kind: str
    payload: dict[str, Any]
    attempts: int
    max_attempts: int
    worker_id: str


def _runnable(now: datetime) -> Any:
    queued = sa.and_(Job.state == "queued", Job.run_at <= now)
    abandoned = sa.and_(Job.state == "running", Job.lease_until < now)
    return sa.or_(queued, abandoned)


async def claim_next(
    sessionmaker: async_sessionmaker[AsyncSession],
    worker_id: str,
    *,
    lease_seconds: float,
    kinds: tuple[str, ...] | None = None,
) -> Claim | None:
    """Take the oldest runnable job (queued and due, or running with an expired lease)."""
    async with unit_of_work(sessionmaker) as session:
        now = utcnow()
        query = (
            sa.select(Job.id).where(_runnable(now)).order_by(Job.run_at, Job.id).limit(CLAIM_BATCH)
        )
        if kinds:
            query = query.where(Job.kind.in_(kinds))
        if session.get_bind().dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        candidates = list((await session.execute(query)).scalars())
        for job_id in candidates:
            claimed = await session.execute(
                sa.update(Job)
                .where(Job.id == job_id, _runnable(now))
                .values(
                    state="running",
                    worker_id=worker_id,
                    attempts=Job.attempts + 1,
                    lease_until=now + timedelta(seconds=lease_seconds),
                    updated_at=now,
                )
                .returning(
                    Job.organization_id,
                    Job.activity_id,
                    Job.kind,
                    Job.payload,
                    Job.attempts,
                    Job.max_attempts,
                )
            )
            row = claimed.first()
            if row is not None:
                return Claim(
                    job_id=job_id,
                    organization_id=row.organization_id,
                    activity_id=row.activity_id,
                    kind=row.kind,
                    payload=dict(row.payload or {}),
                    attempts=row.attempts,
                    max_attempts=row.max_attempts,
                    worker_id=worker_id,
                )
    return None


def _held(claim: Claim) -> Any:
    return sa.and_(
        Job.id == claim.job_id,
        Job.state == "running",
        Job.worker_id == claim.worker_id,
        Job.attempts == claim.attempts,
    )


async def heartbeat(
    sessionmaker: async_sessionmaker[AsyncSession], claim: Claim, *, lease_seconds: float
) -> bool:
    """Extend the lease; False when the job is no longer ours."""
    async with unit_of_work(sessionmaker) as session:
        now = utcnow()
        result = await session.execute(
            sa.update(Job)
            .where(_held(claim))
            .values(lease_until=now + timedelta(seconds=lease_seconds), updated_at=now)
        )
        return _changed(result)


async def save_progress(session: AsyncSession, claim: Claim, payload: dict[str, Any]) -> bool:
    """Record stage progress in the caller's transaction (with the stage's own writes)."""
    result = await session.execute(
        sa.update(Job).where(_held(claim)).values(payload=payload, updated_at=utcnow())
    )
    return _changed(result)


async def finish(session: AsyncSession, claim: Claim) -> bool:
    """Mark done in the caller's transaction; False (write nothing) when the claim was lost."""
    result = await session.execute(
        sa.update(Job)
        .where(_held(claim))
        .values(state="done", lease_until=None, last_error=None, updated_at=utcnow())
    )
    return _changed(result)


def backoff_seconds(attempts: int, rng: random.Random | None = None) -> float:
    """Exponential backoff with jitter: about 10 s, 20 s, 40 s... capped at 10 minutes."""
    base = min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** max(0, attempts - 1))
    return base * (0.75 + 0.5 * (rng or random).random())


async def retry_later(session: AsyncSession, claim: Claim, error: str) -> bool:
    """Put the job back in the queue after a transient error."""
    return await retry_after(session, claim, error, seconds=backoff_seconds(claim.attempts))


async def retry_after(session: AsyncSession, claim: Claim, error: str, *, seconds: float) -> bool:
    """Put the job back in the queue, runnable after `seconds` (a handler's own schedule)."""
    now = utcnow()
    result = await session.execute(
        sa.update(Job)
        .where(_held(claim))
        .values(
            state="queued",
            run_at=now + timedelta(seconds=seconds),
            lease_until=None,
            worker_id=None,
            last_error=error[:2000],
            updated_at=now,
        )
    )
    return _changed(result)


async def fail(session: AsyncSession, claim: Claim, error: str) -> bool:
    result = await session.execute(
        sa.update(Job)
        .where(_held(claim))
        .values(state="failed", lease_until=None, last_error=error[:2000], updated_at=utcnow())
    )
    return _changed(result)


async def release(sessionmaker: async_sessionmaker[AsyncSession], claim: Claim) -> None:
    """Give a job back untouched (a worker shutting down): runnable again at once, and the
    attempt it used does not count against it."""
    async with unit_of_work(sessionmaker) as session:
        await session.execute(
            sa.update(Job)
            .where(_held(claim))
            .values(
                state="queued",
                run_at=utcnow(),
                lease_until=None,
                worker_id=None,
                attempts=Job.attempts - 1,
            )
        )


def _changed(result: Any) -> bool:
    """Whether an UPDATE matched a row (its CursorResult's rowcount)."""
    return bool(cast(sa.CursorResult[Any], result).rowcount)
