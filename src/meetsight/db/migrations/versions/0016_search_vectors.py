"""search by meaning: sentence vectors of segments and titles (search_vectors, search_vector_state)

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-26 19:00:00

Transcripts stored before this revision have no vectors: they are found by words as before, and
by meaning once stored again (reprocessing, a new import) or after `meetsight reindex-vectors`.
Embedding is about 3 ms a sentence, too slow to do here for a large database.
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from meetsight.search.vectors import DROP, POSTGRES_DDL, SQLITE_DDL

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    ddl = SQLITE_DDL if op.get_bind().dialect.name == "sqlite" else POSTGRES_DDL
    for statement in ddl:
        op.execute(statement)


def downgrade() -> None:
    for statement in DROP:
        op.execute(statement)
