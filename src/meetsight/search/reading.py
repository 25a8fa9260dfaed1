"""Full-text search on the lean read path (meetsight.db.reads) instead of an ORM session.

The search itself is meetsight.search.service's (the same bounds, backends and ranking); only
how the connection is obtained differs. A search on a small corpus takes well under a
millisecond in SQLite, while the ORM session, its greenlet and the async adaptation around each
of the search's five or six statements cost several; REST search and the MCP search tools both
come here.
"""

from __future__ import annotations

from meetsight.db.reads import Reader, SQLiteReader
from meetsight.search.parsing import parse_search_text
from meetsight.search.service import check_bounds, search_postgres, search_sqlite, vector_of
from meetsight.search.types import SearchPage, SearchQuery


async def search_on_reader(reader: Reader, org_id: str, query: SearchQuery) -> SearchPage:
    """As service.search_activities, raising ValidationFailed for the same queries."""
    parsed = parse_search_text(query.text)
    check_bounds(query)
    vector = vector_of(query)
    if isinstance(reader, SQLiteReader):
        # The reader's own sqlite3 connection under its sync engine: statements run on it direct.
        return await reader.run_sync(
            lambda connection: search_sqlite(
                connection.connection.driver_connection, org_id, parsed, query, vector
            )
        )
    async with reader.connect() as connection:  # an AsyncConnection on other engines
        return await search_postgres(connection, org_id, parsed, query, vector)
