"""The finder's statements, built once per shape of filters and reused with bound values.

Building a select of twenty columns with its joins and EXISTS clauses cost more than running it
on SQLite (about a third of an MCP listing's CPU), and a statement built anew also pays for its
cache key on every run. The filters that are set (not their values) pick the shape; the values
travel as bind parameters. The clauses mean exactly what finder.filter_clauses builds with
literal values, which the statistics still use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import aliased

from meetsight.activities.models import Activity, ActivityParticipant, ActivityType
from meetsight.activities.person_lookup import person_condition
from meetsight.activities.repository import ACTIVITY_COLUMNS, escape_like, participants_query
from meetsight.db.reads import AnySelect
from meetsight.organizations.models import Person

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
    holds (finder._people_in_activity, organization bound)."""
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
