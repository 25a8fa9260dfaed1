"""The home page's list and search: the activity filters (kind, dates, participant, status),
and full-text search, always within the signed-in user's organization."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from markupsafe import Markup, escape
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.finder import find_activities, participants_of
from meetsight.activities.models import STATUSES
from meetsight.activity_filter import ActivityFilter
from meetsight.search.service import search_activities
from meetsight.search.types import SearchPage, SearchQuery
from meetsight.timefmt import range_end, range_start

PAGE_SIZE = 25
KINDS = {"all": None, "meetings": False, "calls": True}
_MARKED = re.compile(r"\*\*(.+?)\*\*")


@dataclass(slots=True)
class HomeFilters:
    kind: str = "all"
    date_from: date | None = None
    date_to: date | None = None
    participant: str = ""
    status: str = ""
    text: str = ""
    page: int = 1
    problems: tuple[str, ...] = ()

    @property
    def any_set(self) -> bool:
        return bool(
            self.kind != "all" or self.date_from or self.date_to or self.participant or self.status
        )


def _day(value: str, name: str, problems: list[str]) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        problems.append(f"{name}: expected a date such as 2026-03-31")
        return None


def parse_filters(params: Any) -> HomeFilters:
    """Query parameters to filters; a bad value is dropped and reported, never a 500."""
    problems: list[str] = []
    kind = params.get("type", "all")
    if kind not in KINDS:
        problems.append("type: meetings, calls or all")
        kind = "all"
    status = params.get("status", "")
    if status and status not in STATUSES:
        problems.append("status: " + ", ".join(STATUSES))
        status = ""
    date_from = _day(params.get("from", ""), "from", problems)
    date_to = _day(params.get("to", ""), "to", problems)
    if date_from and date_to and date_from > date_to:
        problems.append("to: must not be before from")
        date_to = None
    try:
        page = max(1, min(int(params.get("page", "1")), 10_000))
    except ValueError:
        page = 1
    clean = [
        v.replace("\x00", "").strip()[:200]
        for v in (params.get("participant", ""), params.get("q", ""))
    ]
    return HomeFilters(
        kind=kind,
        date_from=date_from,
        date_to=date_to,
        participant=clean[0],
        status=status,
        text=clean[1][:500],
        page=page,
        problems=tuple(problems),
    )


@dataclass(slots=True)
class Listing:
    rows: list[Any]
    participants: dict[str, list[Any]]
    total: int
    pages: int


async def list_recent(session: AsyncSession, org_id: str, f: HomeFilters) -> Listing:
    filters = ActivityFilter(
        is_call=KINDS[f.kind],
        from_at=range_start(f.date_from.isoformat()) if f.date_from else None,
        to_at=range_end(f.date_to.isoformat()) if f.date_to else None,
        status=f.status or None,
        participant=f.participant or None,
    )
    rows, total = await find_activities(
        session, org_id, filters, limit=PAGE_SIZE, skip=(f.page - 1) * PAGE_SIZE
    )
    people = await participants_of(session, org_id, [r.id for r in rows])
    return Listing(rows, people, total, max(1, -(-total // PAGE_SIZE)))


async def search(session: AsyncSession, org_id: str, f: HomeFilters) -> SearchPage:
    """Search by words and meaning (hybrid, as REST and MCP search by default) with the kind
    and date filters applied (participant and status are listing filters only: the search
    index does not hold them)."""
    query = SearchQuery(
        text=f.text,
        kind=f.kind,  # type: ignore[arg-type]
        date_from=f.date_from,
        date_to=f.date_to,
        limit=20,
        skip=(f.page - 1) * 20,
        matches_per_activity=3,
        mode="hybrid",
    )
    return await search_activities(session, org_id, query)


def marked(snippet: str) -> Markup:
    """The search snippet with its **matched** words as <mark>, everything else escaped."""
    out, last = [], 0
    for found in _MARKED.finditer(snippet):
        out.append(escape(snippet[last : found.start()]))
        out.append(Markup("<mark>") + escape(found.group(1)) + Markup("</mark>"))
        last = found.end()
    out.append(escape(snippet[last:]))
    return Markup("").join(out)
