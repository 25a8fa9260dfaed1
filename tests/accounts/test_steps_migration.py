"""Migration 0013 on summaries written before it: every next step gets its row (open), keyed as
processing keys it, so the ids it gives are the ones the summary shows from then on."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from fixtures.topology import scratch_database
from meetsight.accounts.next_step_records import step_keys
from meetsight.db.migrate import upgrade
from search.helpers import insert_raw_activities

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
ACTIONS = ["Send the proposal", "Book the demo", "send the  PROPOSAL!"]


@asynccontextmanager
async def _database(engine_name: str, tmp_path: Path) -> AsyncIterator[str]:
    if engine_name == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'before.db'}"
        return
    if not PG_URL:
        pytest.skip("MEETSIGHT_TEST_DATABASE_URL is not set")
    async with scratch_database(PG_URL) as plain:
        yield plain.replace("postgresql://", "postgresql+asyncpg://", 1)


def _summary_before_0013(conn: sa.Connection) -> None:
    day = datetime(2026, 7, 1, 9, tzinfo=UTC)
    stamp = day.strftime("%Y-%m-%d %H:%M:%S") if conn.dialect.name == "sqlite" else day
    insert_raw_activities(conn, (False,), lambda n: stamp)
    steps = [{"action": a, "actors": [], "deadline": ""} for a in ACTIONS]
    cast = "CAST(:steps AS jsonb)" if conn.dialect.name == "postgresql" else ":steps"
    conn.execute(
        sa.text(
            "INSERT INTO activity_summaries (organization_id, activity_id, next_steps, topics,"
            f" engine, created_at, updated_at) VALUES ('org', 'a0', {cast}, '[]', 'builtin',"
            " :now, :now)"
        ),
        {"steps": json.dumps(steps), "now": stamp},
    )


@pytest.mark.parametrize("engine_name", ["sqlite", "postgresql"])
async def test_0013_gives_stored_steps_their_rows(engine_name: str, tmp_path: Path) -> None:
    async with _database(engine_name, tmp_path) as url:
        await asyncio.to_thread(upgrade, url, "0012")
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_summary_before_0013)
            await asyncio.to_thread(upgrade, url, "head")
            async with engine.connect() as conn:
                rows = (
                    await conn.execute(
                        sa.text(
                            "SELECT step_key, action, position, state, current FROM next_steps"
                            " WHERE organization_id = 'org' ORDER BY position"
                        )
                    )
                ).all()
        finally:
            await engine.dispose()
    assert [(r.action, r.position, r.state, bool(r.current)) for r in rows] == [
        (action, n, "open", True) for n, action in enumerate(ACTIONS)
    ]
    # The same key processing computes; a repeated step (up to case and punctuation) numbered.
    assert [r.step_key for r in rows] == step_keys(ACTIONS)
    assert len({r.step_key for r in rows}) == 3
