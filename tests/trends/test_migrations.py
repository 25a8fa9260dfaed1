"""Migrations 0014 and 0015 on data written before them: the compact trends rows computed from
the stored analytics, score and insights, and people's folded names, companies and domains
filled, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from fixtures.topology import scratch_database
from meetsight.db.migrate import upgrade

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
START = datetime(2026, 10, 7, 9, tzinfo=UTC)
PARTICIPATION = [
    {"speakerLabel": "Lucía Moreno", "averageSpeakingTime": 30.0, "longestMonologue": 12.0},
    {"speakerLabel": "José Núñez", "averageSpeakingTime": 10.0, "longestMonologue": 8.0},
]
QUESTIONS = [
    {"speakerLabel": "Lucía Moreno", "count": 3},
    {"speakerLabel": "José Núñez", "count": 1},
]
EXTRA = {"totalDuration": 60.0, "speakerSwitches": 6}
OBJECTIVES = [{"objective": "Discovery", "score": 80, "explanation": ""}]


@asynccontextmanager
async def _database(engine_name: str, tmp_path: Path) -> AsyncIterator[str]:
    if engine_name == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
        return
    if not PG_URL:
        pytest.skip("MEETSIGHT_TEST_DATABASE_URL is not set")
    async with scratch_database(PG_URL) as plain:
        yield plain.replace("postgresql://", "postgresql+asyncpg://", 1)


def _before(conn: sa.Connection) -> None:
    """An organization as 0011 left it: a rep, a contact, one analysed and scored meeting."""
    stamp = {"now": START.replace(tzinfo=None) if conn.dialect.name == "sqlite" else START}
    run = lambda sql, **values: conn.execute(sa.text(sql), {**stamp, **values})  # noqa: E731
    run(
        "INSERT INTO organizations (id, name, settings, created_at, updated_at)"
        " VALUES ('org', 'Org', '{}', :now, :now)"
    )
    for pid, name, email, company, internal in (
        ("rep", "Lucía Moreno", "Lucia@Northwind.example", None, True),
        ("buyer", "José Núñez", "jose@meridian-logistica.example", "Meridián Logística", False),
    ):
        run(
            "INSERT INTO people (organization_id, id, name, email, is_internal, company,"
            " created_at, updated_at) VALUES ('org', :id, :name, :email, :internal, :company,"
            " :now, :now)",
            id=pid,
            name=name,
            email=email,
            internal=internal,
            company=company,
        )
    run(
        "INSERT INTO activities (organization_id, id, is_call, media_type, status, name,"
        " start_at, duration, owner_person_id, source, created_at, updated_at) VALUES ('org',"
        " 'a0', false, 'videocall', 'completed', 'Review', :now, 61.0, 'rep', 'upload', :now,"
        " :now)"
    )
    for position, pid in enumerate(("rep", "buyer")):
        run(
            "INSERT INTO activity_participants (organization_id, activity_id, person_id,"
            " position, is_host, is_organizer) VALUES ('org', 'a0', :pid, :pos, false, false)",
            pid=pid,
            pos=position,
        )
    run(
        "INSERT INTO activity_analytics (organization_id, activity_id, questions_by_speaker,"
        " participation, extra, created_at, updated_at) VALUES ('org', 'a0', :q, :p, :e, :now,"
        " :now)",
        q=json.dumps(QUESTIONS),
        p=json.dumps(PARTICIPATION),
        e=json.dumps(EXTRA),
    )
    run(
        "INSERT INTO activity_scores (organization_id, activity_id, score, objectives,"
        " created_at, updated_at) VALUES ('org', 'a0', 80.0, :o, :now, :now)",
        o=json.dumps(OBJECTIVES),
    )


def _after(conn: sa.Connection) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    metrics = conn.execute(
        sa.text(
            "SELECT week_start, rep_person_id, rep_talk_ratio, rep_questions,"
            " rep_longest_monologue, seller_talk_ratio, interactivity, score"
            " FROM conversation_metrics"
        )
    ).all()
    people = conn.execute(
        sa.text("SELECT name_folded, company_folded, email_domain FROM people ORDER BY id")
    ).all()
    objectives = conn.execute(
        sa.text("SELECT objective, score FROM conversation_objective_scores")
    ).all()
    assert [tuple(o) for o in objectives] == [("Discovery", 80.0)]
    return [tuple(m) for m in metrics], [tuple(p) for p in people]


@pytest.mark.parametrize("engine_name", ["sqlite", "postgresql"])
async def test_0014_and_0015_fill_what_came_before(engine_name: str, tmp_path: Path) -> None:
    async with _database(engine_name, tmp_path) as url:
        await asyncio.to_thread(upgrade, url, "0011")
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_before)
            await asyncio.to_thread(upgrade, url, "head")
            async with engine.connect() as conn:
                metrics, people = await conn.run_sync(_after)
        finally:
            await engine.dispose()
    [(week, rep, talk, asked, monologue, seller, interactivity, score)] = metrics
    assert str(week)[:10] == date(2026, 10, 5).isoformat() and rep == "rep"
    assert (talk, asked, monologue, seller) == (0.75, 3, 12.0, 0.75)
    assert (interactivity, score) == (6.0, 80.0)
    assert people == [
        ("jose nunez", "meridian logistica", "meridian-logistica.example"),
        ("lucia moreno", None, "northwind.example"),
    ]
