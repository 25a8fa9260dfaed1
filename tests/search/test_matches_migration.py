"""Migration 0011 on an index made before it: search_matches is created, filled from
search_documents as they stand, and kept in step from then on by its trigger."""

from __future__ import annotations

import asyncio
import os
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from fixtures.topology import scratch_database
from meetsight.db.migrate import upgrade
from meetsight.search import postgres_index

from .helpers import insert_raw_activities

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")

_ROWS = (
    "SELECT activity_id, is_call, start_at, config::text, title_tsv::text, body_tsv::text"
    " FROM {table} ORDER BY activity_id"
)


async def test_migration_0011_fills_search_matches_and_keeps_it() -> None:
    assert PG_URL is not None
    async with scratch_database(PG_URL) as plain:
        url = plain.replace("postgresql://", "postgresql+asyncpg://", 1)
        await asyncio.to_thread(upgrade, url, "0010")
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_before_0011)
            await asyncio.to_thread(upgrade, url, "head")
            async with engine.begin() as conn:
                copied = await conn.run_sync(_both)
                assert copied[0] == copied[1] and len(copied[0]) == 3
                await conn.run_sync(_changes)
                after = await conn.run_sync(_both)
            assert after[0] == after[1] and len(after[0]) == 2
            assert "'budget'" in after[1][0][4]
        finally:
            await engine.dispose()


def _before_0011(conn: sa.Connection) -> None:
    """An index as the code before 0011 left it: search_documents, no search_matches."""
    insert_raw_activities(
        conn, (False, True, False), lambda n: datetime(2026, 7, n + 1, 9, tzinfo=UTC)
    )
    postgres_index.rebuild_all(conn)
    conn.execute(sa.text("DROP TABLE search_matches"))
    conn.execute(sa.text("DROP FUNCTION search_matches_follow() CASCADE"))
    assert conn.execute(sa.text("SELECT count(*) FROM search_documents")).scalar() == 3


def _both(conn: sa.Connection) -> list[list[sa.Row[tuple[object, ...]]]]:
    return [
        list(conn.execute(sa.text(_ROWS.format(table=table))).all())
        for table in ("search_documents", "search_matches")
    ]


def _changes(conn: sa.Connection) -> None:
    conn.execute(sa.text("UPDATE activities SET name = 'Budget review' WHERE id = 'a0'"))
    postgres_index.index_title(conn, "org", "a0")
    postgres_index.remove_activity(conn, "org", "a2")
