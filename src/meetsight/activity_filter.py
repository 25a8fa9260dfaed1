"""The activity filters, defined once: which of an organization's activities a listing reads
(REST `GET /meetings` and `/calls`, MCP's listing and finder tools, the web home page), what the
statistics aggregate and what a search is restricted to.

An `ActivityFilter` says what is asked; `shape_and_params` splits it into the filters that are
set (the `Shape`, which picks a statement built once, activities/filters_repository.py) and
their values, bound by name. The search index's raw SQL renders the same filter
(search/filters.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from meetsight.db.like import escape_like
from meetsight.organizations import person_lookup as lookup


@dataclass(slots=True)
class ActivityFilter:
    is_call: bool | None = None  # None: meetings and calls
    from_at: datetime | None = None  # start at or after
    to_at: datetime | None = None  # start before
    status: str | None = None
    media_type: str | None = None
    name_contains: str | None = None  # part of the name, case ignored
    direction: str | None = None
    from_number_contains: str | None = None
    to_number_contains: str | None = None
    participant_emails: list[str] = field(default_factory=list)  # any of them takes part
    organizer_emails: list[str] = field(default_factory=list)  # any of them organises
    participant: str | None = None  # an email (exact), "@domain", or part of a name
    company: str | None = None  # a company's name (partial) or its email domain
    activity_ids: list[str] | None = None  # only these (search hits)


@dataclass(frozen=True, slots=True)
class Shape:
    """Which filters are set; `participant` is "email", "domain", "name" or None, `company`
    "domain", "company" or None (person_lookup.person_condition)."""

    kind: bool  # is_call is not None
    from_at: bool
    to_at: bool
    status: bool
    media_type: bool
    name: bool
    direction: bool
    from_number: bool
    to_number: bool
    ids: bool
    participant_emails: bool
    organizer_emails: bool
    participant: str | None
    company: str | None


def like(text: str) -> str:
    """A LIKE pattern for text anywhere in a value, case folded to lower."""
    return f"%{escape_like(text.lower())}%"


def shape_and_params(org_id: str, f: ActivityFilter) -> tuple[Shape, dict[str, Any]]:
    """The filters that are set, and their values under the names the conditions bind."""
    params: dict[str, Any] = {"org_id": org_id}
    if f.is_call is not None:
        params["is_call"] = f.is_call
    if f.from_at is not None:
        params["from_at"] = f.from_at
    if f.to_at is not None:
        params["to_at"] = f.to_at
    if f.status:
        params["status"] = f.status
    if f.media_type:
        params["media_type"] = f.media_type
    if f.name_contains:
        params["name"] = like(f.name_contains)
    if f.direction:
        params["direction"] = f.direction
    if f.from_number_contains:
        params["from_number"] = like(f.from_number_contains)
    if f.to_number_contains:
        params["to_number"] = like(f.to_number_contains)
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
    shape = Shape(
        kind=f.is_call is not None,
        from_at=f.from_at is not None,
        to_at=f.to_at is not None,
        status=bool(f.status),
        media_type=bool(f.media_type),
        name=bool(f.name_contains),
        direction=bool(f.direction),
        from_number=bool(f.from_number_contains),
        to_number=bool(f.to_number_contains),
        ids=f.activity_ids is not None,
        participant_emails=bool(f.participant_emails),
        organizer_emails=bool(f.organizer_emails),
        participant=participant,
        company=company,
    )
    return shape, params
