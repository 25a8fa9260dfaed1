"""full-text search index: FTS5 tables on SQLite, tsvector + GIN on PostgreSQL

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-23 13:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from meetsight.db.migrations.frozen.search_index import (
    POSTGRES_DDL,
    POSTGRES_DROP,
    SQLITE_DDL,
    SQLITE_DROP,
    rebuild_postgres,
    rebuild_sqlite,
)

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    connection = op.get_bind()
    ddl = SQLITE_DDL if connection.dialect.name == "sqlite" else POSTGRES_DDL
    for statement in ddl:
        op.execute(statement)
    # Activities stored before the index existed become searchable at once.
    if connection.dialect.name == "sqlite":
        rebuild_sqlite(connection)
    else:
        rebuild_postgres(connection)


def downgrade() -> None:
    drop = SQLITE_DROP if op.get_bind().dialect.name == "sqlite" else POSTGRES_DROP
    for statement in drop:
        op.execute(statement)
