"""Full-text search over activity titles and transcript sentences, scoped by organization.

Ranking is bounded: the matching activities are found and counted through the index, the
RANK_WINDOW newest of them are ranked by relevance, and only that window pays for the
relevance function. Pages that go past the window continue in recency order. Ranking every
match is what made a naive ranked query slow at a million sentences (see docs/search.md).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import numpy as np
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from meetsight.db.sqlite_inline import InlineConnection
from meetsight.errors import ValidationFailed
from meetsight.search.backend import Activity, Candidate, Ranking, Relevance, SearchBackend
from meetsight.search.meaning import Reads, fuse, meaning_hits, query_vector
from meetsight.search.parsing import ParsedQuery, parse_search_text
from meetsight.search.postgres_page import first_page
from meetsight.search.postgres_search import PostgresSearch
from meetsight.search.sqlite_search import SqliteSearch
from meetsight.search.types import MODES, SearchHit, SearchPage, SearchQuery, SentenceMatch

RANK_WINDOW = 200
TITLE_BOOST = 10.0  # a title match outranks any transcript-only match
MAX_LIMIT = 50
MAX_MATCHES_PER_ACTIVITY = 20
# Search by meaning ranks its first skip + limit activities in full (both rankings): pages past
# this are the search of words' alone (mode lexical).
MAX_MEANING_DEPTH = 1000
_SQLITE = SqliteSearch()
# Query embeddings: numpy releases the GIL in its matrix products, so one runs beside the
# search of words. Two threads: a burst of searches queues here rather than on the loop.
_EMBEDDING = ThreadPoolExecutor(max_workers=2, thread_name_prefix="query-embedding")
_POSTGRES = PostgresSearch()


async def search_activities(session: AsyncSession, org_id: str, query: SearchQuery) -> SearchPage:
    """Activities of `org_id` matching `query`, best first, with their matching sentences.

    Raises `ValidationFailed` (422) for an unusable query: empty, only operators, longer than
    500 characters, a NUL character, or limit/skip/matches out of range.
    """
    parsed = parse_search_text(query.text)
    check_bounds(query)
    vector = vector_of(query)
    connection = await session.connection()
    if connection.dialect.name == "sqlite":
        # The session's own sqlite3 connection, statements run on it directly and inline (as
        # the engine's inline driver runs every statement): no SQLAlchemy per statement.
        driver = (await connection.get_raw_connection()).driver_connection
        if not isinstance(driver, InlineConnection):
            raise TypeError("search needs the engine from meetsight.db.engine.create_engine")
        return search_sqlite(driver.sqlite, org_id, parsed, query, vector)
    return await search_postgres(connection, org_id, parsed, query, vector)


def vector_of(query: SearchQuery) -> Future[np.ndarray] | None:
    """The query's vector when the mode searches by meaning, being embedded on a worker thread
    (about 7 to 10 ms) while the search of words runs: taken when the meaning part needs it."""
    if query.mode == "lexical":
        return None
    return _EMBEDDING.submit(query_vector, query.text.strip())


def search_sqlite(
    sqlite: Any,
    org_id: str,
    parsed: ParsedQuery,
    query: SearchQuery,
    vector: Future[np.ndarray] | None = None,
) -> SearchPage:
    """The search on a plain sqlite3 connection (a session's or the lean reader's), in one read
    transaction when the connection is not in one already: one snapshot for all of the search's
    statements, and WAL's read lock taken once rather than per statement (at 1M segments, p50
    2.90 -> 2.65 ms)."""
    if sqlite.in_transaction:
        return _sqlite_modes(sqlite, org_id, parsed, query, vector)
    sqlite.execute("BEGIN")
    try:
        return _sqlite_modes(sqlite, org_id, parsed, query, vector)
    finally:
        sqlite.execute("COMMIT")  # nothing written: ends the snapshot


def _sqlite_modes(
    sqlite: Any,
    org_id: str,
    parsed: ParsedQuery,
    query: SearchQuery,
    vector: Future[np.ndarray] | None,
) -> SearchPage:
    if vector is None:
        return _search(_SQLITE, sqlite, org_id, parsed, query)
    lexical = None
    if query.mode == "hybrid":
        lexical = _search(_SQLITE, sqlite, org_id, parsed, _fused_depth(query))
    reads = Reads(sqlite)
    found = meaning_hits(reads, org_id, query, vector.result(), query.skip + query.limit)
    return fuse(reads, org_id, query, lexical, found)


def _fused_depth(query: SearchQuery) -> SearchQuery:
    """The search of words for fusion: its first skip + limit hits."""
    return replace(query, skip=0, limit=query.skip + query.limit)


async def search_postgres(
    connection: AsyncConnection,
    org_id: str,
    parsed: ParsedQuery,
    query: SearchQuery,
    vector: Future[np.ndarray] | None = None,
) -> SearchPage:
    """PostgreSQL: a page within the rank window in one statement on the asyncpg connection
    (postgres_page); later pages through the general path."""
    if vector is not None:
        lexical = None
        if query.mode == "hybrid":
            lexical = await search_postgres(connection, org_id, parsed, _fused_depth(query))
        embedded = await asyncio.wrap_future(vector)

        def by_meaning(sync: Any) -> SearchPage:
            reads = Reads(sync)
            found = meaning_hits(reads, org_id, query, embedded, query.skip + query.limit)
            return fuse(reads, org_id, query, lexical, found)

        return await connection.run_sync(by_meaning)
    driver = (await connection.get_raw_connection()).driver_connection
    found = await first_page(
        driver, org_id, parsed, query, window=RANK_WINDOW, title_boost=TITLE_BOOST
    )
    if found is not None:
        total, rows = found
        hits = tuple(
            _hit(Candidate(r.activity_id, r.activity_id), r.activity, r.relevance, r.matches)
            for r in rows
        )
        return SearchPage(total=total, hits=hits)
    return await connection.run_sync(lambda sync: _search(_POSTGRES, sync, org_id, parsed, query))


def check_bounds(query: SearchQuery) -> None:
    if not 1 <= query.limit <= MAX_LIMIT:
        raise ValidationFailed(f"limit: must be between 1 and {MAX_LIMIT}")
    if query.skip < 0:
        raise ValidationFailed("skip: must not be negative")
    if not 0 <= query.matches_per_activity <= MAX_MATCHES_PER_ACTIVITY:
        raise ValidationFailed(
            f"matches_per_activity: must be between 0 and {MAX_MATCHES_PER_ACTIVITY}"
        )
    if query.date_from and query.date_to and query.date_from > query.date_to:
        raise ValidationFailed("date_from: must not be after date_to")
    if query.mode not in MODES:
        raise ValidationFailed(f"mode: must be one of {', '.join(MODES)}")
    if query.mode != "lexical" and query.skip + query.limit > MAX_MEANING_DEPTH:
        raise ValidationFailed(
            f"skip: search by meaning reaches its first {MAX_MEANING_DEPTH} results;"
            " page further with mode lexical"
        )


def _search(
    backend: SearchBackend, conn: Any, org_id: str, parsed: ParsedQuery, query: SearchQuery
) -> SearchPage:
    prepared = backend.prepare(conn, org_id, parsed)
    if prepared is None:
        return SearchPage(total=0)
    window, total = backend.candidates(conn, prepared, query, limit=RANK_WINDOW, offset=0)
    ranking = backend.relevance(conn, prepared, query, [c.key for c in window])
    ordered = _by_rank(window, ranking)
    end = query.skip + query.limit
    if end > len(ordered) and total > len(ordered):
        tail, _ = backend.candidates(
            conn, prepared, query, limit=end - len(ordered), offset=len(ordered)
        )
        more = backend.relevance(conn, prepared, query, [c.key for c in tail])
        ranking = Ranking({**ranking.scores, **more.scores}, {*ranking.titles, *more.titles})
        ordered += tail
    page = ordered[query.skip : end]
    found: dict[str, list[SentenceMatch]] = {}
    if query.scope != "title" and query.matches_per_activity and page:
        found = backend.sentences(conn, prepared, page, query.matches_per_activity)
    described = backend.describe(conn, org_id, [c.activity_id for c in page if c.activity is None])
    hits = tuple(
        _hit(
            c,
            c.activity or described[c.activity_id],
            ranking.of(c.key),
            found.get(c.activity_id, []),
        )
        for c in page
        if c.activity or c.activity_id in described
    )
    return SearchPage(total=total, hits=hits)


def _by_rank(window: list[Candidate], ranking: Ranking) -> list[Candidate]:
    """Best first; a stable sort, so equal relevance keeps the window's newest-first order.
    The sort keys in one list: a key function per candidate cost as much as the sort."""
    scores, titles = ranking.scores, ranking.titles
    lower_first = [
        -(scores.get(c.key, 0.0) + (TITLE_BOOST if c.key in titles else 0.0)) for c in window
    ]
    return [window[i] for i in sorted(range(len(window)), key=lower_first.__getitem__)]


def _rank(relevance: Relevance | None) -> float:
    if relevance is None:
        return 0.0
    return relevance.score + (TITLE_BOOST if relevance.title_matched else 0.0)


def _hit(
    candidate: Candidate,
    activity: Activity,
    relevance: Relevance | None,
    matches: list[SentenceMatch],
) -> SearchHit:
    return SearchHit(
        activity_id=candidate.activity_id,
        is_call=activity.is_call,
        name=activity.name,
        start_at=activity.start_at,
        rank=round(_rank(relevance), 6),
        title_matched=bool(relevance and relevance.title_matched),
        matches=tuple(matches),
    )
