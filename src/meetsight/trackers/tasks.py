"""The `index_tracker` job: one tracker's mentions over every activity of its organization,
after it is created or its keywords or examples change.

Batches of activities in id order, one transaction each, with the last id reached saved in the
job's payload in that transaction: a job taken over after a crash resumes where it stopped. A
job whose tracker was changed again (its version moved on) or deleted stops: the newer job
does the work. The tracker is marked indexed at its version when the walk ends.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.processing import jobs
from meetsight.processing.errors import LeaseLost
from meetsight.processing.models import Job
from meetsight.processing.worker import JobContext
from meetsight.trackers.indexing import (
    ActivityInput,
    ActivityOutput,
    TrackerSpec,
    activity_batch,
    compute_activity,
    load_inputs,
    store_outputs,
)
from meetsight.trackers.models import Tracker

INDEX_TRACKER: Final = "index_tracker"


async def enqueue_index(session: AsyncSession, tracker: Tracker) -> None:
    """Queue the indexing of the tracker at its current version, in the caller's transaction."""
    session.add(
        Job(
            organization_id=tracker.organization_id,
            kind=INDEX_TRACKER,
            payload={"tracker_id": tracker.id, "version": tracker.version, "after": ""},
        )
    )
    await session.flush()


async def index_tracker(ctx: JobContext) -> None:
    org_id = ctx.claim.organization_id
    payload: dict[str, Any] = dict(ctx.claim.payload)
    tracker_id, version = str(payload.get("tracker_id", "")), int(payload.get("version", 0))
    while True:
        async with ctx.sessionmaker() as session:
            tracker = await session.get(Tracker, (org_id, tracker_id))
            if tracker is None or tracker.version != version:
                return
            spec = TrackerSpec.of(tracker)
            batch = await activity_batch(session, org_id, after=str(payload.get("after", "")))
            inputs = await load_inputs(session, org_id, batch, with_insights=False)
        if not batch:
            await _mark_indexed(ctx, tracker_id, version)
            return
        results = await asyncio.to_thread(_compute, inputs, spec)
        payload = {**payload, "after": batch[-1]}
        async with ctx.sessionmaker() as session:
            await store_outputs(session, org_id, results, tracker_ids=[tracker_id])
            if not await jobs.save_progress(session, ctx.claim, payload):
                await session.rollback()
                raise LeaseLost(ctx.claim.job_id)
            await session.commit()


def _compute(
    inputs: list[ActivityInput], spec: TrackerSpec
) -> list[tuple[ActivityInput, ActivityOutput]]:
    return [(i, compute_activity(i, [spec], with_builtins=False)) for i in inputs]


async def _mark_indexed(ctx: JobContext, tracker_id: str, version: int) -> None:
    async with ctx.sessionmaker() as session:
        await session.execute(
            sa.update(Tracker)
            .where(
                Tracker.organization_id == ctx.claim.organization_id,
                Tracker.id == tracker_id,
                Tracker.version == version,
            )
            .values(indexed_version=version)
        )
        await session.commit()
