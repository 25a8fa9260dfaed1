"""The search vectors' repository: every statement on search_vectors and search_vector_state
(and the segment texts the vectors are computed from), each scoped by the organization (`:org`).
The writes (search/vectors.py) run them on a SQLAlchemy Connection; the in-memory index
(search/vector_index.py) reads the plain SQL strings through its `rows` callable."""

from __future__ import annotations

import sqlalchemy as sa

# What the in-memory index reads (plain SQL: its callers run it on either engine's connection).
STATE = "SELECT instance, writes, removals FROM search_vector_state WHERE organization_id = :org"
NEW_ROWS = (
    "SELECT id, activity_id, position, vector FROM search_vectors"
    " WHERE organization_id = :org AND id > :after ORDER BY id LIMIT :batch"
)
ALL_IDS = "SELECT id FROM search_vectors WHERE organization_id = :org"

# What the writes run.
TOUCH = sa.text(
    "INSERT INTO search_vector_state (organization_id, instance, writes, removals)"
    " VALUES (:org, :instance, 1, :removed) ON CONFLICT (organization_id) DO UPDATE SET"
    " writes = search_vector_state.writes + 1,"
    " removals = search_vector_state.removals + :removed"
)
STORED = sa.text(
    "SELECT position, digest, vector FROM search_vectors"
    " WHERE organization_id = :org AND activity_id = :act"
)
DROP_ACTIVITY = sa.text(
    "DELETE FROM search_vectors WHERE organization_id = :org AND activity_id = :act"
)
DROP_SEGMENTS = sa.text(
    "DELETE FROM search_vectors WHERE organization_id = :org AND activity_id = :act"
    " AND position >= 0"
)
DROP_TITLE = sa.text(
    "DELETE FROM search_vectors WHERE organization_id = :org AND activity_id = :act"
    " AND position = -1"
)
SEGMENTS_OF = sa.text(
    "SELECT activity_id, digest, vector FROM search_vectors"
    " WHERE organization_id = :org AND activity_id IN :acts AND position >= 0"
).bindparams(sa.bindparam("acts", expanding=True))
TEXTS = sa.text(
    "SELECT content FROM transcript_segments WHERE organization_id = :org AND activity_id = :act"
    " ORDER BY position"
)
ADD = sa.text(
    "INSERT INTO search_vectors (organization_id, activity_id, position, digest, vector)"
    " VALUES (:org, :act, :position, :digest, :vector)"
)
COUNT = sa.text(
    "SELECT count(*) FROM search_vectors WHERE organization_id = :org AND activity_id = :act"
)
