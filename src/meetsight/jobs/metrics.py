"""Queue gauges, read from the jobs table when /metrics is scraped: every API process reports
the same shared queue (a Prometheus query takes max() over them)."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from prometheus_client import CollectorRegistry, Gauge
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import read_only
from meetsight.jobs.models import Job
from meetsight.jobs.queue import PROCESS_ACTIVITY

QUEUE_REGISTRY = CollectorRegistry(auto_describe=True)
QUEUE_DEPTH = Gauge(
    "meetsight_job_queue_depth",
    "Jobs in the queue by kind and state: due (runnable now), delayed (waiting for a retry), "
    "running (leased), abandoned (running with an expired lease: runnable again)",
    ["kind", "state"],
    registry=QUEUE_REGISTRY,
)
QUEUE_OLDEST_AGE = Gauge(
    "meetsight_job_queue_oldest_age_seconds",
    "Seconds since the longest-waiting due job became runnable (0 when none waits)",
    ["kind"],
    registry=QUEUE_REGISTRY,
)
STATES = ("due", "delayed", "running", "abandoned")
_kinds_seen: set[str] = {PROCESS_ACTIVITY}  # reported as 0 once empty, not left stale


async def refresh_queue_gauges(sessionmaker: async_sessionmaker[AsyncSession]) -> None:
    now = utcnow()
    due = sa.case((Job.run_at <= now, 1), else_=0)
    expired = sa.case((Job.lease_until < now, 1), else_=0)
    query = (
        sa.select(
            Job.kind,
            Job.state,
            sa.func.count(),
            sa.func.sum(due),
            sa.func.sum(expired),
            sa.func.min(sa.case((Job.run_at <= now, Job.run_at))),
        )
        .where(Job.state.in_(("queued", "running")))
        .group_by(Job.kind, Job.state)
    )
    async with read_only(sessionmaker) as session:
        rows = (await session.execute(query)).all()
    depth = {(kind, state): 0 for kind in _kinds_seen for state in STATES}
    oldest: dict[str, float] = dict.fromkeys(_kinds_seen, 0.0)
    for kind, state, total, n_due, n_expired, first_due in rows:
        _kinds_seen.add(kind)
        if state == "queued":
            depth[(kind, "due")] = int(n_due or 0)
            depth[(kind, "delayed")] = int(total) - int(n_due or 0)
            if first_due is not None:
                oldest[kind] = max(0.0, (now - _aware(first_due, now)).total_seconds())
        else:
            depth[(kind, "abandoned")] = int(n_expired or 0)
            depth[(kind, "running")] = int(total) - int(n_expired or 0)
    for (kind, state), count in depth.items():
        QUEUE_DEPTH.labels(kind, state).set(count)
    for kind in _kinds_seen:
        QUEUE_OLDEST_AGE.labels(kind).set(oldest.get(kind, 0.0))


def _aware(value: datetime | str, now: datetime) -> datetime:
    """SQLite may hand an aggregate back as text; compare in the timezone of `now`."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo is not None else value.replace(tzinfo=now.tzinfo)
