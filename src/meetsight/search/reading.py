"""Full-text search on the lean read path (meetsight.db.reads) instead of an ORM session.

The search itself is meetsight.search.service's (the same bounds, backends and ranking); only
how the connection is obtained differs. A search on a small corpus takes well under a
millisecond in SQLite, while the ORM session, its greenlet and the async adaptation around each
of the search's five or six statements cost several; REST search and the MCP search tools both
come here.
"""

from __future__ import annotations

from meetsight.db.reads import Reader
from meetsight.search.parsing import parse_search_text
from meetsight.search.service import _check_bounds, _search
from meetsight.search.types import SearchPage, SearchQuery


async def search_on_reader(reader: Reader, org_id: str, query: SearchQuery) -> SearchPage:
    """As service.search_activities, raising ValidationFailed for the same queries."""
    parsed = parse_search_text(query.text)
    _check_bounds(query)
    return await reader.run_sync(lambda connection: _search(connection, org_id, parsed, query))
