"""PostgreSQL's search_matches: migration 0011 on an index made before it (created, filled from
search_documents as they stand, kept in step from then on by its trigger), and the key lexeme
never standing in for a query that has no words."""

from __future__ import annotations

import asyncio
import os
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from fixtures.factories import make_tenant
from fixtures.topology import scratch_database
from meetsight.db.migrate import upgrade
from meetsight.search import postgres_index
from meetsight.state import AppState

from .helpers import (
    MATCHES_FROM_DOCUMENTS,
    MATCHES_STORED,
    insert_raw_activities,
    make_transcribed,
    run_search,
)

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")


@pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")
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
            assert "'budget'" in after[1][0][3]  # the title
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
    """search_matches as it should stand, and as it does."""
    return [
        list(conn.execute(sa.text(sql), {"org": "org"}).all())
        for sql in (MATCHES_FROM_DOCUMENTS, MATCHES_STORED)
    ]


def _changes(conn: sa.Connection) -> None:
    conn.execute(sa.text("UPDATE activities SET name = 'Budget review' WHERE id = 'a0'"))
    postgres_index.index_title(conn, "org", "a0")
    postgres_index.remove_activity(conn, "org", "a2")


async def test_a_form_without_lexemes_matches_nothing(state: AppState) -> None:
    """English stop words alone: the English form of the query has no lexeme. On
    search_documents such a form matched nothing; on search_matches it must not become the key
    alone (which every document of the organization holds)."""
    if state.engine.dialect.name != "postgresql":
        pytest.skip("PostgreSQL's keyed documents")
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, ["The price of the plan."])
    assert (await run_search(state, tenant.org_id, "the")).total == 0
    assert (await run_search(state, tenant.org_id, "the price")).total == 1
