"""Stage `analytics`: the transcript's talk analytics (participation, questions, talk-to-listen
ratio against the internal participants), replacing any earlier run's. After `transcribe`; it
announces `transcript_done`, so that a transcript is announced once it is stored, indexed and
measured, as when the three were one transaction."""

from __future__ import annotations

from typing import Any

from meetsight.activities import participants_repository
from meetsight.activities.models import Activity
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.processing.pipeline import StageContext
from meetsight.processing.stage_media import has_media
from meetsight.trends.rows import refresh_conversation_metrics


class AnalyticsStage:
    """Not for an imported transcript, whose analytics the upload stored; its `transcript_done`
    is announced all the same."""

    name = "analytics"
    emits: tuple[str, ...] = ("transcript_done",)

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return has_media(activity, payload)

    async def run(self, sc: StageContext) -> None:
        segments = await sc.segments()
        async with sc.transaction() as session:
            internal = await participants_repository.internal_names(
                session, sc.org_id, sc.activity.id
            )
            await store_analytics(
                session, sc.org_id, sc.activity.id, segments, internal_speakers=internal
            )
            await refresh_conversation_metrics(session, sc.org_id, sc.activity.id)
