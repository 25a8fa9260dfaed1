"""The richer activity filters agents use (participants, organizers, numbers, both kinds at once):
which filters are set picks the shape of a statement, their values are bound. The statements,
each scoped by organization, are in activities/finder_repository.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from meetsight.activities import finder_repository as st
from meetsight.activities import person_lookup as lookup
from meetsight.db.reads import Executes


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
    participant: str | None = None  # an email (exact), "@domain", or part of a name
    company: str | None = None  # a company's name (partial) or its email domain
    activity_ids: list[str] | None = None  # only these (search hits)


def _shape_and_params(
    org_id: str, f: FinderFilters, ascending: bool
) -> tuple[st.Shape, dict[str, Any]]:
    params: dict[str, Any] = {"org_id": org_id}
    if f.is_call is not None:
        params["is_call"] = f.is_call
    if f.from_at is not None:
        params["from_at"] = f.from_at
    if f.to_at is not None:
        params["to_at"] = f.to_at
    if f.title_contains:
        params["title"] = st.like(f.title_contains)
    if f.direction:
        params["direction"] = f.direction
    if f.from_number_contains:
        params["from_number"] = st.like(f.from_number_contains)
    if f.to_number_contains:
        params["to_number"] = st.like(f.to_number_contains)
    if f.activity_ids is not None:
        params["ids"] = list(f.activity_ids)
    if f.participant_emails:
        params["participant_emails"] = list(f.participant_emails)
    if f.organizer_emails:
        params["organizer_emails"] = list(f.organizer_emails)
    participant = company = None
    if f.participant:
        participant = lookup.participant_kind(f.participant)
        params.update(lookup.participant_params(f.participant))
    if f.company:
        company, values = lookup.company_params(f.company)
        params.update(values)
    shape = st.Shape(
        kind=f.is_call is not None,
        from_at=f.from_at is not None,
        to_at=f.to_at is not None,
        title=bool(f.title_contains),
        direction=bool(f.direction),
        from_number=bool(f.from_number_contains),
        to_number=bool(f.to_number_contains),
        ids=f.activity_ids is not None,
        participant_emails=bool(f.participant_emails),
        organizer_emails=bool(f.organizer_emails),
        participant=participant,
        ascending=ascending,
        company=company,
    )
    return shape, params


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
    shape, params = _shape_and_params(org_id, filters, ascending)
    page, count = st.page_statements(shape)
    rows = list((await session.execute(page, {**params, "limit": limit, "offset": skip})).all())
    if not rows and skip == 0:
        return rows, 0
    return rows, int((await session.execute(count, params)).scalar_one())


async def participants_of(
    session: Executes, org_id: str, activity_ids: list[str]
) -> dict[str, list[Any]]:
    """Participants of several activities in one query, in their recorded order."""
    if not activity_ids:
        return {}
    found: dict[str, list[Any]] = {aid: [] for aid in activity_ids}
    rows = await session.execute(st.PARTICIPANTS_OF, {"org_id": org_id, "ids": activity_ids})
    for row in rows.all():
        found[row.activity_id].append(row)
    return found


async def owner_of(session: Executes, org_id: str, activity_id: str) -> str | None:
    params = {"org_id": org_id, "activity_id": activity_id}
    return (await session.execute(st.OWNER_OF, params)).scalar_one_or_none()


async def people_by_id(session: Executes, org_id: str, ids: list[str]) -> dict[str, Any]:
    if not ids:
        return {}
    rows = await session.execute(st.PEOPLE_BY_ID, {"org_id": org_id, "ids": ids})
    return {row.id: row for row in rows.all()}
