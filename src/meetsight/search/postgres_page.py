"""PostgreSQL: a result page within the rank window in one statement, run on the asyncpg
connection itself.

The general path (`PostgresSearch` through SQLAlchemy) takes two statements, ranks in Python
and pays SQLAlchemy's per-statement work; on a busy server every round trip also waits for the
backend to be scheduled. Here matching, counting, the window, its ranks, the ranking itself
(the same order as the service's: relevance plus the title boost, ties newest first), names and
the page's sentences with their snippets are one statement: one round trip. Pages that reach
past the window still take the general path.

A repository (declared in tools/tenant_scope.py): its raw SQL is scoped by the
organization (`organization_id = :org`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from meetsight.search.backend import Activity, Relevance
from meetsight.search.parsing import ParsedQuery
from meetsight.search.postgres_search import HEADLINE_OPTIONS, prepare_query, window_sql
from meetsight.search.types import SearchQuery, SentenceMatch

_NAMED = re.compile(r"(?<!:):([A-Za-z_]\w*)")


@dataclass(frozen=True, slots=True)
class PageRow:
    activity_id: str
    activity: Activity
    relevance: Relevance
    matches: list[SentenceMatch]


def build(
    org_id: str, parsed: ParsedQuery, query: SearchQuery, *, window: int, title_boost: float
) -> tuple[str, dict[str, Any]]:
    """The page's statement with named parameters, and their values."""
    prepared = prepare_query(org_id, parsed)
    parts = window_sql(prepared, query)
    sentences = query.scope != "title" and query.matches_per_activity > 0
    # With several parts, sentences holding all of them first (as PostgresSearch.sentences).
    order = (
        "(x.tsv @@ (SELECT q_all FROM q)) DESC, x.position"
        if len(parsed.parts) > 1
        else ("x.position")
    )
    lateral = (
        " LEFT JOIN LATERAL (SELECT x.position, s.start_time, s.end_time, s.participant_name,"
        " ts_headline(pg.config, s.content, (SELECT q_any FROM q), :options) AS snippet"
        " FROM (SELECT x.position FROM search_segments x"
        "   WHERE x.organization_id = :org AND x.activity_id = pg.id"
        f"   AND x.tsv @@ (SELECT q_any FROM q) ORDER BY {order} LIMIT :k) x"
        " JOIN transcript_segments s ON s.organization_id = :org AND s.activity_id = pg.id"
        " AND s.position = x.position) m ON true"
        if sentences
        else " LEFT JOIN LATERAL (SELECT NULL::int AS position, NULL::float8 AS start_time,"
        " NULL::float8 AS end_time, NULL::text AS participant_name, NULL::text AS snippet) m"
        " ON true"
    )
    sql = (
        parts.with_q_and_w + ", r AS (SELECT w.id, w.is_call, w.start_at, w.total, d.config,"
        f" {parts.title} AS title_matched, ({parts.body})::float8 AS score,"
        " row_number() OVER (ORDER BY w.start_at DESC, w.id DESC) AS age"
        " FROM w JOIN search_documents d ON d.organization_id = :org AND d.activity_id = w.id),"
        " p AS (SELECT r.*, row_number() OVER (ORDER BY r.score"
        " + CASE WHEN r.title_matched THEN :boost ELSE 0.0 END DESC, r.age) AS place FROM r),"
        " pg AS MATERIALIZED (SELECT * FROM p WHERE place > :skip AND place <= :page_end)"
        " SELECT pg.id, pg.is_call, pg.start_at, pg.total, pg.title_matched, pg.score, a.name,"
        " m.position, m.start_time, m.end_time, m.participant_name, m.snippet"
        " FROM pg JOIN activities a ON a.organization_id = :org AND a.id = pg.id"
        + lateral
        + " ORDER BY pg.place, m.position"
    )
    values = {
        **parts.params,
        "limit": window,
        "offset": 0,
        "boost": title_boost,
        "skip": query.skip,
        "page_end": query.skip + query.limit,
        "options": HEADLINE_OPTIONS,
        "k": query.matches_per_activity,
    }
    return sql, values


def positional(sql: str, values: dict[str, Any]) -> tuple[str, list[Any]]:
    """`:name` parameters as asyncpg's `$n` (casts written `::type` are left alone)."""
    names: dict[str, int] = {}

    def number(match: re.Match[str]) -> str:
        return f"${names.setdefault(match.group(1), len(names) + 1)}"

    text = _NAMED.sub(number, sql)
    return text, [values[name] for name in names]


async def first_page(
    driver: Any,
    org_id: str,
    parsed: ParsedQuery,
    query: SearchQuery,
    *,
    window: int,
    title_boost: float,
) -> tuple[int, list[PageRow]] | None:
    """(total, the page's rows in rank order), or None when the page reaches past the window
    or lies past the last match (the general path then answers, with the total)."""
    if query.skip + query.limit > window:
        return None
    sql, args = positional(*build(org_id, parsed, query, window=window, title_boost=title_boost))
    rows = await driver.fetch(sql, *args)
    if not rows:
        return (0, []) if not query.skip else None
    page: dict[str, PageRow] = {}
    for r in rows:
        row = page.get(r["id"])
        if row is None:
            start = r["start_at"]
            row = page[r["id"]] = PageRow(
                r["id"],
                Activity(r["name"], bool(r["is_call"]), start and start.astimezone(UTC)),
                Relevance(bool(r["title_matched"]), float(r["score"])),
                [],
            )
        if r["position"] is not None:
            row.matches.append(
                SentenceMatch(
                    position=r["position"],
                    speaker=r["participant_name"],
                    start_time=float(r["start_time"]),
                    end_time=float(r["end_time"]),
                    snippet=r["snippet"],
                )
            )
    return int(rows[0]["total"]), list(page.values())
