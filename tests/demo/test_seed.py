"""`meetsight demo` end to end: the seeded organization serves everything, and what is derived
(summaries, next steps, notes, scores, chat) comes from the intelligence engine run on the
generated transcripts, matching the generator's ground truth."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.demo.conversations import generate_demo_activities
from meetsight.demo.seed import DemoResult, seed_demo
from meetsight.intelligence.models import ActivityScore, ActivitySummary, ChatMessage, Note

NOW = datetime(2026, 3, 10, 15, 30, tzinfo=UTC)


@pytest.fixture(scope="module")
async def seeded(
    tmp_path_factory: pytest.TempPathFactory,
) -> AsyncIterator[tuple[AsyncSession, DemoResult]]:
    data_dir: Path = tmp_path_factory.mktemp("demo-seed")
    settings = Settings(data_dir=data_dir, secret_key="test-secret")
    await upgrade_async(settings.resolved_database_url())
    engine = create_engine(settings.resolved_database_url())
    async with create_sessionmaker(engine)() as session:
        result = await seed_demo(session, settings, now=NOW)
        await session.commit()
        yield session, result
    await engine.dispose()


async def _count(session: AsyncSession, model: type, org_id: str) -> int:
    query = sa.select(sa.func.count()).select_from(model).where(model.organization_id == org_id)
    return int(await session.scalar(query) or 0)


async def test_every_activity_gets_derived_results(
    seeded: tuple[AsyncSession, DemoResult],
) -> None:
    session, result = seeded
    org = result.org_id
    activities = (
        (await session.execute(sa.select(Activity).where(Activity.organization_id == org)))
        .scalars()
        .all()
    )
    assert len(activities) == result.activity_count == 48
    summaries = (
        (
            await session.execute(
                sa.select(ActivitySummary).where(ActivitySummary.organization_id == org)
            )
        )
        .scalars()
        .all()
    )
    assert len(summaries) == 48
    assert all(s.engine == "builtin" and s.engine_error is None for s in summaries)
    assert all(len(s.summary or "") > 40 and s.ai_opinion for s in summaries)
    assert await _count(session, ActivityScore, org) == 48
    assert all(a.ai_score is not None and 0 <= a.ai_score <= 100 for a in activities)
    assert await _count(session, ChatMessage, org) == 96
    notes = await _count(session, Note, org)
    assert notes >= 48 * 3


async def test_next_steps_match_the_generators_ground_truth(
    seeded: tuple[AsyncSession, DemoResult],
) -> None:
    """The generator knows which commitments it wrote into each transcript; the engine has to
    find them in the text (it is never told)."""
    session, result = seeded
    truth = {d.name: d for d in generate_demo_activities(now=NOW)}
    rows = (
        await session.execute(
            sa.select(Activity.name, ActivitySummary.next_steps)
            .join(
                ActivitySummary,
                sa.and_(
                    ActivitySummary.organization_id == Activity.organization_id,
                    ActivitySummary.activity_id == Activity.id,
                ),
            )
            .where(Activity.organization_id == result.org_id)
        )
    ).all()
    expected = found = 0
    for name, steps in rows:
        for action, _actor, _deadline in truth[name].facts.next_steps:
            expected += 1
            key = " ".join(action.lower().split()[:3])
            found += any(key in s["action"].lower() for s in steps)
    assert expected > 20
    assert found / expected >= 0.9, (found, expected)
