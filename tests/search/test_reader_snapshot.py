"""Search on the lean reader (REST search, the MCP search tools) runs in one read transaction on
SQLite and ends it: the next search sees what was committed since."""

from __future__ import annotations

import sqlite3

import pytest

from fixtures.factories import make_tenant
from meetsight.db.reads import SQLiteReader
from meetsight.search.parsing import parse_search_text
from meetsight.search.reading import search_on_reader
from meetsight.search.service import search_sqlite
from meetsight.search.types import SearchQuery
from meetsight.state import AppState

from .helpers import make_transcribed


async def test_reader_search_ends_its_transaction_and_sees_later_writes(state: AppState) -> None:
    if not isinstance(state.reader, SQLiteReader):
        pytest.skip("SQLite's reader connection")
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, ["The quokka budget."])
    query = SearchQuery(text="quokka")
    assert (await search_on_reader(state.reader, tenant.org_id, query)).total == 1
    connection = state.reader._connection  # the reader's own sqlite3 connection
    assert not connection.in_transaction
    await make_transcribed(state, tenant, ["Another quokka."])
    assert (await search_on_reader(state.reader, tenant.org_id, query)).total == 2
    assert not connection.in_transaction


async def test_sqlite_search_runs_in_one_read_transaction(state: AppState) -> None:
    """On a bare connection (autocommit, as the reader's): BEGIN first, COMMIT last, every search
    statement between them, and no transaction left open."""
    if not isinstance(state.reader, SQLiteReader):
        pytest.skip("SQLite's reader connection")
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, ["The wombat budget."])
    connection = sqlite3.connect(state.settings.sqlite_path, isolation_level=None)
    statements: list[str] = []
    connection.set_trace_callback(statements.append)
    try:
        query = SearchQuery(text="wombat")
        page = search_sqlite(connection, tenant.org_id, parse_search_text(query.text), query)
    finally:
        connection.close()
    assert page.total == 1
    assert statements[0] == "BEGIN" and statements[-1] == "COMMIT", statements
    assert statements.count("BEGIN") == 1 and len(statements) > 3
