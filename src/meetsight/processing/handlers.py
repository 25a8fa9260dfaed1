"""Which code runs each kind of job."""

from __future__ import annotations

from meetsight.jobs.context import Handler, JobContext
from meetsight.jobs.queue import PROCESS_ACTIVITY
from meetsight.processing.pipeline import Stage, run_stages
from meetsight.processing.stage_fetch import needs_fetch, run_fetch
from meetsight.processing.stage_intelligence import run_intelligence
from meetsight.processing.stage_media import has_media, run_media
from meetsight.processing.stage_trackers import run_trackers
from meetsight.processing.stage_transcribe import run_transcribe
from meetsight.trackers.tasks import INDEX_TRACKER, index_tracker
from meetsight.webhooks.delivery import deliver_webhook
from meetsight.webhooks.events import DELIVER_WEBHOOK

# In order. An imported transcript already holds its segments: the media stages skip it.
# Search indexing joins the list when it lands.
ACTIVITY_STAGES: list[Stage] = [
    Stage("fetch", run_fetch, needs_fetch),
    Stage("media", run_media, has_media),
    Stage("transcribe", run_transcribe, has_media, emits=("transcript_done",)),
    Stage("intelligence", run_intelligence, emits=("summary_done", "notes_done")),
    Stage("trackers", run_trackers),
]


async def process_activity(ctx: JobContext) -> None:
    await run_stages(ctx, ACTIVITY_STAGES)


def job_handlers() -> dict[str, Handler]:
    return {
        PROCESS_ACTIVITY: process_activity,
        DELIVER_WEBHOOK: deliver_webhook,
        INDEX_TRACKER: index_tracker,
    }
