"""The queries behind a conversation's trends row (trends/rows.py): what it is computed from
(the activity and its owner, stored analytics, score, insights, internal participants) and the
delete of its rows. Each one is scoped by the organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.activities.participants_repository import person_of_participant
from meetsight.intelligence.models import ActivityAnalytics, ActivityScore, ActivitySummary
from meetsight.organizations.models import Person
from meetsight.trends.models import ConversationMetrics, ConversationObjectiveScore


class SourceRows(NamedTuple):
    activity: Any  # (start_at, is_call, duration, owner id, owner name)
    analytics: Any  # (participation, questions_by_speaker, extra)
    score: Any | None  # (score, objectives)
    insights: Any | None
    internal: Sequence[Any]  # (name, person id) of internal participants


def _of(model: Any, org_id: str, activity_id: str) -> Any:
    return sa.and_(model.organization_id == org_id, model.activity_id == activity_id)


async def source_rows(session: AsyncSession, org_id: str, activity_id: str) -> SourceRows | None:
    """None while the activity or its analytics are missing (nothing else is read then)."""
    # Column reads, not session.get: an identity-map object may be expired after a commit, and
    # loading it lazily is not allowed on an async session.
    activity = (
        await session.execute(
            sa.select(
                Activity.start_at, Activity.is_call, Activity.duration, Person.id, Person.name
            )
            .outerjoin(
                Person,
                sa.and_(
                    Person.organization_id == Activity.organization_id,
                    Person.id == Activity.owner_person_id,
                ),
            )
            .where(Activity.organization_id == org_id, Activity.id == activity_id)
        )
    ).one_or_none()
    analytics = (
        await session.execute(
            sa.select(
                ActivityAnalytics.participation,
                ActivityAnalytics.questions_by_speaker,
                ActivityAnalytics.extra,
            ).where(_of(ActivityAnalytics, org_id, activity_id))
        )
    ).one_or_none()
    if activity is None or analytics is None:
        return None
    score = (
        await session.execute(
            sa.select(ActivityScore.score, ActivityScore.objectives).where(
                _of(ActivityScore, org_id, activity_id)
            )
        )
    ).one_or_none()
    insights = (
        await session.execute(
            sa.select(ActivitySummary.insights).where(_of(ActivitySummary, org_id, activity_id))
        )
    ).scalar_one_or_none()
    internal = await session.execute(
        sa.select(Person.name, Person.id)
        .join(ActivityParticipant, person_of_participant())
        .where(_of(ActivityParticipant, org_id, activity_id), Person.is_internal.is_(True))
    )
    return SourceRows(activity, analytics, score, insights, internal.all())


async def delete_conversation_metrics(session: AsyncSession, org_id: str, activity_id: str) -> None:
    for model in (ConversationObjectiveScore, ConversationMetrics):
        await session.execute(
            sa.delete(model).where(
                model.organization_id == org_id, model.activity_id == activity_id
            )
        )
