"""Keeping the search index in step with the data, on either engine. Called by
`store_segments` (every transcript write), the activity delete and the title events; each runs
in the caller's transaction, so the index never disagrees with a committed transcript."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from meetsight.db.unit_of_work import checkpoint
from meetsight.search import postgres_index, sqlite_index, vectors, vectors_repository
from meetsight.search.repository import INDEX_ROWS
from meetsight.search.schema import POSTGRES_TABLES, IndexedSentence


def index_transcript_sync(
    conn: Connection, org_id: str, activity_id: str, sentences: Sequence[IndexedSentence]
) -> None:
    if conn.dialect.name == "sqlite":
        sqlite_index.index_transcript(conn, org_id, activity_id, sentences)
    else:
        postgres_index.index_activity(conn, org_id, activity_id)


async def index_transcript(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    sentences: Sequence[IndexedSentence],
    embedded: Mapping[bytes, bytes] | None = None,
) -> None:
    """Replace the activity's sentences in the index, and their vectors for search by meaning
    (sentences not seen before are embedded on a worker thread, outside the session's
    statements: about 3 ms a sentence). The segments must be flushed already (PostgreSQL
    reads them back). `embedded`: vectors computed before the transaction (vectors.preembed)."""
    await session.run_sync(
        lambda sync: index_transcript_sync(sync.connection(), org_id, activity_id, sentences)
    )
    await _store_vectors(session, org_id, activity_id, [s.text for s in sentences], embedded)


def index_title_sync(conn: Connection, org_id: str, activity_id: str, name: str) -> None:
    if conn.dialect.name == "sqlite":
        sqlite_index.index_title(conn, org_id, activity_id, name)
    else:
        postgres_index.index_title(conn, org_id, activity_id)
    vectors.store_title_vector(conn, org_id, activity_id, name)  # one short text: ~10 ms


def reindex_activity_sync(conn: Connection, org_id: str, activity_id: str, name: str) -> None:
    """Title and transcript again (a new language changes PostgreSQL's stemming)."""
    if conn.dialect.name == "sqlite":
        sqlite_index.index_title(conn, org_id, activity_id, name)
    else:
        postgres_index.index_activity(conn, org_id, activity_id)
    vectors.store_title_vector(conn, org_id, activity_id, name)  # vectors know no language


async def remove_from_search(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """Remove every index row of the activity (called before its rows are deleted)."""

    def run(sync: Session) -> None:
        conn = sync.connection()
        if conn.dialect.name == "sqlite":
            sqlite_index.remove_activity(conn, org_id, activity_id)
        else:
            postgres_index.remove_activity(conn, org_id, activity_id)
        vectors.remove_vectors(conn, org_id, activity_id)

    await session.run_sync(run)


def rebuild_search_index(conn: Connection) -> None:
    """Index every activity from scratch (after a bulk load)."""
    if conn.dialect.name == "sqlite":
        sqlite_index.rebuild_all(conn)
    else:
        postgres_index.rebuild_all(conn)


async def count_search_rows(session: AsyncSession, org_id: str, activity_id: str) -> int:
    """Index rows that belong to the activity, sentence vectors included, on either engine
    (for tests and checks)."""
    vector_rows = await session.run_sync(
        lambda s: vectors.count_vectors(s.connection(), org_id, activity_id)
    )
    return vector_rows + await _count_text_rows(session, org_id, activity_id)


async def _count_text_rows(session: AsyncSession, org_id: str, activity_id: str) -> int:
    if session.get_bind().dialect.name != "sqlite":
        total = 0
        for table in POSTGRES_TABLES:
            total += int(
                await session.scalar(INDEX_ROWS[table], {"org": org_id, "act": activity_id}) or 0
            )
        return total
    return await session.run_sync(lambda s: _sqlite_rows(s.connection(), org_id, activity_id))


def _sqlite_rows(conn: Connection, org_id: str, activity_id: str) -> int:
    key = sqlite_index.doc_key(conn, org_id, activity_id, create=False)
    if key is None:
        return 0
    low, high = sqlite_index.segment_range(key)
    queries = (
        ("SELECT count(*) FROM search_titles WHERE rowid = :key", {"key": key}),
        ("SELECT count(*) FROM search_transcripts WHERE rowid = :key", {"key": key}),
        (
            "SELECT count(*) FROM search_segments WHERE rowid BETWEEN :lo AND :hi",
            {"lo": low, "hi": high},
        ),
    )
    return 1 + sum(int(conn.execute(sa.text(q), p).scalar() or 0) for q, p in queries)


async def backfill_vectors(session: AsyncSession) -> int:
    """Sentence vectors for every activity without a title vector (transcripts stored before
    migration 0016, whose segments may have had theirs from a tracker since: trackers store the
    segment vectors they embed: vectors.fill_segments), one activity per transaction; the
    number of activities given vectors."""
    missing = sa.text(
        "SELECT a.organization_id, a.id, a.name FROM activities a WHERE NOT EXISTS"
        " (SELECT 1 FROM search_vectors v WHERE v.organization_id = a.organization_id"
        " AND v.activity_id = a.id AND v.position = -1) ORDER BY a.organization_id, a.start_at"
    )
    done = 0
    for org_id, activity_id, name in (await session.execute(missing)).all():
        contents = [
            str(t)
            for t in (
                await session.execute(vectors_repository.TEXTS, {"org": org_id, "act": activity_id})
            ).scalars()
        ]
        await session.run_sync(
            lambda sync: vectors.store_title_vector(sync.connection(), org_id, activity_id, name)  # noqa: B023
        )
        await _store_vectors(session, org_id, activity_id, contents)
        await checkpoint(session)  # one activity per transaction: a long backfill keeps its work
        done += 1
    return done


async def _store_vectors(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    texts: list[str],
    embedded: Mapping[bytes, bytes] | None = None,
) -> None:
    planned = await session.run_sync(
        lambda sync: vectors.plan_segments(sync.connection(), org_id, activity_id, texts, embedded)
    )
    if planned is None:
        return
    fresh = await asyncio.to_thread(vectors.embed_texts, planned.missing)
    await session.run_sync(
        lambda sync: vectors.write_segments(sync.connection(), org_id, activity_id, planned, fresh)
    )
