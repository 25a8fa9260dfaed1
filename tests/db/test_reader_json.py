"""The inline SQLite reader gives JSON columns decoded, as the engine's reader does on
PostgreSQL: callers read one shape on both (web pages and API-key scopes used to decode text)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlalchemy as sa

from meetsight.db.reads import SQLiteReader

_TABLE = sa.Table("things", sa.MetaData(), sa.Column("id", sa.Integer), sa.Column("body", sa.JSON))
_ALL = sa.select(_TABLE.c.id, _TABLE.c.body).order_by(_TABLE.c.id)


async def test_json_columns_come_back_decoded(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE things (id INTEGER, body JSON)")
        connection.executemany(
            "INSERT INTO things VALUES (?, ?)",
            [(1, '{"scopes": ["read"]}'), (2, '"plain"'), (3, None), (4, "[1, 2]")],
        )
    reader = SQLiteReader(str(path))
    try:
        rows = await reader.fetch(_ALL, {})
    finally:
        await reader.close()
    assert [r.body for r in rows] == [{"scopes": ["read"]}, "plain", None, [1, 2]]
