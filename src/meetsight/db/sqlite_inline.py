"""SQLite for the async engine without a thread per connection.

aiosqlite runs every call on a helper thread; a query costs several thread hops, and under load
each hop waits for the GIL, which made small reads cost milliseconds. SQLite answers an indexed
read in microseconds, so here the sqlite3 calls run inline, inside SQLAlchemy's greenlet: the
aiosqlite-shaped coroutines below finish without ever suspending.

The price is that a query holds the event loop while it runs. The engine therefore keeps one
connection per process: sessions queue for it asynchronously instead of contending for SQLite's
lock (which would block the loop), and sessions must not hold it across slow awaits.
"""

from __future__ import annotations

import sqlite3
from typing import Any


class InlineCursor:
    __slots__ = ("_cursor",)

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    async def __aenter__(self) -> InlineCursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._cursor.close()

    @property
    def description(self) -> Any:
        return self._cursor.description

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    @property
    def arraysize(self) -> int:
        return self._cursor.arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._cursor.arraysize = value

    async def execute(self, sql: str, parameters: Any = ()) -> InlineCursor:
        self._cursor.execute(sql, parameters)
        return self

    async def executemany(self, sql: str, seq_of_parameters: Any) -> InlineCursor:
        self._cursor.executemany(sql, seq_of_parameters)
        return self

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchmany(self, size: int | None = None) -> list[Any]:
        return self._cursor.fetchmany(size or self._cursor.arraysize)

    async def close(self) -> None:
        self._cursor.close()


class InlineConnection:
    """Just enough of aiosqlite.Connection for SQLAlchemy's aiosqlite dialect."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._conn = connection
        self._connection = connection  # the dialect checks this is set before commit/rollback

    def cursor(self) -> InlineCursor:
        return InlineCursor(self._conn.cursor())

    @property
    def sqlite(self) -> sqlite3.Connection:
        """The sqlite3 connection, for hot paths that run their statements on it directly."""
        return self._conn

    @property
    def isolation_level(self) -> str | None:
        return self._conn.isolation_level

    async def commit(self) -> None:
        """PEP 249's commit, reached only through the unit of work's session commit (the
        dialect calls it); a forward and nothing else (tests/db/test_unit_of_work.py)."""
        self._conn.commit()

    async def rollback(self) -> None:
        self._conn.rollback()

    async def close(self) -> None:
        self._conn.close()

    async def create_function(self, *args: Any, **kwargs: Any) -> None:
        self._conn.create_function(*args, **kwargs)

    def stop(self) -> None:
        self._conn.close()


def inline_creator(path: str, timeout: float) -> Any:
    async def create() -> InlineConnection:
        # check_same_thread off: migrations run the same engine code from a worker thread.
        return InlineConnection(sqlite3.connect(path, timeout=timeout, check_same_thread=False))

    return create
