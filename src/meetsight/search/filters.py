"""The activity filters of a search (activity_filter.py's `ActivityFilter`) as raw SQL on the
activities table (alias `a`), shared by both engines; every value travels as a bound parameter."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa

from meetsight.activity_filter import ActivityFilter
from meetsight.db.base import UTCDateTime
from meetsight.db.like import escape_like
from meetsight.search.types import SearchQuery

ACTIVITY_COLUMNS: dict[str, sa.types.TypeEngine[Any]] = {
    "start_at": UTCDateTime(),
    "is_call": sa.Boolean(),
}


def activity_filter_of(query: SearchQuery) -> ActivityFilter:
    """The activity filter of a search: kind, days (UTC, both inclusive), the call filters and
    the ids. The last representable day has no day after it (date.max + 1 day raised
    OverflowError: a 500 for toDate=9999-12-31), and bounds nothing."""
    to_at = None
    if query.date_to is not None and query.date_to < date.max:
        to_at = datetime.combine(query.date_to, time(), UTC) + timedelta(days=1)
    return ActivityFilter(
        is_call=None if query.kind == "all" else query.kind == "calls",
        from_at=None if query.date_from is None else datetime.combine(query.date_from, time(), UTC),
        to_at=to_at,
        direction=query.direction.lower() if query.direction is not None else None,
        from_number_contains=query.from_number,
        to_number_contains=query.to_number,
        activity_ids=None if query.activity_ids is None else sorted(query.activity_ids),
    )


def activity_filters(
    query: SearchQuery, *, sqlite: bool, kind_and_start: str = "a"
) -> tuple[str, dict[str, Any], list[sa.BindParameter[Any]]]:
    """(SQL to AND into the WHERE, its parameters, typed bind parameters) of the search's
    activity filter. is_call and start_at are read from the alias `kind_and_start`; the call
    filters and ids from `a`. `sqlite`: the SQL is for SQLite, else for PostgreSQL (they unpack
    the ids differently)."""
    return rendered(activity_filter_of(query), sqlite=sqlite, kind_and_start=kind_and_start)


def rendered(
    f: ActivityFilter, *, sqlite: bool, kind_and_start: str
) -> tuple[str, dict[str, Any], list[sa.BindParameter[Any]]]:
    """An activity filter as the search index's raw SQL (activity_filters). Only the filters a
    search takes are rendered: kind, start, direction, the numbers (case kept) and the ids."""
    clauses: list[str] = []
    params: dict[str, Any] = {}
    binds: list[sa.BindParameter[Any]] = []
    if f.is_call is not None:
        clauses.append(f"{kind_and_start}.is_call = :is_call")
        params["is_call"] = f.is_call
        binds.append(sa.bindparam("is_call", type_=sa.Boolean()))
    if f.from_at is not None:
        clauses.append(f"{kind_and_start}.start_at >= :from_at")
        params["from_at"] = f.from_at
        binds.append(sa.bindparam("from_at", type_=UTCDateTime()))
    if f.to_at is not None:
        clauses.append(f"{kind_and_start}.start_at < :to_at")
        params["to_at"] = f.to_at
        binds.append(sa.bindparam("to_at", type_=UTCDateTime()))
    if f.direction is not None:
        clauses.append("a.direction = :direction")
        params["direction"] = f.direction
    for column in ("from_number", "to_number"):
        value = getattr(f, f"{column}_contains")
        if value:
            clauses.append(f"a.{column} LIKE :{column} ESCAPE '\\'")
            params[column] = f"%{escape_like(value)}%"
    if f.activity_ids is not None:
        # One parameter for all of them: an account may have more conversations than a
        # statement takes parameters (asyncpg: 32767), and the list was one per id.
        if not f.activity_ids:
            clauses.append("1 = 0")
        elif sqlite:
            clauses.append("a.id IN (SELECT value FROM json_each(:activity_ids))")
            params["activity_ids"] = json.dumps(sorted(f.activity_ids))
        else:
            clauses.append("a.id = ANY(CAST(:activity_ids AS text[]))")
            params["activity_ids"] = sorted(f.activity_ids)
    sql = "".join(f" AND {clause}" for clause in clauses)
    return sql, params, binds


def needs_activities_join(query: SearchQuery) -> bool:
    """Whether the filters read the activities table `a` (the call columns, the ids)."""
    return bool(
        query.direction or query.from_number or query.to_number or query.activity_ids is not None
    )
