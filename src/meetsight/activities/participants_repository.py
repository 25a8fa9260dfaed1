"""Every query on an activity's participants and on activity types outside the activity
listing (activities/repository.py reads participants for the API): the participants with their
people, the internal ones' names, one participant leaving, how many there are, an activity type
by name. Each one is scoped by the organization it is given."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import ActivityParticipant, ActivityType
from meetsight.organizations.models import Person

_PERSON_OF_PARTICIPANT = sa.and_(
    ActivityParticipant.organization_id == Person.organization_id,
    ActivityParticipant.person_id == Person.id,
)


async def with_people(session: AsyncSession, org_id: str, activity_id: str) -> list[Any]:
    """(Person, ActivityParticipant) of the activity, in recorded order."""
    rows = await session.execute(
        sa.select(Person, ActivityParticipant)
        .join(ActivityParticipant, _PERSON_OF_PARTICIPANT)
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
        )
        .order_by(ActivityParticipant.position)
    )
    return list(rows.all())


async def internal_names(session: AsyncSession, org_id: str, activity_id: str) -> set[str]:
    """The names of the activity's internal participants."""
    rows = await session.execute(
        sa.select(Person.name)
        .join(ActivityParticipant, _PERSON_OF_PARTICIPANT)
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
            Person.is_internal.is_(True),
        )
    )
    return set(rows.scalars())


async def remove(session: AsyncSession, org_id: str, activity_id: str, person_id: str) -> None:
    await session.execute(
        sa.delete(ActivityParticipant).where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
            ActivityParticipant.person_id == person_id,
        )
    )


async def count(session: AsyncSession, org_id: str, activity_id: str) -> int:
    found = await session.scalar(
        sa.select(sa.func.count())
        .select_from(ActivityParticipant)
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
        )
    )
    return int(found or 0)


async def activity_type_named(session: AsyncSession, org_id: str, name: str) -> str | None:
    """The id of the organization's activity type with this name, if there is one."""
    found = await session.execute(
        sa.select(ActivityType.id).where(
            ActivityType.organization_id == org_id, ActivityType.name == name
        )
    )
    return found.scalar_one_or_none()
