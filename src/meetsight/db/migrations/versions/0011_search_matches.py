"""search index: PostgreSQL's search_matches, narrow rows for the window of a search of words

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 04:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from meetsight.db.migrations.frozen.search_index import POSTGRES_MATCHES_COPY, POSTGRES_MATCHES_DDL

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        return  # FTS5 keeps each kind's documents in one key range already (0010)
    # An index made by 0005 from this code has the table already (frozen POSTGRES_DDL), an
    # older one has not; either way it is filled from search_documents as they stand, and its
    # trigger keeps it in step from then on, also with a previous version's processes that
    # still write search_documents alone during a rolling upgrade.
    for statement in POSTGRES_MATCHES_DDL:
        op.execute(statement)
    op.execute("TRUNCATE search_matches")
    op.execute(POSTGRES_MATCHES_COPY)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP TABLE IF EXISTS search_matches")
        op.execute("DROP FUNCTION IF EXISTS search_matches_follow() CASCADE")
