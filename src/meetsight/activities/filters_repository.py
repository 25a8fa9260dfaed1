"""The activity filters (activity_filter.py) as SQL conditions on `Activity`, each scoped by
the organization, joins included: the one place they are compiled, for the REST listings
(activities/repository.py), the finder (finder_repository.py), the statistics
(stats_repository.py) and, through the finder, the web home page.

Building a select of twenty columns with its joins and EXISTS clauses cost more than running it
on SQLite (about a third of an MCP listing's CPU), and a statement built anew also pays for its
cache key on every run. So the filters that are set (not their values) pick the conditions,
built once per `Shape`; the values travel as bind parameters named as in
`filters.shape_and_params`, also for statements built per call (the statistics).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import aliased

from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.activities.participants_repository import person_of_participant
from meetsight.activity_filter import ActivityFilter, Shape, shape_and_params
from meetsight.organizations.models import Person
from meetsight.organizations.person_lookup import person_condition

ORG: sa.BindParameter[str] = sa.bindparam("org_id")


def _people_in_activity(condition: Callable[[Any, Any], Any]) -> Any:
    """EXISTS: a participant of the outer activity row for which condition(participant, person)
    holds. Aliased and correlated to Activity only, so that it also nests in queries that join
    participants and people themselves (the statistics)."""
    ap, person = aliased(ActivityParticipant), aliased(Person)
    return (
        sa.select(ap.person_id)
        .join(person, person_of_participant(ap, person))
        .where(ap.organization_id == ORG, ap.activity_id == Activity.id, condition(ap, person))
        .correlate(Activity)
        .exists()
    )


def _organized_by() -> Any:
    """An organizer is a participant flagged organizer or host, or the activity's owner."""
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


def _lookup_condition(kind: str, name: str) -> Callable[[Any, Any], Any]:
    def condition(_: Any, person: Any) -> Any:
        return person_condition(kind, name, person)

    return condition


@lru_cache(maxsize=512)
def conditions(shape: Shape) -> tuple[Any, ...]:
    """The WHERE conditions of this shape of filters, the organization's first."""
    b = sa.bindparam
    found: list[Any] = [Activity.organization_id == ORG]
    if shape.kind:
        found.append(Activity.is_call == b("is_call"))
    if shape.from_at:
        found.append(Activity.start_at >= b("from_at", type_=Activity.start_at.type))
    if shape.to_at:
        found.append(Activity.start_at < b("to_at", type_=Activity.start_at.type))
    if shape.status:
        found.append(Activity.status == b("status"))
    if shape.media_type:
        found.append(Activity.media_type == b("media_type"))
    if shape.name:
        found.append(sa.func.lower(Activity.name).like(b("name"), escape="\\"))
    if shape.direction:
        found.append(Activity.direction == b("direction"))
    if shape.from_number:
        found.append(Activity.from_number.like(b("from_number"), escape="\\"))
    if shape.to_number:
        found.append(Activity.to_number.like(b("to_number"), escape="\\"))
    if shape.ids:
        found.append(Activity.id.in_(b("ids", expanding=True)))
    if shape.participant_emails:
        emails: sa.BindParameter[list[str]] = b("participant_emails", expanding=True)
        found.append(_people_in_activity(lambda _, p: sa.func.lower(p.email).in_(emails)))
    if shape.organizer_emails:
        found.append(_organized_by())
    for name in ("participant", "company"):
        kind = getattr(shape, name)
        if kind is not None:
            found.append(_people_in_activity(_lookup_condition(kind, name)))
    return tuple(found)


def conditions_and_params(org_id: str, f: ActivityFilter) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The conditions of the filter's shape and the values to execute them with."""
    shape, params = shape_and_params(org_id, f)
    return conditions(shape), params
