"""Planner statistics after a bulk load (PostgreSQL) and the word at start when autovacuum is off:
without statistics a search's page on the demo data cost ten times more (docs/operations.md)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from meetsight.db.engine import create_engine
from meetsight.db.planner_statistics import (
    AUTOVACUUM_OFF,
    analyze_after_bulk_load,
    autovacuum_is_off,
    warn_if_autovacuum_off,
)

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
needs_pg = pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")
PROBE = "planner_statistics_probe"


def _pg_engine() -> AsyncEngine:
    assert PG_URL is not None
    return create_engine(PG_URL.replace("postgresql://", "postgresql+asyncpg://", 1))


@needs_pg
async def test_a_bulk_load_is_analysed_so_the_planner_knows_its_rows() -> None:
    engine = _pg_engine()
    try:
        async with engine.begin() as conn:
            await conn.execute(sa.text(f"DROP TABLE IF EXISTS {PROBE}"))
            await conn.execute(
                sa.text(f"CREATE TABLE {PROBE} AS SELECT g AS n FROM generate_series(1, 1000) g")
            )
        count = sa.text(f"SELECT reltuples FROM pg_class WHERE relname = '{PROBE}'")
        async with engine.connect() as conn:
            # A table never analysed: -1 on PostgreSQL 14 and later, 0 before.
            assert (await conn.execute(count)).scalar_one() <= 0
        await analyze_after_bulk_load(engine)
        async with engine.connect() as conn:
            assert (await conn.execute(count)).scalar_one() == 1000
    finally:
        async with engine.begin() as conn:
            await conn.execute(sa.text(f"DROP TABLE IF EXISTS {PROBE}"))
        await engine.dispose()


@needs_pg
async def test_the_server_says_so_when_autovacuum_is_off(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engine = _pg_engine()
    try:
        async with engine.connect() as conn:
            setting = (await conn.execute(sa.text("SHOW autovacuum"))).scalar_one()
        with caplog.at_level(logging.WARNING, logger="meetsight.db"):
            said = await warn_if_autovacuum_off(engine)
    finally:
        await engine.dispose()
    assert said == (setting == "off")
    assert (AUTOVACUUM_OFF in caplog.text) == (setting == "off")


async def test_sqlite_needs_neither(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 's.db'}")
    try:
        await analyze_after_bulk_load(engine)  # nothing to do, and no error
        assert not await autovacuum_is_off(engine)
        with caplog.at_level(logging.WARNING, logger="meetsight.db"):
            assert not await warn_if_autovacuum_off(engine)
    finally:
        await engine.dispose()
    assert AUTOVACUUM_OFF not in caplog.text
