"""SQLite numbers an organization's meetings and calls in two halves of its key range (migration
0010), so a search for one kind keeps to its half inside FTS5. Checked for keys given as
activities are indexed, and for an index numbered before 0010, which the migration renumbers."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from fixtures.factories import make_tenant
from meetsight.db.migrate import upgrade
from meetsight.search import sqlite_index, sqlite_search
from meetsight.search.parsing import parse_search_text
from meetsight.search.schema import KIND_BIT
from meetsight.search.service import search_sqlite
from meetsight.search.types import SearchQuery
from meetsight.state import AppState

from .helpers import insert_raw_activities, make_transcribed, run_search


def _kind_bits(db: sqlite3.Connection | sa.Connection, org: str) -> list[tuple[bool, bool]]:
    """(is_call, the key's kind bit) of every indexed activity of the organization."""
    sql = "SELECT is_call, doc_key FROM search_keys WHERE organization_id = :org"
    if isinstance(db, sa.Connection):
        rows = db.execute(sa.text(sql), {"org": org})
    else:
        rows = db.execute(sql, {"org": org})
    return [(bool(is_call), bool(key >> KIND_BIT & 1)) for is_call, key in rows]


async def test_keys_given_while_indexing_fall_in_their_kinds_half(state: AppState) -> None:
    if state.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's key layout")
    tenant = await make_tenant(state)
    for day in range(1, 9):
        await make_transcribed(
            state,
            tenant,
            [f"Pricing on day {day}."],
            is_call=day % 3 == 0,
            start=datetime(2026, 7, day, tzinfo=UTC),
        )
    async with state.engine.connect() as conn:
        bits = await conn.run_sync(_kind_bits, tenant.org_id)
    assert len(bits) == 8 and all(is_call == bit for is_call, bit in bits)
    calls = await run_search(state, tenant.org_id, "pricing", kind="calls")
    meetings = await run_search(state, tenant.org_id, "pricing", kind="meetings")
    assert (calls.total, meetings.total) == (2, 6)
    assert all(hit.is_call for hit in calls.hits) and not any(h.is_call for h in meetings.hits)


def test_migration_0010_renumbers_an_index_of_mixed_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0009")
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    with engine.begin() as conn:
        insert_raw_activities(
            conn, (False, True, False, True), lambda n: f"2026-07-0{n + 1} 09:00:00"
        )
        # Numbered as before revision 0010: one range for both kinds.
        with monkeypatch.context() as patch:
            patch.setattr(sqlite_index, "kind_range", lambda no, _call: sqlite_index.org_range(no))
            sqlite_index.rebuild_all(conn)
        assert sorted(_kind_bits(conn, "org")) == [
            (False, False),
            (False, False),
            (True, False),
            (True, False),
        ]
    engine.dispose()

    upgrade(url, "head")
    db = sqlite3.connect(tmp_path / "old.db")
    assert sorted(_kind_bits(db, "org")) == [
        (False, False),
        (False, False),
        (True, True),
        (True, True),
    ]
    for kind, ids in (("calls", ["a3", "a1"]), ("meetings", ["a2", "a0"]), ("all", None)):
        page = search_sqlite(
            db, "org", parse_search_text("renewal"), SearchQuery("renewal", kind=kind)
        )  # type: ignore[arg-type]
        assert page.total == (len(ids) if ids else 4)
        if ids:
            assert [hit.activity_id for hit in page.hits] == ids
    db.close()


async def test_both_kinds_scored_in_one_statement_when_few_keys_lie_between(
    state: AppState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search of meetings and calls ranks keys of both halves: one bm25 statement for both
    when few keys lie between them (each statement pays bm25's whole-table pass), one per half
    when many do; the same page either way."""
    if state.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's key layout")
    tenant = await make_tenant(state)
    for day in range(1, 13):
        await make_transcribed(
            state,
            tenant,
            [f"Pricing talk {day}."],
            is_call=day % 3 == 0,
            start=datetime(2026, 8, day, tzinfo=UTC),
        )
    pages, bm25_statements = [], []
    for gap in (10**9, 0):
        monkeypatch.setattr(sqlite_search, "MERGE_GAP", gap)
        connection = sqlite3.connect(state.settings.sqlite_path, isolation_level=None)
        statements: list[str] = []
        connection.set_trace_callback(statements.append)
        try:
            query = SearchQuery(text="pricing")
            pages.append(
                search_sqlite(connection, tenant.org_id, parse_search_text("pricing"), query)
            )
        finally:
            connection.close()
        bm25_statements.append(sum(s.startswith("SELECT rowid, -bm25(") for s in statements))
    assert pages[0] == pages[1] and pages[0].total == 12
    assert {hit.is_call for hit in pages[0].hits} == {True, False}
    assert bm25_statements == [1, 2]
