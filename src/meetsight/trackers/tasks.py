"""The `index_tracker` job: one tracker's mentions over every activity of its organization,
after it is created or its keywords or examples change.

Batches of activities in id order, one transaction each, with the last id reached saved in the
job's payload in that transaction: a job taken over after a crash resumes where it stopped. A
job whose tracker was changed again (its version moved on) or deleted stops: the newer job
does the work. The tracker is marked indexed at its version when the walk ends.

`tracker_id` "builtin" re-derives the built-in trackers' mentions from every activity's stored
insights (`meetsight trackers reindex`: conversations processed before trackers existed).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.db.unit_of_work import read_only, unit_of_work
from meetsight.errors import NotFound
from meetsight.jobs import claims
from meetsight.jobs.context import JobContext
from meetsight.jobs.errors import LeaseLost
from meetsight.jobs.models import Job
from meetsight.organizations.models import Organization
from meetsight.trackers import repository
from meetsight.trackers.builtin import BUILTIN_TRACKERS
from meetsight.trackers.indexing import (
    ActivityInput,
    ActivityOutput,
    TrackerSpec,
    compute_activity,
    load_inputs,
    matches_by_meaning,
    store_outputs,
)
from meetsight.trackers.indexing_repository import activity_batch
from meetsight.trackers.models import Tracker

INDEX_TRACKER: Final = "index_tracker"
BUILTINS: Final = "builtin"  # the tracker_id of a job over the built-in trackers


async def enqueue_index(session: AsyncSession, tracker: Tracker) -> None:
    """Queue the indexing of the tracker at its current version, in the caller's transaction."""
    await _enqueue(session, tracker.organization_id, tracker.id, tracker.version)


async def enqueue_reindex_all(session: AsyncSession, org_id: str) -> int:
    """Queue the indexing of every tracker of the organization, built-ins included; returns
    how many jobs were queued (404 for an unknown organization)."""
    if await session.get(Organization, org_id) is None:
        raise NotFound("No organization with this id")
    await _enqueue(session, org_id, BUILTINS, 0)
    count = 1
    for tracker in await repository.all_trackers(session, org_id):
        tracker.version += 1  # "indexing" until the job ends
        await _enqueue(session, org_id, tracker.id, tracker.version)
        count += 1
    return count


async def _enqueue(session: AsyncSession, org_id: str, tracker_id: str, version: int) -> None:
    payload = {"tracker_id": tracker_id, "version": version, "after": ""}
    session.add(Job(organization_id=org_id, kind=INDEX_TRACKER, payload=payload))
    await session.flush()


async def index_tracker(ctx: JobContext) -> None:
    org_id = ctx.claim.organization_id
    payload: dict[str, Any] = dict(ctx.claim.payload)
    tracker_id, version = str(payload.get("tracker_id", "")), int(payload.get("version", 0))
    builtins = tracker_id == BUILTINS
    while True:
        async with read_only(ctx.sessionmaker) as session:
            specs: list[TrackerSpec] = []
            if not builtins:
                tracker = await session.get(Tracker, (org_id, tracker_id))
                if tracker is None or tracker.version != version:
                    return
                specs = [TrackerSpec.of(tracker)]
            batch = await activity_batch(session, org_id, after=str(payload.get("after", "")))
            inputs = await load_inputs(
                session,
                org_id,
                batch,
                with_insights=builtins,
                with_vectors=matches_by_meaning(specs),
            )
        if not batch:
            if not builtins:
                await _mark_indexed(ctx, tracker_id, version)
            return
        results = await asyncio.to_thread(_compute, inputs, specs, builtins)
        payload = {**payload, "after": batch[-1]}
        owned = [t.id for t in BUILTIN_TRACKERS] if builtins else [tracker_id]
        async with unit_of_work(ctx.sessionmaker) as session:
            await store_outputs(session, org_id, results, tracker_ids=owned)
            if not await claims.save_progress(session, ctx.claim, payload):
                await session.rollback()
                raise LeaseLost(ctx.claim.job_id)


def _compute(
    inputs: list[ActivityInput], specs: list[TrackerSpec], builtins: bool
) -> list[tuple[ActivityInput, ActivityOutput]]:
    return [(i, compute_activity(i, specs, with_builtins=builtins)) for i in inputs]


async def _mark_indexed(ctx: JobContext, tracker_id: str, version: int) -> None:
    async with unit_of_work(ctx.sessionmaker) as session:
        await repository.mark_indexed(session, ctx.claim.organization_id, tracker_id, version)
