"""search index: SQLite document keys in two halves per organization, meetings and calls

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23 19:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from meetsight.db.migrations.frozen.search_index import rebuild_sqlite

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Keys given before this revision mix meetings and calls in one range: every document is
    # numbered again (in start order, in its kind's half). PostgreSQL filters on its own column.
    if op.get_bind().dialect.name == "sqlite":
        rebuild_sqlite(op.get_bind())


def downgrade() -> None:
    # Revision 0009's code reads any key layout (it filters kinds by is_call): nothing to undo.
    pass
