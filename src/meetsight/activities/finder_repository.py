"""The finder's repository: every activity query of the richer filters agents use
(activities/finder.py), each scoped by the organization. Its statements are built once per shape
of filters and reused with bound values; `filter_clauses` builds the same filters with literal
values for the statistics (activities/stats_repository.py) and the web home page.

Building a select of twenty columns with its joins and EXISTS clauses cost more than running it
on SQLite (about a third of an MCP listing's CPU), and a statement built anew also pays for its
cache key on every run. The filters that are set (not their values) pick the shape; the values
travel as bind parameters. The clauses mean exactly what filter_clauses builds with literal
values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.orm import aliased

from meetsight.activities import person_lookup
from meetsight.activities.models import Activity, ActivityParticipant, ActivityType
from meetsight.activities.person_lookup import person_condition
from meetsight.activities.repository import ACTIVITY_COLUMNS, escape_like, participants_query
from meetsight.db.reads import AnySelect, Executes
from meetsight.organizations.models import Person

if TYPE_CHECKING:
    from meetsight.activities.finder import FinderFilters

ORG: sa.BindParameter[str] = sa.bindparam("org_id")


@dataclass(frozen=True, slots=True)
class Shape:
    """Which filters are set; `participant` is "email", "domain", "name" or None, `company`
    "domain", "company" or None (person_condition)."""

    kind: bool  # is_call is not None
    from_at: bool
    to_at: bool
    title: bool
    direction: bool
    from_number: bool
    to_number: bool
    ids: bool
    participant_emails: bool
    organizer_emails: bool
    participant: str | None
    ascending: bool
    company: str | None = None


def like(text: str) -> str:
    return f"%{escape_like(text.lower())}%"


def _people_in_activity(condition: Callable[[Any, Any], Any]) -> Any:
    """EXISTS: a participant of the outer activity row for which condition(participant, person)
    holds (_valued_people_in_activity, organization bound)."""
    ap, person = aliased(ActivityParticipant), aliased(Person)
    return (
        sa.select(ap.person_id)
        .join(
            person, sa.and_(person.organization_id == ap.organization_id, person.id == ap.person_id)
        )
        .where(ap.organization_id == ORG, ap.activity_id == Activity.id, condition(ap, person))
        .correlate(Activity)
        .exists()
    )


def _organized_by() -> Any:
    owner = aliased(Person)
    emails: sa.BindParameter[list[str]] = sa.bindparam("organizer_emails", expanding=True)
    by_owner = (
        sa.select(owner.id)
        .where(
            owner.organization_id == ORG,
            owner.id == Activity.owner_person_id,
            sa.func.lower(owner.email).in_(emails),
        )
        .correlate(Activity)
        .exists()
    )
    flagged = _people_in_activity(
        lambda ap, person: sa.and_(
            sa.or_(ap.is_organizer, ap.is_host), sa.func.lower(person.email).in_(emails)
        ),
    )
    return sa.or_(by_owner, flagged)


def _clauses(shape: Shape) -> list[Any]:
    b = sa.bindparam
    clauses: list[Any] = [Activity.organization_id == ORG]
    if shape.kind:
        clauses.append(Activity.is_call == b("is_call"))
    if shape.from_at:
        clauses.append(Activity.start_at >= b("from_at", type_=Activity.start_at.type))
    if shape.to_at:
        clauses.append(Activity.start_at < b("to_at", type_=Activity.start_at.type))
    if shape.title:
        clauses.append(sa.func.lower(Activity.name).like(b("title"), escape="\\"))
    if shape.direction:
        clauses.append(Activity.direction == b("direction"))
    if shape.from_number:
        clauses.append(Activity.from_number.like(b("from_number"), escape="\\"))
    if shape.to_number:
        clauses.append(Activity.to_number.like(b("to_number"), escape="\\"))
    if shape.ids:
        clauses.append(Activity.id.in_(b("ids", expanding=True)))
    if shape.participant_emails:
        emails: sa.BindParameter[list[str]] = b("participant_emails", expanding=True)
        clauses.append(_people_in_activity(lambda _, p: sa.func.lower(p.email).in_(emails)))
    if shape.organizer_emails:
        clauses.append(_organized_by())
    for name in ("participant", "company"):
        kind = getattr(shape, name)
        if kind is not None:
            clauses.append(_people_in_activity(_lookup_condition(kind, name)))
    return clauses


def _lookup_condition(kind: str, name: str) -> Callable[[Any, Any], Any]:
    def condition(_: Any, person: Any) -> Any:
        return person_condition(kind, name, person)

    return condition


@lru_cache(maxsize=512)
def page_statements(shape: Shape) -> tuple[AnySelect, AnySelect]:
    """(one page of rows with the owner, the count) for this shape."""
    clauses = _clauses(shape)
    order = (
        (Activity.start_at.asc(), Activity.id.asc())
        if shape.ascending
        else (Activity.start_at.desc(), Activity.id.desc())
    )
    page = (
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
        .limit(sa.bindparam("limit"))
        .offset(sa.bindparam("offset"))
    )
    count = sa.select(sa.func.count()).select_from(Activity).where(*clauses)
    return page, count


PARTICIPANTS_OF = (
    participants_query(ORG)  # type: ignore[arg-type]
    .where(ActivityParticipant.activity_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(ActivityParticipant.activity_id, ActivityParticipant.position, Person.name)
)
PEOPLE_BY_ID = sa.select(
    Person.id, Person.name, Person.email, Person.phone, Person.is_internal
).where(Person.organization_id == ORG, Person.id.in_(sa.bindparam("ids", expanding=True)))
OWNER_OF = sa.select(Activity.owner_person_id).where(
    Activity.organization_id == ORG, Activity.id == sa.bindparam("activity_id")
)


def _valued_people_in_activity(org_id: str, condition: Callable[[Any, Any], Any]) -> Any:
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


def _valued_organized_by(org_id: str, emails: list[str]) -> Any:
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
    flagged = _valued_people_in_activity(
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
        clauses.append(sa.func.lower(Activity.name).like(like(f.title_contains), escape="\\"))
    if f.direction:
        clauses.append(Activity.direction == f.direction)
    if f.from_number_contains:
        clauses.append(Activity.from_number.like(like(f.from_number_contains), escape="\\"))
    if f.to_number_contains:
        clauses.append(Activity.to_number.like(like(f.to_number_contains), escape="\\"))
    if f.activity_ids is not None:
        clauses.append(Activity.id.in_(f.activity_ids))
    if f.participant_emails:
        emails = f.participant_emails
        clauses.append(
            _valued_people_in_activity(org_id, lambda _, p: sa.func.lower(p.email).in_(emails))
        )
    if f.organizer_emails:
        clauses.append(_valued_organized_by(org_id, f.organizer_emails))
    for name in ("participant", "company"):
        value = getattr(f, name)
        if value:
            kind, values = _valued_lookup(name, value)
            clauses.append(_valued_people_in_activity(org_id, _bound(kind, name, values)))
    return clauses


def _valued_lookup(name: str, value: str) -> tuple[str, dict[str, str]]:
    if name == "participant":
        return person_lookup.participant_kind(value), person_lookup.participant_params(value)
    return person_lookup.company_params(value)


def _bound(kind: str, name: str, values: dict[str, str]) -> Callable[[Any, Any], Any]:
    """person_condition with its values bound: the statistics build clauses with values."""

    def condition(_: Any, person: Any) -> Any:
        return person_lookup.person_condition(kind, name, person, values)

    return condition


async def page_with_status(
    session: Executes, org_id: str, f: FinderFilters, status: str, *, limit: int, offset: int
) -> tuple[list[Any], int]:
    """One page of activity rows (the repository's columns), newest first, matching the filters
    and, when given, the status; and how many match (the web home page's listing)."""
    clauses = filter_clauses(org_id, f)
    if status:
        clauses.append(Activity.status == status)
    query = (
        sa.select(*ACTIVITY_COLUMNS)
        .outerjoin(
            ActivityType,
            sa.and_(
                ActivityType.organization_id == Activity.organization_id,
                ActivityType.id == Activity.activity_type_id,
            ),
        )
        .where(*clauses)
        .order_by(Activity.start_at.desc(), Activity.id.desc())
        .limit(limit)
        .offset(offset)
    )
    rows = list((await session.execute(query)).all())
    count = sa.select(sa.func.count()).select_from(Activity).where(*clauses)
    total = int((await session.execute(count)).scalar_one())
    return rows, total
