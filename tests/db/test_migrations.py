"""The migrations build exactly the schema the models describe, on every engine under test."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

import meetsight.schema.tables  # noqa: F401  (registers every table)
from meetsight.db.base import Base
from meetsight.search.schema import is_search_table
from meetsight.state import AppState


def _diff(connection: Any) -> list[Any]:
    context = MigrationContext.configure(
        connection,
        opts={
            "compare_type": True,
            "compare_server_default": False,
            # the search index's tables are engine-specific DDL outside the metadata
            "include_name": lambda name, type_, _parent: (
                not (type_ == "table" and is_search_table(name))
            ),
        },
    )
    return list(compare_metadata(context, Base.metadata))


# SQLite cannot reflect an expression index (0019's lower-cased tracker names): alembic says so
# and compares the rest; PostgreSQL compares it too.
@pytest.mark.filterwarnings("ignore:.*expression-based index:UserWarning")
@pytest.mark.filterwarnings("ignore:Skipped unsupported reflection of expression-based index")
async def test_migrated_schema_matches_models(state: AppState) -> None:
    async with state.engine.connect() as connection:
        diff = await connection.run_sync(_diff)
    assert diff == []
