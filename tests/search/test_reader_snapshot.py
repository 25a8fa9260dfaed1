"""Search on the lean reader (REST search, the MCP search tools) runs in one read transaction on
SQLite and ends it: the next search sees what was committed since."""

from __future__ import annotations

import pytest

from fixtures.factories import make_tenant
from meetsight.db.reads import SQLiteReader
from meetsight.search.reading import search_on_reader
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
