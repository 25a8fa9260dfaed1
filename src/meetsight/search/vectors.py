"""Sentence vectors for search by meaning: one row per transcript segment and one for the title
(position -1), kept in the database beside the full-text index and written by
`meetsight.search.indexing` in the same transaction as the rows they describe.

The trackers' matching by meaning reads the same segment vectors (`stored_segments`), and
stores those of segments that had none (`fill_segments`): every segment is embedded once.

A vector is the built-in engine's sentence embedding (USE multilingual, 512 dimensions, unit
length), stored as float16: 1 kB a segment, a cosine error under 1e-3. Each row keeps a digest
of its text, so storing the same sentences again (a speaker renamed, a transcript re-imported
unchanged) embeds nothing and writes nothing.

search_vector_state holds, per organization, a counter of writes and one of removals. Every
write takes that row first (an update: a row lock on PostgreSQL, the write lock on SQLite), so
ids are handed out in commit order; an in-process index (`meetsight.search.vector_index`) that
has read up to id N and the same counters is current, and one that sees them move reads only
what changed.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from sqlalchemy.engine import Connection

from meetsight.embedder import DIM, embed, one_blas_thread
from meetsight.search import vectors_repository as statements

TITLE_POSITION = -1
# Long monologues are embedded whole by the engine (pieces, averaged); a search moment is a
# sentence, and past this a segment's meaning is mostly lost in the average anyway.
MAX_TEXT_CHARS = 2000

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


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest()


def encode(vector: np.ndarray) -> bytes:
    return vector.astype(np.float16).tobytes()


def decode_many(blobs: Sequence[bytes]) -> np.ndarray:
    """(len(blobs), DIM) float32 from stored float16 blobs."""
    if not blobs:
        return np.zeros((0, DIM), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype=np.float16).reshape(-1, DIM).astype(np.float32)


def embed_texts(texts: Sequence[str]) -> np.ndarray:
    with one_blas_thread():
        return embed([text[:MAX_TEXT_CHARS] for text in texts])


def preembed(texts: Sequence[str]) -> dict[bytes, bytes]:
    """Stored vectors of these texts by digest, computed before a transaction that stores them
    (`store_segments(..., embedded=...)`): embedding takes about 3 ms a sentence, and on SQLite
    a transaction that has written holds the database's write lock until it ends."""
    unique = list(dict.fromkeys(texts))
    return {digest(t): encode(v) for t, v in zip(unique, embed_texts(unique), strict=True)}


def _touch(conn: Connection, org_id: str, *, removed: bool) -> None:
    conn.execute(
        statements.TOUCH,
        {"org": org_id, "instance": str(uuid.uuid4()), "removed": 1 if removed else 0},
    )


@dataclass(frozen=True, slots=True)
class SegmentPlan:
    """What storing a transcript's vectors takes: the texts still to embed, the rest reused."""

    digests: list[bytes]
    reuse: dict[bytes, bytes]  # digest -> stored vector
    missing: list[str]  # texts with no stored vector, each once
    replaces: bool  # the activity had segment vectors


def plan_segments(
    conn: Connection,
    org_id: str,
    activity_id: str,
    texts: Sequence[str],
    embedded: Mapping[bytes, bytes] | None = None,
) -> SegmentPlan | None:
    """None when the activity's stored segment vectors are already those of `texts`; vectors
    stored before and those `embedded` ahead (`preembed`) are not computed again."""
    stored = conn.execute(statements.STORED, {"org": org_id, "act": activity_id}).all()
    old = {int(p): (bytes(d), bytes(v)) for p, d, v in stored if int(p) >= 0}
    digests = [digest(text) for text in texts]
    if len(old) == len(digests) and all(old.get(i, (b"",))[0] == d for i, d in enumerate(digests)):
        return None
    reuse = {**(embedded or {}), **{d: v for d, v in old.values()}}
    missing: dict[bytes, str] = {}
    for text, d in zip(texts, digests, strict=True):
        if d not in reuse:
            missing.setdefault(d, text)
    return SegmentPlan(digests, reuse, list(missing.values()), bool(old))


def write_segments(
    conn: Connection, org_id: str, activity_id: str, plan: SegmentPlan, fresh: np.ndarray
) -> None:
    """The plan's rows, `fresh` being the vectors of `plan.missing` in order."""
    vectors = dict(plan.reuse)
    for text, vector in zip(plan.missing, fresh, strict=True):
        vectors[digest(text)] = encode(vector)
    _touch(conn, org_id, removed=plan.replaces)
    if plan.replaces:
        conn.execute(statements.DROP_SEGMENTS, {"org": org_id, "act": activity_id})
    rows = [
        {"org": org_id, "act": activity_id, "position": i, "digest": d, "vector": vectors[d]}
        for i, d in enumerate(plan.digests)
    ]
    for start in range(0, len(rows), 1000):
        conn.execute(statements.ADD, rows[start : start + 1000])


def stored_segments(
    conn: Connection, org_id: str, activity_ids: Sequence[str]
) -> dict[str, dict[bytes, bytes]]:
    """The stored segment vectors of these activities: activity id -> text digest -> vector."""
    out: dict[str, dict[bytes, bytes]] = {}
    if not activity_ids:
        return out
    for activity_id, d, v in conn.execute(
        statements.SEGMENTS_OF, {"org": org_id, "acts": activity_ids}
    ):
        out.setdefault(str(activity_id), {})[bytes(d)] = bytes(v)
    return out


def fill_segments(
    conn: Connection, org_id: str, activity_id: str, embedded: Mapping[bytes, bytes]
) -> bool:
    """Store the activity's segment vectors from the stored ones and `embedded` (digest ->
    vector, computed outside the transaction), when that covers its current texts; whether it
    wrote. The texts are read again here: vectors go by text, so a transcript replaced since
    `embedded` was computed is left as its own write stored it."""
    texts = [
        str(t)
        for t in conn.execute(statements.TEXTS, {"org": org_id, "act": activity_id}).scalars()
    ]
    plan = plan_segments(conn, org_id, activity_id, texts, embedded)
    if plan is None or plan.missing:
        return False
    write_segments(conn, org_id, activity_id, plan, np.zeros((0, DIM), dtype=np.float32))
    return True


def store_title_vector(conn: Connection, org_id: str, activity_id: str, name: str) -> None:
    stored = conn.execute(statements.STORED, {"org": org_id, "act": activity_id}).all()
    old = [bytes(d) for p, d, _ in stored if int(p) == TITLE_POSITION]
    new = digest(name)
    if old == [new]:
        return
    vector = encode(embed_texts([name])[0])
    _touch(conn, org_id, removed=bool(old))
    if old:
        conn.execute(statements.DROP_TITLE, {"org": org_id, "act": activity_id})
    conn.execute(
        statements.ADD,
        {
            "org": org_id,
            "act": activity_id,
            "position": TITLE_POSITION,
            "digest": new,
            "vector": vector,
        },
    )


def remove_vectors(conn: Connection, org_id: str, activity_id: str) -> None:
    _touch(conn, org_id, removed=True)
    conn.execute(statements.DROP_ACTIVITY, {"org": org_id, "act": activity_id})


def count_vectors(conn: Connection, org_id: str, activity_id: str) -> int:
    return int(
        conn.execute(
            statements.COUNT,
            {"org": org_id, "act": activity_id},
        ).scalar()
        or 0
    )
