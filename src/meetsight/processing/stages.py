"""The stages of an activity's processing, in order: the one list `run_stages` walks.

A new stage is a class with `name`, `emits`, `applies` and `run` (`pipeline.Stage`) in its own
`stage_<name>.py`, put into this list where its inputs are written (docs/architecture.md).
"""

from __future__ import annotations

from meetsight.jobs.context import JobContext
from meetsight.processing.pipeline import Stage, run_stages
from meetsight.processing.stage_analytics import AnalyticsStage
from meetsight.processing.stage_fetch import FetchStage
from meetsight.processing.stage_index import IndexStage
from meetsight.processing.stage_intelligence import IntelligenceStage
from meetsight.processing.stage_media import MediaStage
from meetsight.processing.stage_trackers import TrackersStage
from meetsight.processing.stage_transcribe import TranscribeStage

# An imported transcript already holds its segments, index and analytics: the stages from
# `media` to `analytics` skip it.
ACTIVITY_STAGES: tuple[Stage, ...] = (
    FetchStage(),  # a mediaUrl into the media store
    MediaStage(),  # duration, thumbnail
    TranscribeStage(),  # recognition, speakers (diarized and matched to participants), segments
    IndexStage(),  # search index and sentence vectors
    AnalyticsStage(),  # talk analytics; announces transcript_done
    IntelligenceStage(),  # summary, notes, insights; announces summary_done, notes_done
    TrackersStage(),  # tracker mentions, reading intelligence's insights
)


async def process_activity(ctx: JobContext) -> None:
    await run_stages(ctx, ACTIVITY_STAGES)
