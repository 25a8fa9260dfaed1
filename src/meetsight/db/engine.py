"""Engine and session factory; SQLite gets the pragmas that make it a good server database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from meetsight.db.sqlite_inline import inline_creator

# Another process (a worker) may hold SQLite's write lock; wait this long for it.
BUSY_TIMEOUT_SECONDS = 10.0
# Reads through a memory map instead of read() into SQLite's page cache: a search touches a few
# hundred index pages, and copying each out of the OS cache was a tenth of its CPU time at 1M
# segments (docs/search.md). Address space only; the OS keeps the pages it already caches.
SQLITE_MMAP_BYTES = 1 << 30


def create_engine(url: str, **kwargs: Any) -> AsyncEngine:
    if url.startswith("sqlite"):
        path = make_url(url).database or ":memory:"
        kwargs.setdefault("pool_size", 1)
        kwargs.setdefault("max_overflow", 0)
        kwargs.setdefault("pool_timeout", 60)
        engine = create_async_engine(
            url, async_creator=inline_creator(path, BUSY_TIMEOUT_SECONDS), **kwargs
        )
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    kwargs.setdefault("pool_size", 10)
    kwargs.setdefault("max_overflow", 20)
    engine = create_async_engine(url, **kwargs)
    if not kwargs.get("pool_pre_ping"):
        event.listen(engine.sync_engine, "checkout", _ping)
    return engine


def _ping(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """Every pooled connection is checked before it is handed out, as SQLAlchemy's
    pool_pre_ping does, so a restarted server or a dropped idle connection costs a reconnect,
    not a failed request. pool_pre_ping's asyncpg ping is three round trips (BEGIN, ";" as a
    prepared statement, ROLLBACK: the transaction is for pgbouncer's transaction mode, which
    prepared statements need); a statement in the simple query protocol needs none of that and
    is one round trip (0.5 ms less per request, docs/benchmarks.md)."""
    try:
        dbapi_connection.run_async(lambda driver: driver.execute("SELECT 1"))
    except Exception as exc:  # any failure: the pool drops this connection and makes another
        raise DisconnectionError(f"pooled connection failed its ping: {exc}") from exc


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
    cursor.execute(f"PRAGMA mmap_size={SQLITE_MMAP_BYTES}")
    cursor.close()


def create_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)
