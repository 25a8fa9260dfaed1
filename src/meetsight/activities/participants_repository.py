"""Every query on an activity's participants and on activity types outside the activity
listing (activities/repository.py reads participants for the API): the participants with their
people, the internal ones' names, one participant leaving, how many there are, an activity type
by name, and the bounded slices of many activities' participants. Each one is scoped by the
organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity, ActivityParticipant, ActivityType
from meetsight.db.reads import Executes
from meetsight.organizations.models import Person


def person_of_participant(
    participant: Any = ActivityParticipant, person: Any = Person
) -> sa.ColumnElement[bool]:
    """The join of a participant to the person they are, within the organization: written once,
    here; aliases of either given for correlated subqueries."""
    return sa.and_(
        participant.organization_id == person.organization_id,
        participant.person_id == person.id,
    )


_PERSON_OF_PARTICIPANT = person_of_participant()
# A participant with their person, as the listings read them (with the participant's flags).
PARTICIPANT_COLUMNS = (
    ActivityParticipant.activity_id,
    Person.id,
    Person.name,
    Person.email,
    Person.phone,
    Person.is_internal,
    ActivityParticipant.is_host,
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


# The bounded slices of participants (activities/participant_slices.py): each activity's
# participants ranked in recorded order, with their counts, cut by the database.
_ORG: sa.BindParameter[str] = sa.bindparam("org_id")
# An organizer: flagged organizer or host, or the activity's owner.
_ORGANIZES = sa.case(
    (
        sa.or_(
            ActivityParticipant.is_organizer,
            ActivityParticipant.is_host,
            Person.id == Activity.owner_person_id,
        ),
        1,
    ),
    else_=0,
)
_RECORDED_ORDER = (ActivityParticipant.position, Person.name, Person.id)
_BY_ACTIVITY = ActivityParticipant.activity_id


def _ranked() -> Any:
    return (
        sa.select(
            *PARTICIPANT_COLUMNS,
            _ORGANIZES.label("organizes"),
            sa.func.row_number()
            .over(partition_by=_BY_ACTIVITY, order_by=_RECORDED_ORDER)
            .label("place"),
            sa.func.row_number()
            .over(partition_by=(_BY_ACTIVITY, _ORGANIZES), order_by=_RECORDED_ORDER)
            .label("organizer_place"),
            sa.func.count().over(partition_by=_BY_ACTIVITY).label("participant_count"),
            sa.func.sum(_ORGANIZES).over(partition_by=_BY_ACTIVITY).label("organizer_count"),
            sa.func.sum(sa.case((Person.id == Activity.owner_person_id, 1), else_=0))
            .over(partition_by=_BY_ACTIVITY)
            .label("owner_takes_part"),
        )
        .join(Person, _PERSON_OF_PARTICIPANT)
        .join(
            Activity,
            sa.and_(
                Activity.organization_id == ActivityParticipant.organization_id,
                Activity.id == ActivityParticipant.activity_id,
            ),
        )
        .where(
            ActivityParticipant.organization_id == _ORG,
            ActivityParticipant.activity_id.in_(sa.bindparam("ids", expanding=True)),
        )
        .subquery()
    )


def _slices_statement() -> Any:
    ranked = _ranked()
    skip: sa.BindParameter[int] = sa.bindparam("skip")
    limit: sa.BindParameter[int] = sa.bindparam("limit")
    in_page = sa.and_(ranked.c.place > skip, ranked.c.place <= skip + limit)
    first_organizers = sa.and_(ranked.c.organizes == 1, ranked.c.organizer_place <= limit)
    return (
        sa.select(ranked)
        .where(sa.or_(in_page, first_organizers))
        .order_by(ranked.c.activity_id, ranked.c.place)
    )


SLICES = _slices_statement()  # built once: its shape never changes, only the bound values


async def slice_rows(
    db: Executes, org_id: str, activity_ids: list[str], *, skip: int, limit: int
) -> Sequence[Any]:
    """The ranked rows of the activities' participants from `skip` on (at most `limit`) and
    their first `limit` organizers, each with the counts over all of them."""
    params = {"org_id": org_id, "ids": activity_ids, "skip": skip, "limit": limit}
    return (await db.execute(SLICES, params)).all()
