"""The unit of work: the one place where a database transaction is committed.

A request, a job step, a CLI command or a background task is one unit of work: it commits
when it ends normally and rolls back when it raises. Services and endpoints only `flush()`
(to get ids, to surface a constraint violation where it can be turned into a 409); they never
commit. Two entry points:

- the request's session (`deps.get_session`, `deps.DbSession`): FastAPI runs the code after
  its `yield` when the endpoint function returns (the dependency is declared with
  `scope="function"`), so the commit happens before the response is sent: a client that reads
  right after a write sees it. A streaming response's body runs after that, without the
  session.
- `unit_of_work(sessionmaker)`: everything outside a request, and requests that open their own
  session (`async with unit_of_work(state.sessionmaker) as session:`).

A block that only reads opens `read_only(sessionmaker)`: it never commits and rolls back when
it ends, so a write slipped into it is lost rather than half kept. Job steps read there before
work that holds no connection (recognition, analysis, a webhook's HTTP call) and write in their
unit of work afterwards: on SQLite the sessions share one connection, which a transaction held
across that work would keep from every other session. No session is opened by hand outside
`db/` (tests/db/test_unit_of_work.py).

Where a step needs a durable point before it ends (the job claim before the work starts, a
failed sign-in attempt that must count even though the request then fails, a status another
process reads while a long step still runs), it calls `checkpoint(session)`: a commit by
name, greppable, and the only other place allowed to commit (tests/db/test_unit_of_work.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.errors import Conflict


async def _finish(session: AsyncSession) -> None:
    """Commit what the unit of work wrote. A session that never began a transaction (a request
    that did not touch the database) has nothing to commit and costs no round trip."""
    if session.in_transaction():
        await session.commit()


@asynccontextmanager
async def unit_of_work(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> AsyncIterator[AsyncSession]:
    """A session that commits when the block ends normally and rolls back when it raises."""
    async with sessionmaker() as session:
        try:
            yield session
        except BaseException:
            await session.rollback()
            raise
        await _finish(session)


@asynccontextmanager
async def read_only(
    sessionmaker: async_sessionmaker[AsyncSession],
) -> AsyncIterator[AsyncSession]:
    """A session for reads: never committed; closing it when the block ends, however it ends,
    rolls its transaction back. Closed rather than `rollback()`: a rollback would expire the
    loaded objects that callers use after the block; closing detaches them as they are."""
    async with sessionmaker() as session:
        yield session


async def checkpoint(session: AsyncSession) -> None:
    """Make what the unit of work wrote so far durable, and go on in a new transaction. Only
    for a point another process or a later failure must not undo; the unit of work commits the
    rest when it ends."""
    await session.commit()


async def flush_unique(session: AsyncSession, conflict: str) -> None:
    """Flush an insert or change that a unique constraint guards; a violation is `conflict`'s
    409. The service's own check ran first, but it cannot see a concurrent request's row until
    that commits (on PostgreSQL this flush then waits for it and breaks the constraint). The
    transaction is rolled back: nothing of the request is kept."""
    try:
        await session.flush()
    except IntegrityError:
        await session.rollback()
        raise Conflict(conflict) from None
