"""The search's statements outside the index modules of each engine (tools/tenant_scope.py
declares those repositories), each scoped by the organization (`:org`): what meaning search
reads of activities and segments (search/meaning.py) and the index rows counted for checks
(search/indexing.py). The search vectors' statements are in search/vectors_repository.py."""

from __future__ import annotations

import sqlalchemy as sa

from meetsight.search.schema import POSTGRES_TABLES

# One activity's rows in each PostgreSQL index table.
INDEX_ROWS = {
    table: sa.text(
        f"SELECT count(*) FROM {table} WHERE organization_id = :org AND activity_id = :act"
    )
    for table in POSTGRES_TABLES
}


def described_activities(ids: str, filters: str) -> str:
    """id, name, is_call, start_at of the activities `a` in the list `ids` (bound
    placeholders) that pass `filters` (search/filters.py's SQL)."""
    return (
        "SELECT a.id, a.name, a.is_call, a.start_at FROM activities a"
        f" WHERE a.organization_id = :org AND a.id IN {ids}{filters}"
    )


def sentences_at(ids: str, positions: str) -> str:
    """The segments at these positions of these activities (lists of bound placeholders)."""
    return (
        "SELECT activity_id, position, participant_name, start_time, end_time, content"
        " FROM transcript_segments WHERE organization_id = :org"
        f" AND activity_id IN {ids} AND position IN {positions}"
    )
