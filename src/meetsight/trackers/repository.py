"""The only place that builds tracker queries; every one is scoped by organization."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.organizations.models import Person
from meetsight.trackers.models import Tracker, TrackerMention


async def list_trackers(
    session: AsyncSession, org_id: str, *, limit: int, offset: int
) -> tuple[list[Tracker], int]:
    rows = await session.execute(
        sa.select(Tracker)
        .where(Tracker.organization_id == org_id)
        .order_by(sa.func.lower(Tracker.name), Tracker.id)
        .limit(limit)
        .offset(offset)
    )
    total = await session.execute(
        sa.select(sa.func.count()).select_from(Tracker).where(Tracker.organization_id == org_id)
    )
    return list(rows.scalars()), int(total.scalar_one())


async def get_tracker(session: AsyncSession, org_id: str, tracker_id: str) -> Tracker | None:
    return await session.get(Tracker, (org_id, tracker_id))


async def name_taken(
    session: AsyncSession, org_id: str, name: str, *, except_id: str | None = None
) -> bool:
    query = sa.select(Tracker.id).where(
        Tracker.organization_id == org_id, sa.func.lower(Tracker.name) == name.lower()
    )
    if except_id is not None:
        query = query.where(Tracker.id != except_id)
    return (await session.execute(query.limit(1))).first() is not None


async def delete_tracker_rows(session: AsyncSession, org_id: str, tracker_id: str) -> None:
    await session.execute(
        sa.delete(TrackerMention).where(
            TrackerMention.organization_id == org_id, TrackerMention.tracker_id == tracker_id
        )
    )
    await session.execute(
        sa.delete(Tracker).where(Tracker.organization_id == org_id, Tracker.id == tracker_id)
    )


async def all_trackers(session: AsyncSession, org_id: str) -> list[Tracker]:
    """Every tracker of the organization, in no particular order."""
    rows = await session.execute(sa.select(Tracker).where(Tracker.organization_id == org_id))
    return list(rows.scalars())


async def mark_indexed(session: AsyncSession, org_id: str, tracker_id: str, version: int) -> None:
    """The tracker's mentions are those of `version`, unless it changed again meanwhile."""
    await session.execute(
        sa.update(Tracker)
        .where(
            Tracker.organization_id == org_id,
            Tracker.id == tracker_id,
            Tracker.version == version,
        )
        .values(indexed_version=version)
    )


def day_bounds(
    from_day: date | None, to_day: date | None
) -> tuple[datetime | None, datetime | None]:
    """Inclusive days as [start, end) instants in UTC."""
    start = datetime.combine(from_day, time(), UTC) if from_day else None
    end = datetime.combine(to_day + timedelta(days=1), time(), UTC) if to_day else None
    return start, end


def _where(
    org_id: str,
    tracker_id: str,
    kinds: Sequence[bool],
    start: datetime | None,
    end: datetime | None,
    rep_id: str | None = None,
) -> list[Any]:
    clauses: list[Any] = [
        TrackerMention.organization_id == org_id,
        TrackerMention.tracker_id == tracker_id,
    ]
    if rep_id is not None:
        clauses.append(TrackerMention.owner_person_id == rep_id)
    if len(kinds) == 1:
        clauses.append(TrackerMention.is_call.is_(kinds[0]))
    if start is not None:
        clauses.append(TrackerMention.start_at >= start)
    if end is not None:
        clauses.append(TrackerMention.start_at < end)
    return clauses


_ACTIVITY = sa.and_(
    Activity.organization_id == TrackerMention.organization_id,
    Activity.id == TrackerMention.activity_id,
)
_OWNER = sa.and_(
    Person.organization_id == TrackerMention.organization_id,
    Person.id == TrackerMention.owner_person_id,
)


async def page_mentions(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    start: datetime | None,
    end: datetime | None,
    limit: int,
    offset: int,
    rep_id: str | None = None,
) -> tuple[list[Any], int]:
    """A page of mentions, newest conversation first and in order of time within one, each
    with its conversation's name and its rep's name; and the total."""
    where = _where(org_id, tracker_id, kinds, start, end, rep_id)
    rows = await session.execute(
        sa.select(TrackerMention, Activity.name.label("activity_name"), Person.name.label("rep"))
        .join(Activity, _ACTIVITY)
        .outerjoin(Person, _OWNER)
        .where(*where)
        .order_by(
            TrackerMention.start_at.desc(),
            TrackerMention.activity_id.desc(),
            TrackerMention.start_time,
            TrackerMention.position,
        )
        .limit(limit)
        .offset(offset)
    )
    total = await session.execute(
        sa.select(sa.func.count()).select_from(TrackerMention).where(*where)
    )
    return list(rows.all()), int(total.scalar_one())


async def week_counts(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    start: datetime | None,
    end: datetime | None,
) -> list[tuple[date, int]]:
    rows = await session.execute(
        sa.select(TrackerMention.week_start, sa.func.count())
        .where(*_where(org_id, tracker_id, kinds, start, end))
        .group_by(TrackerMention.week_start)
        .order_by(TrackerMention.week_start)
    )
    return [(w, int(n)) for w, n in rows.all()]


async def rep_counts(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    start: datetime | None,
    end: datetime | None,
) -> list[tuple[str | None, str | None, int]]:
    counted = (
        sa.select(TrackerMention.owner_person_id.label("rep_id"), sa.func.count().label("n"))
        .where(*_where(org_id, tracker_id, kinds, start, end))
        .group_by(TrackerMention.owner_person_id)
        .subquery()
    )
    rows = await session.execute(
        sa.select(counted.c.rep_id, Person.name, counted.c.n)
        .outerjoin(Person, sa.and_(Person.organization_id == org_id, Person.id == counted.c.rep_id))
        .order_by(counted.c.n.desc(), Person.name)
    )
    return [(r, name, int(n)) for r, name, n in rows.all()]


async def speaker_counts(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    start: datetime | None,
    end: datetime | None,
    limit: int = 20,
) -> list[tuple[str, int]]:
    """Who said the mentions (speaker names as transcribed), most first."""
    n = sa.func.count().label("n")
    rows = await session.execute(
        sa.select(TrackerMention.speaker, n)
        .where(*_where(org_id, tracker_id, kinds, start, end))
        .group_by(TrackerMention.speaker)
        .order_by(n.desc(), TrackerMention.speaker)
        .limit(limit)
    )
    return [(speaker, int(count)) for speaker, count in rows.all()]
