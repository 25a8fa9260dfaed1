"""The processing of one activity, as a list of stages run by a worker (the list, in order:
`processing/stages.py`).

Each stage computes outside any transaction (recognition takes minutes; SQLite must not be
locked meanwhile), then writes its result and marks itself done in one short transaction. A job
taken over after a crash skips the stages already marked done and re-runs the interrupted one,
whose writes replace rather than add, so the activity ends with one result either way.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.activities.status import Announced, transition_status
from meetsight.db.unit_of_work import read_only, unit_of_work
from meetsight.jobs import claims
from meetsight.jobs.context import JobContext
from meetsight.jobs.errors import LeaseLost
from meetsight.observability.metrics import observe_stage_timings
from meetsight.transcripts.importing import stored_segments
from meetsight.transcripts.types import SegmentData

log = logging.getLogger("meetsight.pipeline")


@dataclass
class StageContext:
    job: JobContext
    activity: Activity  # detached snapshot as the stage started
    payload: dict[str, Any] = field(default_factory=dict)
    stage: str = ""
    started: float = 0.0  # perf_counter at the stage's start
    emits: tuple[str, ...] = ()  # webhook statuses this stage's completion announces
    # What one stage read that a later one of the same run reads too (not kept with the job).
    shared: dict[str, Any] = field(default_factory=dict)

    @property
    def org_id(self) -> str:
        return self.job.claim.organization_id

    async def segments(self) -> list[SegmentData]:
        """The activity's segments as stored (times to the millisecond), read once a run:
        `transcribe` writes them, `index` and `analytics` both read them."""
        if "segments" not in self.shared:
            async with read_only(self.job.sessionmaker) as session:
                self.shared["segments"] = await stored_segments(
                    session, self.org_id, self.activity.id
                )
        segments: list[SegmentData] = self.shared["segments"]
        return segments

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """The stage's writes, committed together with the mark that the stage is done."""
        async with unit_of_work(self.job.sessionmaker) as session:
            yield session
            done = [*self.payload.get("done", []), self.stage]
            # Seconds per stage, kept with the job: benchmarks/pipeline.py reads them.
            timings = {
                **self.payload.get("timings", {}),
                self.stage: round(time.perf_counter() - self.started, 3),
            }
            payload = {**self.payload, "done": done, "timings": timings}
            announced = Announced(self.activity.is_call, self.activity.name)
            for status in self.emits:  # with the stage's mark: announced once, never early
                await transition_status(
                    session, self.org_id, self.activity.id, status, activity=announced
                )
            if not await claims.save_progress(session, self.job.claim, payload):
                await session.rollback()
                raise LeaseLost(self.job.claim.job_id)
            self.payload = payload

    async def save_payload(self, **changes: Any) -> None:
        """Write changes to the job's payload now, in a transaction of their own (a counter
        that must survive this process dying before the stage ends)."""
        payload = {**self.payload, **changes}
        async with unit_of_work(self.job.sessionmaker) as session:
            if not await claims.save_progress(session, self.job.claim, payload):
                await session.rollback()
                raise LeaseLost(self.job.claim.job_id)
        self.payload = payload


class Stage(Protocol):
    """One step of an activity's processing: `run` computes outside any transaction and
    writes its result through `sc.transaction()`, which marks it done."""

    name: str  # its mark in the job's payload ("done") and its metrics label
    emits: tuple[str, ...]  # statuses announced when done, even when skipped (an import's)

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        """False: the stage is skipped (marked done without running)."""
        ...

    async def run(self, sc: StageContext) -> None: ...


async def _load_activity(ctx: JobContext) -> Activity | None:
    claim = ctx.claim
    if claim.activity_id is None:
        return None
    async with read_only(ctx.sessionmaker) as session:
        activity = await session.get(Activity, (claim.organization_id, claim.activity_id))
        if activity is not None:
            session.expunge(activity)
        return activity


async def run_stages(ctx: JobContext, stages: Sequence[Stage]) -> None:
    """Run what is left of the stages, then mark the activity completed and the job done."""
    payload = dict(ctx.claim.payload)
    shared: dict[str, Any] = {}
    for stage in stages:
        if stage.name in payload.get("done", []):
            continue
        activity = await _load_activity(ctx)
        if activity is None:
            break  # deleted meanwhile: nothing left to process
        started = time.perf_counter()
        sc = StageContext(
            job=ctx,
            activity=activity,
            payload=payload,
            stage=stage.name,
            started=started,
            emits=stage.emits,
            shared=shared,
        )
        applies = stage.applies(activity, payload)
        timings_before = dict(payload.get("timings", {}))  # stages may add to the dict in place
        if applies:
            await stage.run(sc)
        if stage.name not in sc.payload.get("done", []):
            async with sc.transaction():
                pass  # a stage that had nothing to write is still done
        if applies:
            observe_stage_timings(timings_before, sc.payload.get("timings", {}))
        payload = sc.payload
        log.info(
            "job %s: stage %s %s in %.2f s",
            ctx.claim.job_id,
            stage.name,
            "done" if applies else "skipped",
            time.perf_counter() - started,
        )
    async with unit_of_work(ctx.sessionmaker) as session:
        if not await claims.finish(session, ctx.claim):
            raise LeaseLost(ctx.claim.job_id)
        if ctx.claim.activity_id:
            await transition_status(
                session, ctx.claim.organization_id, ctx.claim.activity_id, "completed"
            )
