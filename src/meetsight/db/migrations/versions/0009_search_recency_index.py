"""search index: a recency index on SQLite's search_keys, and FTS5 segments merged once

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-23 16:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from meetsight.db.migrations.frozen.search_index import SQLITE_FTS_TABLES, SQLITE_RECENCY_INDEX

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return  # PostgreSQL orders and filters on search_documents' own columns
    op.execute(SQLITE_RECENCY_INDEX)
    for table in SQLITE_FTS_TABLES:  # one b-tree per table: every lookup reads one segment
        op.execute(f"INSERT INTO {table} ({table}) VALUES ('optimize')")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP INDEX IF EXISTS ix_search_keys_recency")
