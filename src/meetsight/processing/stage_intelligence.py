"""Stage `intelligence`: summary, next steps, topics, notes, insights and score from the
transcript, by the organization's engine (built-in, or an LLM with the built-in as fallback).

The engine runs on a worker thread outside any transaction; its results replace the previous
run's in one transaction (manual notes and chat history stay).
"""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

from meetsight.accounts.ingest import match_processed_activity
from meetsight.activities.models import Activity
from meetsight.db.unit_of_work import read_only
from meetsight.intelligence import engine_choice
from meetsight.intelligence.analytics_store import replace_question_counts
from meetsight.intelligence.builtin.spoken_questions import count_spoken_questions, unpunctuated
from meetsight.intelligence.loading import (
    load_categories,
    load_conversation,
    objectives_from_settings,
)
from meetsight.jobs.errors import PermanentError
from meetsight.organizations.models import Organization
from meetsight.processing.engine_results import store_engine_results
from meetsight.processing.pipeline import StageContext
from meetsight.trends.rows import refresh_conversation_metrics


class IntelligenceStage:
    """For every activity, imported transcripts included."""

    name = "intelligence"
    emits: tuple[str, ...] = ("summary_done", "notes_done")

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return True

    async def run(self, sc: StageContext) -> None:
        settings = sc.job.require_services().settings
        org_id = sc.activity.organization_id
        async with read_only(sc.job.sessionmaker) as session:
            # Reloaded: the transcribe stage may have set the language since the job started.
            activity = await session.get(Activity, (org_id, sc.activity.id))
            if activity is None:
                raise PermanentError("The activity was deleted while it was processed")
            session.expunge(activity)
            conversation = await load_conversation(session, activity)
            categories = await load_categories(session, org_id)
            org = await session.get(Organization, org_id)
            org_settings = org.settings if org is not None else None
        engine = engine_choice.engine_for(settings, org_settings)
        specs = [spec for _, spec in categories]
        objectives = objectives_from_settings(org_settings)
        result = await asyncio.to_thread(
            engine_choice.analyze, engine, conversation, specs, objectives
        )
        turns = [(line.speaker, line.text) for line in conversation.lines]
        spoken = None
        if unpunctuated([text for _, text in turns]):  # ASR text: "?" counted nothing at import
            spoken = await asyncio.to_thread(count_spoken_questions, turns)
        if engine_choice.wants_llm_without_endpoint(settings, org_settings):
            result = dataclasses.replace(
                result, engine_error="llm: MEETSIGHT_LLM_BASE_URL is not set; built-in results"
            )
        async with sc.transaction() as session:
            await store_engine_results(
                session, activity, result, {spec.key: row.id for row, spec in categories}
            )
            if spoken is not None:
                await replace_question_counts(session, org_id, activity.id, spoken)
                await refresh_conversation_metrics(session, org_id, activity.id)
            await match_processed_activity(session, org_id, activity.id)
