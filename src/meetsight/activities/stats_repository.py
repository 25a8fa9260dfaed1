"""Aggregates over an organization's activities: counts and durations per media type, states,
and the people who take part most often. A repository: every statement is scoped by the
organization through the activity filters (`conditions_and_params(org_id, ...)`) and its
joins; their values are bound when the statement runs."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.filters_repository import conditions_and_params
from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.activities.participants_repository import person_of_participant
from meetsight.activity_filter import ActivityFilter
from meetsight.organizations.models import Person


async def totals_by_media_type(
    session: AsyncSession, org_id: str, filters: ActivityFilter
) -> list[Any]:
    """(media_type, count, timed, total_duration, average_duration) per media type; `timed`
    counts the activities with a known duration (the average is over those)."""
    where, params = conditions_and_params(org_id, filters)
    query = (
        sa.select(
            Activity.media_type,
            sa.func.count().label("count"),
            sa.func.count(Activity.duration).label("timed"),
            sa.func.coalesce(sa.func.sum(Activity.duration), 0.0).label("total_duration"),
            sa.func.avg(Activity.duration).label("average_duration"),
        )
        .where(*where)
        .group_by(Activity.media_type)
        .order_by(Activity.media_type)
    )
    return list((await session.execute(query, params)).all())


async def totals_by_status(
    session: AsyncSession, org_id: str, filters: ActivityFilter
) -> list[Any]:
    where, params = conditions_and_params(org_id, filters)
    query = (
        sa.select(Activity.status, sa.func.count().label("count"))
        .where(*where)
        .group_by(Activity.status)
        .order_by(Activity.status)
    )
    return list((await session.execute(query, params)).all())


async def top_participants(
    session: AsyncSession, org_id: str, filters: ActivityFilter, *, limit: int
) -> list[Any]:
    """The people in the most matching activities, most first (ties by name)."""
    where, params = conditions_and_params(org_id, filters)
    activity_count = sa.func.count(sa.distinct(ActivityParticipant.activity_id)).label("count")
    query = (
        sa.select(Person.id, Person.name, Person.email, Person.is_internal, activity_count)
        .join(ActivityParticipant, person_of_participant())
        .join(
            Activity,
            sa.and_(
                Activity.organization_id == ActivityParticipant.organization_id,
                Activity.id == ActivityParticipant.activity_id,
            ),
        )
        .where(Person.organization_id == org_id, *where)
        .group_by(Person.id, Person.name, Person.email, Person.is_internal)
        .order_by(activity_count.desc(), Person.name, Person.id)
        .limit(limit)
    )
    return list((await session.execute(query, params)).all())
