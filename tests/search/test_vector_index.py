"""The in-process vector index follows search_vectors: rows added after it was built are found,
removed rows are not, an exact index that outgrows EXACT_MAX becomes an inverted file that
still finds each stored vector, and each organization sees only its own rows."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
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


# Searches by meaning at once in one process, as PostgreSQL runs them: each in SQLAlchemy's
# greenlet on the event loop's thread, where every statement hands the thread to the loop while
# it waits. A statement run under the index's lock then let another search block on that lock
# and stop the loop (the served process hung for good). Run in a child process: a hang there
# is a failed test here, not a hung suite.
_CONCURRENT = """
import asyncio, sqlite3, sys
sys.path.insert(0, sys.argv[1])
from sqlalchemy.util import await_only, greenlet_spawn
from meetsight.search import vector_index
from test_vector_index import add, unit
from meetsight.search.vectors import SQLITE_DDL

conn = sqlite3.connect(":memory:")
for statement in SQLITE_DDL:
    conn.execute(statement)
add(conn, "org", "a1", unit(300, 1))

def rows(sql, params):
    await_only(asyncio.sleep(0.005))  # the driver's wait: the loop runs other searches
    return conn.execute(sql, params).fetchall()

async def main():
    query = unit(1, 1)[0]
    found = await asyncio.gather(
        *(greenlet_spawn(vector_index.nearest, rows, "org", query, 3) for _ in range(8))
    )
    assert all(f[0][:2] == ("a1", 0) for f in found), found
    print("ok")

asyncio.run(main())
"""


def test_concurrent_searches_on_the_event_loop_do_not_deadlock() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _CONCURRENT, str(Path(__file__).parent)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
