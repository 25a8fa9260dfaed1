"""A SQLite file left mostly free pages by a migration is compacted after `upgrade`
(docs/search.md: cold searches were a third slower until a VACUUM after 0020)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from meetsight.db.migrate import compact_sqlite


def _file_with_free_pages(path: Path, rows: int) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE filler (body BLOB)")
        connection.executemany(
            "INSERT INTO filler VALUES (?)", ((b"x" * 4000,) for _ in range(rows))
        )
        connection.execute("CREATE TABLE kept (n INTEGER)")
        connection.execute("INSERT INTO kept VALUES (7)")
    with sqlite3.connect(path) as connection:
        connection.execute("DROP TABLE filler")


def _free_pages(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute("PRAGMA freelist_count").fetchone()[0])


def test_mostly_free_file_is_compacted_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _file_with_free_pages(path, rows=4000)  # ~16 MB dropped
    before = path.stat().st_size
    assert _free_pages(path) > 2000
    assert compact_sqlite(f"sqlite+aiosqlite:///{path}")
    assert _free_pages(path) == 0
    assert path.stat().st_size < before / 10
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT n FROM kept").fetchall() == [(7,)]


def test_small_free_space_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    _file_with_free_pages(path, rows=200)  # under a megabyte free
    assert not compact_sqlite(f"sqlite+aiosqlite:///{path}")
    assert _free_pages(path) > 0


def test_a_file_in_use_is_not_compacted_and_nothing_breaks(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    _file_with_free_pages(path, rows=4000)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        holder.execute("INSERT INTO kept VALUES (8)")
        assert not compact_sqlite(f"sqlite+aiosqlite:///{path}")
        holder.execute("COMMIT")
    finally:
        holder.close()
    assert _free_pages(path) > 2000
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT count(*) FROM kept").fetchone() == (2,)


def test_memory_and_missing_files_are_skipped(tmp_path: Path) -> None:
    assert not compact_sqlite("sqlite+aiosqlite:///:memory:")
    assert not compact_sqlite(f"sqlite+aiosqlite:///{tmp_path / 'absent.db'}")
