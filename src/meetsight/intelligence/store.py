"""Writing an engine's results for one activity, replacing the previous run's. Manual notes and
the chat history belong to users and are never touched here; the next steps' rows
(`accounts`) and the trends row (`trends`) follow in
`processing.engine_results.store_engine_results`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.activities.updates import update_activity
from meetsight.intelligence import repository
from meetsight.intelligence.models import ActivityScore, ActivitySummary, Note
from meetsight.intelligence.results import Intelligence, NextStep


def next_step_json(step: NextStep) -> dict[str, Any]:
    # `deadline` is free-form in the spec: the resolved date when there is one (what a CRM
    # task needs), else the words as said; both are kept.
    return {
        "action": step.action,
        "actors": list(step.actors),
        "deadline": step.due.isoformat() if step.due else step.deadline,
        "deadlineText": step.deadline,
        "line": step.line,
    }


async def store_intelligence(
    session: AsyncSession,
    activity: Activity,
    result: Intelligence,
    category_ids: Mapping[str, str],
) -> None:
    """``category_ids`` maps a category key to its row id; notes of unknown keys are dropped."""
    org_id, activity_id = activity.organization_id, activity.id
    await repository.delete_engine_results(session, org_id, activity_id)
    session.add(
        ActivitySummary(
            organization_id=org_id,
            activity_id=activity_id,
            summary=result.summary,
            ai_opinion=result.ai_opinion,
            next_steps=[next_step_json(s) for s in result.next_steps],
            topics=[
                {"title": t.title, "description": t.description, "lines": list(t.lines)}
                for t in result.topics
            ],
            insights=result.insights,
            engine=result.engine,
            engine_error=result.engine_error,
        )
    )
    for note in result.notes:
        category_id = category_ids.get(note.category_key)
        if category_id is None:
            continue
        session.add(
            Note(
                organization_id=org_id,
                activity_id=activity_id,
                smart_category_id=category_id,
                tag=note.tag,
                content=note.content,
                priority=note.priority,
                is_manual=False,
                start_timestamp=note.start,
                end_timestamp=note.end,
            )
        )
    card = result.scorecard
    session.add(
        ActivityScore(
            organization_id=org_id,
            activity_id=activity_id,
            score=card.score,
            justification=card.justification,
            objectives=[
                {"objective": o.objective, "score": o.score, "explanation": o.explanation}
                for o in card.objectives
            ],
        )
    )
    await update_activity(session, org_id, activity_id, ai_score=card.score)
