"""The read path for hot endpoints: SQLAlchemy Core statements, compiled once, run lean.

On SQLite the statements run on a dedicated read-only sqlite3 connection, inline in the event
loop: an indexed read takes tens of microseconds there, while a pass through SQLAlchemy's
per-execution machinery costs several times that. Other engines run the same statements through
SQLAlchemy. Either way callers get rows with attribute access and the same Python types.

`run_sync` hands a function a synchronous SQLAlchemy Connection for reads that are written
against one (the full-text search): on SQLite a plain (not async) engine over the reader's own
connection, run inline, without an ORM session, a greenlet or the async adaptation around each
call; elsewhere the engine's AsyncConnection.run_sync, still without an ORM session.
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any, Protocol, TypeAlias, TypeVar

import orjson
import sqlalchemy as sa
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import Connection, Result, Row
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import StaticPool

from meetsight.db.base import UTCDateTime
from meetsight.db.engine import SQLITE_MMAP_BYTES

T = TypeVar("T")
# A select or a row of any columns (SQLAlchemy 2.1's generics are variadic: Select[Any] would
# mean one column).
AnySelect: TypeAlias = "sa.Select[*tuple[Any, ...]]"
AnyRow: TypeAlias = "Row[*tuple[Any, ...]]"


class Executes(Protocol):
    """What read functions written for an AsyncSession use of it: `await x.execute(select,
    params)`. An AsyncSession, an AsyncConnection and a reader's `connect()` all provide it."""

    async def execute(self, statement: Any, params: Any = None, /) -> Result[Any]: ...


class _InlineExecutes:
    """A synchronous Connection behind the awaitable `execute`: SQLite answers inline."""

    __slots__ = ("_connection",)

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def execute(self, statement: Any, params: Any = None, /) -> Result[Any]:
        return self._connection.execute(statement, params)


class Reader(Protocol):
    async def fetch(self, statement: AnySelect, params: dict[str, Any]) -> Sequence[Any]:
        """Rows of a select whose values are all bind parameters."""
        ...

    async def run_sync(self, fn: Callable[[Connection], T]) -> T:
        """fn(connection) for reads only, its answer returned."""
        ...

    def connect(self) -> Any:
        """`async with reader.connect() as reads`: an Executes for reads only."""
        ...

    def change_mark(self) -> int | None:
        """A number that differs after any commit since it was last read (in this process or
        another), or None where the engine has no cheap one: what a cache of read results
        may be kept under."""
        ...

    async def close(self) -> None: ...


class EngineReader:
    def __init__(self, engine: AsyncEngine) -> None:
        self._engine = engine

    async def fetch(self, statement: AnySelect, params: dict[str, Any]) -> Sequence[Any]:
        async with self._engine.connect() as connection:
            return list((await connection.execute(statement, params)).all())

    async def run_sync(self, fn: Callable[[Connection], T]) -> T:
        async with self._engine.connect() as connection:
            return await connection.run_sync(fn)

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[Executes]:
        async with self._engine.connect() as connection:
            yield connection

    def change_mark(self) -> int | None:
        return None  # PostgreSQL has no per-database change counter that costs no query

    async def close(self) -> None:
        return None


def sqlite_json(value: str | bytes | None) -> Any:
    return None if value is None else orjson.loads(value)


@lru_cache(maxsize=65_536)
def sqlite_datetime(value: str | None) -> datetime | None:
    """UTCDateTime keeps naive UTC text on SQLite. Hot rows repeat, hence the cache; appending
    the offset is several times cheaper than datetime.replace(tzinfo=...)."""
    return None if value is None else datetime.fromisoformat(value + "+00:00")


class _Compiled:
    __slots__ = ("convert", "names", "row_type", "sql", "statement")

    def __init__(self, statement: AnySelect) -> None:
        compiled = statement.compile(dialect=sqlite_dialect.dialect())
        self.statement = statement  # keeps id(statement) from being reused while cached
        self.sql = str(compiled)
        self.names = list(compiled.positiontup or ())
        columns = list(statement.selected_columns)
        self.row_type: Any = namedtuple(  # type: ignore[misc]
            "Row", [c.key or f"c{i}" for i, c in enumerate(columns)]
        )
        # What the engine's result processing would do for these types: the inline reader
        # hands back rows as sqlite3 gives them (naive datetime text, JSON text).
        self.convert: list[tuple[int, Callable[[Any], Any]]] = [
            (i, sqlite_datetime if isinstance(c.type, UTCDateTime) else sqlite_json)
            for i, c in enumerate(columns)
            if isinstance(c.type, UTCDateTime | sa.JSON)
        ]


class SQLiteReader:
    def __init__(self, path: str) -> None:
        self._connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._connection.execute("PRAGMA query_only=ON")
        self._connection.execute("PRAGMA busy_timeout=10000")
        # As the engine's connections: the search index read through a memory map (about 10%
        # less CPU per search at 1M segments, docs/benchmarks.md).
        self._connection.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
        self._compiled: dict[int, _Compiled] = {}
        # Autocommit like the connection itself: each statement reads the latest commit.
        self._sync_engine = sa.create_engine(
            "sqlite://", creator=lambda: self._connection, poolclass=StaticPool
        )

    def _compile(self, statement: AnySelect) -> _Compiled:
        found = self._compiled.get(id(statement))
        if found is None or found.statement is not statement:
            found = self._compiled[id(statement)] = _Compiled(statement)
        return found

    async def fetch(self, statement: AnySelect, params: dict[str, Any]) -> Sequence[Any]:
        compiled = self._compile(statement)
        rows = self._connection.execute(compiled.sql, [params[n] for n in compiled.names])
        make, convert = compiled.row_type._make, compiled.convert
        if not convert:
            return [make(row) for row in rows]
        result = []
        for row in rows:
            values = list(row)
            for index, fn in convert:
                values[index] = fn(values[index])
            result.append(make(values))
        return result

    async def run_sync(self, fn: Callable[[Connection], T]) -> T:
        with self._sync_engine.connect() as connection:
            return fn(connection)

    @asynccontextmanager
    async def connect(self) -> AsyncIterator[Executes]:
        with self._sync_engine.connect() as connection:
            yield _InlineExecutes(connection)

    def change_mark(self) -> int | None:
        """SQLite's data_version: it moves whenever another connection (of any process)
        commits, and this connection, read-only, commits nothing. A few microseconds, no
        table read; a commit after it is read makes the next reading differ."""
        row = self._connection.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    async def close(self) -> None:
        self._sync_engine.dispose()
        self._connection.close()


def create_reader(engine: AsyncEngine) -> Reader:
    if engine.dialect.name == "sqlite":
        return SQLiteReader(engine.url.database or ":memory:")
    return EngineReader(engine)
