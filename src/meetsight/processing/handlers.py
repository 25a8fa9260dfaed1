"""Which code runs each kind of job."""

from __future__ import annotations

from meetsight.processing.pipeline import Stage, run_stages
from meetsight.processing.queue import PROCESS_ACTIVITY
from meetsight.processing.worker import Handler, JobContext

# Recognition, speaker attribution, intelligence and search indexing join this list as they land;
# an imported transcript already holds its segments, so an empty list completes it.
ACTIVITY_STAGES: list[Stage] = []


async def process_activity(ctx: JobContext) -> None:
    await run_stages(ctx, ACTIVITY_STAGES)


def job_handlers() -> dict[str, Handler]:
    return {PROCESS_ACTIVITY: process_activity}
