"""The richer activity filters agents use (participants, organizers, numbers, both kinds at once)
and the aggregates behind the statistics tool. Every query is scoped by organization."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from meetsight.activities.models import Activity, ActivityParticipant, ActivityType
from meetsight.activities.repository import ACTIVITY_COLUMNS, escape_like, participants_query
from meetsight.db.reads import Executes
from meetsight.organizations.models import Person
from meetsight.transcripts.models import TranscriptDocument


@dataclass(slots=True)
class FinderFilters:
    is_call: bool | None  # None: meetings and calls
    from_at: datetime | None = None
    to_at: datetime | None = None
    title_contains: str | None = None
    direction: str | None = None
    from_number_contains: str | None = None
    to_number_contains: str | None = None
    participant_emails: list[str] = field(default_factory=list)  # any of them takes part
    organizer_emails: list[str] = field(default_factory=list)  # any of them organises
    participant: str | None = None  # an email (exact) or part of a name
    activity_ids: list[str] | None = None  # only these (search hits)


def _like(text: str) -> str:
    return f"%{escape_like(text.lower())}%"


def _people_in_activity(org_id: str, condition: Callable[[Any, Any], Any]) -> Any:
    """EXISTS: a participant of the outer activity row for which condition(participant, person)
    holds. Aliased and correlated to Activity only, so that it also nests in queries that join
    participants and people themselves (the statistics)."""
    ap, person = aliased(ActivityParticipant), aliased(Person)
    return (
        sa.select(ap.person_id)
        .join(
            person, sa.and_(person.organization_id == ap.organization_id, person.id == ap.person_id)
        )
        .where(
            ap.organization_id == org_id,
            ap.activity_id == Activity.id,
            condition(ap, person),
        )
        .correlate(Activity)
        .exists()
    )


def _organized_by(org_id: str, emails: list[str]) -> Any:
    """An organizer is a participant flagged organizer or host, or the activity's owner."""
    owner = aliased(Person)
    by_owner = (
        sa.select(owner.id)
        .where(
            owner.organization_id == org_id,
            owner.id == Activity.owner_person_id,
            sa.func.lower(owner.email).in_(emails),
        )
        .correlate(Activity)
        .exists()
    )
    flagged = _people_in_activity(
        org_id,
        lambda ap, person: sa.and_(
            sa.or_(ap.is_organizer, ap.is_host), sa.func.lower(person.email).in_(emails)
        ),
    )
    return sa.or_(by_owner, flagged)


def filter_clauses(org_id: str, f: FinderFilters) -> list[Any]:
    clauses: list[Any] = [Activity.organization_id == org_id]
    if f.is_call is not None:
        clauses.append(Activity.is_call == f.is_call)
    if f.from_at is not None:
        clauses.append(Activity.start_at >= f.from_at)
    if f.to_at is not None:
        clauses.append(Activity.start_at < f.to_at)
    if f.title_contains:
        clauses.append(sa.func.lower(Activity.name).like(_like(f.title_contains), escape="\\"))
    if f.direction:
        clauses.append(Activity.direction == f.direction)
    if f.from_number_contains:
        clauses.append(Activity.from_number.like(_like(f.from_number_contains), escape="\\"))
    if f.to_number_contains:
        clauses.append(Activity.to_number.like(_like(f.to_number_contains), escape="\\"))
    if f.activity_ids is not None:
        clauses.append(Activity.id.in_(f.activity_ids))
    if f.participant_emails:
        emails = f.participant_emails
        clauses.append(_people_in_activity(org_id, lambda _, p: sa.func.lower(p.email).in_(emails)))
    if f.organizer_emails:
        clauses.append(_organized_by(org_id, f.organizer_emails))
    if f.participant:
        wanted = f.participant
        if "@" in wanted:  # an email matches exactly, whatever its case
            clauses.append(
                _people_in_activity(org_id, lambda _, p: sa.func.lower(p.email) == wanted.lower())
            )
        else:  # a name matches partially
            pattern = _like(wanted)
            clauses.append(
                _people_in_activity(
                    org_id, lambda _, p: sa.func.lower(p.name).like(pattern, escape="\\")
                )
            )
    return clauses


async def find_activities(
    session: Executes,
    org_id: str,
    filters: FinderFilters,
    *,
    limit: int,
    skip: int,
    ascending: bool = False,
) -> tuple[list[Any], int]:
    """One page of activity rows (the repository's columns plus the owner) and the total."""
    clauses = filter_clauses(org_id, filters)
    order = (
        (Activity.start_at.asc(), Activity.id.asc())
        if ascending
        else (
            Activity.start_at.desc(),
            Activity.id.desc(),
        )
    )
    query = (
        sa.select(*ACTIVITY_COLUMNS, Activity.owner_person_id)
        .outerjoin(
            ActivityType,
            sa.and_(
                ActivityType.organization_id == Activity.organization_id,
                ActivityType.id == Activity.activity_type_id,
            ),
        )
        .where(*clauses)
        .order_by(*order)
        .limit(limit)
        .offset(skip)
    )
    rows = list((await session.execute(query)).all())
    if not rows and skip == 0:
        return rows, 0
    count = sa.select(sa.func.count()).select_from(Activity).where(*clauses)
    return rows, int((await session.execute(count)).scalar_one())


async def participants_of(
    session: Executes, org_id: str, activity_ids: list[str]
) -> dict[str, list[Any]]:
    """Participants of several activities in one query, in their recorded order."""
    if not activity_ids:
        return {}
    query = (
        participants_query(org_id)
        .where(ActivityParticipant.activity_id.in_(activity_ids))
        .order_by(ActivityParticipant.activity_id, ActivityParticipant.position, Person.name)
    )
    found: dict[str, list[Any]] = {aid: [] for aid in activity_ids}
    for row in (await session.execute(query)).all():
        found[row.activity_id].append(row)
    return found


async def owner_of(session: Executes, org_id: str, activity_id: str) -> str | None:
    query = sa.select(Activity.owner_person_id).where(
        Activity.organization_id == org_id, Activity.id == activity_id
    )
    return (await session.execute(query)).scalar_one_or_none()


async def people_by_id(session: Executes, org_id: str, ids: list[str]) -> dict[str, Any]:
    if not ids:
        return {}
    query = sa.select(Person.id, Person.name, Person.email, Person.phone, Person.is_internal).where(
        Person.organization_id == org_id, Person.id.in_(ids)
    )
    return {row.id: row for row in (await session.execute(query)).all()}


async def transcript_length(session: AsyncSession, org_id: str, activity_id: str) -> int:
    """How many segments the stored transcript has (0 before transcription)."""
    query = sa.select(TranscriptDocument.segment_count).where(
        TranscriptDocument.organization_id == org_id,
        TranscriptDocument.activity_id == activity_id,
    )
    return int((await session.execute(query)).scalar_one_or_none() or 0)
