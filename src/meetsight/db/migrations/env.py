"""Alembic environment: async engines, batch mode on SQLite."""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from meetsight.db.engine import create_engine
from meetsight.schema.tables import Base
from meetsight.search.schema import is_search_table

target_metadata = Base.metadata


def _outside_search_index(name: str | None, type_: str, _parent: object) -> bool:
    # The search index is engine-specific DDL (FTS5, tsvector) kept out of the ORM metadata.
    return not (type_ == "table" and name is not None and is_search_table(name))


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        include_name=_outside_search_index,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async() -> None:
    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "")
    async with engine.connect() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
    else:
        asyncio.run(_run_async())


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported")
run_migrations_online()
