"""PostgreSQL pool: every connection is pinged (one round trip) before it is handed out, so one
whose server side is gone is replaced without failing the request that asked for it."""

from __future__ import annotations

import os

import asyncpg
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from meetsight.db.engine import create_engine

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")


async def _backend(engine: AsyncEngine) -> int:
    async with engine.connect() as conn:
        return int((await conn.execute(sa.text("SELECT pg_backend_pid()"))).scalar_one())


async def _terminate(pid: int) -> None:
    assert PG_URL is not None
    admin = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
    finally:
        await admin.close()


async def test_a_pooled_connection_that_died_is_replaced_before_use() -> None:
    assert PG_URL is not None
    url = PG_URL.replace("postgresql://", "postgresql+asyncpg://", 1)
    engine = create_engine(url, pool_size=1, max_overflow=0)
    try:
        first = await _backend(engine)
        await _terminate(first)
        second = await _backend(engine)  # the ping failed, the pool reconnected: no error
        assert second != first
        assert await _backend(engine) == second  # a live connection is kept
    finally:
        await engine.dispose()
