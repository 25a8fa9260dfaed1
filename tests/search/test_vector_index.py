"""The in-process vector index follows search_vectors: rows added after it was built are found,
removed rows are not, an exact index that outgrows EXACT_MAX becomes an inverted file that
still finds each stored vector, and each organization sees only its own rows."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from meetsight.search import vector_index
from meetsight.search.vectors import SQLITE_DDL, encode


@pytest.fixture
def db() -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(":memory:")
    for statement in SQLITE_DDL:
        conn.execute(statement)
    yield conn
    conn.close()


def rows_of(conn: sqlite3.Connection) -> vector_index.Rows:
    def rows(sql: str, params: dict[str, Any]) -> Sequence[Sequence[Any]]:
        return conn.execute(sql, params).fetchall()

    return rows


def unit(n: int, seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal((n, 512)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def add(conn: sqlite3.Connection, org: str, activity: str, vectors: np.ndarray) -> None:
    conn.execute(
        "INSERT INTO search_vector_state (organization_id, instance, writes, removals)"
        " VALUES (?, ?, 1, 0) ON CONFLICT (organization_id) DO UPDATE SET writes = writes + 1",
        (org, str(uuid.uuid4())),
    )
    conn.executemany(
        "INSERT INTO search_vectors (organization_id, activity_id, position, digest, vector)"
        " VALUES (?, ?, ?, x'00', ?)",
        [(org, activity, i, encode(v)) for i, v in enumerate(vectors)],
    )


def remove(conn: sqlite3.Connection, org: str, activity: str) -> None:
    conn.execute(
        "UPDATE search_vector_state SET removals = removals + 1 WHERE organization_id = ?", (org,)
    )
    conn.execute(
        "DELETE FROM search_vectors WHERE organization_id = ? AND activity_id = ?", (org, activity)
    )


def test_the_index_follows_additions_removals_and_growth(
    db: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vector_index, "EXACT_MAX", 1500)  # the inverted file at test scale
    rows = rows_of(db)
    org, other = str(uuid.uuid4()), str(uuid.uuid4())
    first, second, third = unit(1000, 1), unit(1000, 2), unit(300, 3)
    add(db, org, "a", first)
    add(db, other, "x", third)
    assert vector_index.nearest(rows, org, first[7], 3)[0][:2] == ("a", 7)
    assert isinstance(vector_index._cache[org].index, vector_index.faiss.IndexIDMap2)
    # Another organization's vectors are never among the nearest.
    assert {a for a, _, _ in vector_index.nearest(rows, org, third[5], 50)} == {"a"}
    # Added after the build: read by id and found; past EXACT_MAX the index is rebuilt as an
    # inverted file that still finds every stored vector as its own nearest.
    add(db, org, "b", second)
    found = vector_index.nearest(rows, org, second[42], 3)
    assert found[0][:2] == ("b", 42) and found[0][2] > 0.99
    assert not isinstance(vector_index._cache[org].index, vector_index.faiss.IndexIDMap2)
    hits = sum(
        vector_index.nearest(rows, org, v, 1)[0][:2] == ("a", i) for i, v in enumerate(first)
    )
    assert hits >= 990  # 8-bit quantised, a few cells visited: (nearly) every one
    # Removed: gone from the index, the rest kept.
    remove(db, org, "a")
    assert {a for a, _, _ in vector_index.nearest(rows, org, first[7], 100)} == {"b"}
    assert vector_index._cache[org].size == len(second)
    # No state row: nothing to search.
    assert vector_index.nearest(rows, str(uuid.uuid4()), first[0], 5) == []
    vector_index.forget(org)
    vector_index.forget(other)
