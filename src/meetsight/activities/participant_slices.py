"""A bounded slice of each activity's participants, with the counts that say what was left out.

One meeting may have thousands of participants (a webinar, or a hostile upload: 20,000 made an
MCP listing of 20 meetings answer 8.8 MB). Listings and search show the first few of each
activity, and get_meeting_details pages them; the database cuts the rows (window functions on
SQLite and PostgreSQL alike), so neither the rows read nor the answer grow with the meeting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.db.reads import Executes
from meetsight.organizations.models import Person

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
            ActivityParticipant.activity_id,
            Person.id,
            Person.name,
            Person.email,
            Person.phone,
            Person.is_internal,
            ActivityParticipant.is_host,
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
        .join(
            Person,
            sa.and_(
                Person.organization_id == ActivityParticipant.organization_id,
                Person.id == ActivityParticipant.person_id,
            ),
        )
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


@dataclass(slots=True)
class ParticipantSlice:
    """`page`: the participants from `skip` on (at most `limit`); `organizers`: the first
    `limit` organizers; the counts are over all of them."""

    skip: int
    page: list[Any] = field(default_factory=list)
    organizers: list[Any] = field(default_factory=list)
    total: int = 0
    organizer_total: int = 0
    owner_takes_part: bool = False


async def participant_slices(
    session: Executes, org_id: str, activity_ids: list[str], *, skip: int, limit: int
) -> dict[str, ParticipantSlice]:
    """A slice per activity (an empty one for an activity without participants)."""
    found = {aid: ParticipantSlice(skip=skip) for aid in activity_ids}
    if not activity_ids:
        return found
    params = {"org_id": org_id, "ids": activity_ids, "skip": skip, "limit": limit}
    for row in (await session.execute(SLICES, params)).all():
        part = found[row.activity_id]
        part.total = int(row.participant_count)
        part.organizer_total = int(row.organizer_count)
        part.owner_takes_part = bool(row.owner_takes_part)
        if skip < row.place <= skip + limit:
            part.page.append(row)
        if row.organizes and row.organizer_place <= limit:
            part.organizers.append(row)
    return found
