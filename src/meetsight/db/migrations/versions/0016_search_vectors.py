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

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# The tables as `meetsight.search.vectors` described them at this revision.
SQLITE_DDL = (
    # AUTOINCREMENT: an id is never handed out twice, so "ids above N" is exactly what is new.
    "CREATE TABLE IF NOT EXISTS search_vectors (id INTEGER PRIMARY KEY AUTOINCREMENT,"
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " position INTEGER NOT NULL, digest BLOB NOT NULL, vector BLOB NOT NULL)",
    "CREATE INDEX IF NOT EXISTS ix_search_vectors_activity"
    " ON search_vectors (organization_id, activity_id, position)",
    "CREATE INDEX IF NOT EXISTS ix_search_vectors_org ON search_vectors (organization_id, id)",
    "CREATE TABLE IF NOT EXISTS search_vector_state (organization_id VARCHAR(36) PRIMARY KEY,"
    " instance VARCHAR(36) NOT NULL, writes INTEGER NOT NULL, removals INTEGER NOT NULL)",
)
POSTGRES_DDL = (
    # organization_id leads the key, as on every tenant table (Citus distributes by it).
    "CREATE TABLE IF NOT EXISTS search_vectors (id BIGSERIAL NOT NULL,"
    " organization_id VARCHAR(36) NOT NULL, activity_id VARCHAR(36) NOT NULL,"
    " position INTEGER NOT NULL, digest BYTEA NOT NULL, vector BYTEA NOT NULL,"
    " CONSTRAINT pk_search_vectors PRIMARY KEY (organization_id, id),"
    " CONSTRAINT fk_search_vectors_activities FOREIGN KEY (organization_id, activity_id)"
    " REFERENCES activities (organization_id, id) ON DELETE CASCADE)",
    # Read once into memory, never filtered on: kept out of line, so the rows stay narrow.
    "ALTER TABLE search_vectors ALTER COLUMN vector SET STORAGE EXTERNAL",
    "CREATE INDEX IF NOT EXISTS ix_search_vectors_activity"
    " ON search_vectors (organization_id, activity_id, position)",
    "CREATE TABLE IF NOT EXISTS search_vector_state (organization_id VARCHAR(36) NOT NULL,"
    " instance VARCHAR(36) NOT NULL, writes BIGINT NOT NULL, removals BIGINT NOT NULL,"
    " CONSTRAINT pk_search_vector_state PRIMARY KEY (organization_id))",
)
DROP = ("DROP TABLE IF EXISTS search_vectors", "DROP TABLE IF EXISTS search_vector_state")


def upgrade() -> None:
    ddl = SQLITE_DDL if op.get_bind().dialect.name == "sqlite" else POSTGRES_DDL
    for statement in ddl:
        op.execute(statement)


def downgrade() -> None:
    for statement in DROP:
        op.execute(statement)
