"""`meetsight demo` end to end: the seeded organization serves everything, and what is derived
(summaries, next steps, notes, scores, chat) comes from the intelligence engine run on the
generated transcripts, matching the generator's ground truth."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from fixtures.served import DemoTemplate, demo_template
from meetsight.accounts.amounts import quoted_amounts
from meetsight.accounts.models import Account, Deal
from meetsight.accounts.repository import account_timeline
from meetsight.activities.models import Activity
from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.demo.cast import COMPANIES
from meetsight.demo.conversations import generate_demo_activities
from meetsight.demo.recordings import load_recordings, with_recordings
from meetsight.demo.seed import DemoResult
from meetsight.intelligence.models import ActivityScore, ActivitySummary, ChatMessage, Note
from meetsight.media.decode import SAMPLE_RATE, decode, probe
from meetsight.speech.models import resolve_model
from meetsight.speech.recognize import LocalWhisper
from meetsight.transcripts.models import TranscriptSegment
from speech.audio import word_error_rate


@pytest.fixture(scope="module")
def template() -> DemoTemplate:
    """What `meetsight demo` seeded for this session (the browser and agent tests serve
    copies of the same folder): seeding takes most of a minute, so it is done once."""
    return demo_template()


@pytest.fixture(scope="module")
def demo_settings(template: DemoTemplate, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    data_dir: Path = tmp_path_factory.mktemp("demo-seed")
    shutil.copytree(template.folder, data_dir, dirs_exist_ok=True)
    return Settings(data_dir=data_dir, secret_key="test-secret", workers=0)


@pytest.fixture(scope="module")
async def seeded(
    template: DemoTemplate, demo_settings: Settings
) -> AsyncIterator[tuple[AsyncSession, DemoResult]]:
    engine = create_engine(demo_settings.resolved_database_url())
    async with create_sessionmaker(engine)() as session:
        yield session, template.result
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


def _utc(moment: datetime) -> datetime:
    """A stored start (naive UTC in SQLite) comparable with a generated one (aware)."""
    return moment.astimezone(UTC).replace(tzinfo=None) if moment.tzinfo else moment


async def test_next_steps_match_the_generators_ground_truth(
    seeded: tuple[AsyncSession, DemoResult], template: DemoTemplate
) -> None:
    """The generator knows which commitments it wrote into each transcript; the engine has to
    find them in the text (it is never told)."""
    session, result = seeded
    # Names repeat (a second demo with the same company): each conversation is its name and start.
    truth = {
        (d.name, _utc(d.start)): d
        for d in with_recordings(generate_demo_activities(now=template.now))[0]
    }
    rows = (
        await session.execute(
            sa.select(Activity.name, Activity.start_at, ActivitySummary.next_steps)
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
    assert len(rows) == len(truth)
    for name, start, steps in rows:
        for action, _actor, _deadline in truth[name, _utc(start)].facts.next_steps:
            expected += 1
            key = " ".join(action.lower().split()[:3])
            found += any(key in s["action"].lower() for s in steps)
    assert expected > 20
    assert found / expected >= 0.9, (found, expected)


async def test_recorded_conversations_play_and_their_segments_lie_in_the_audio(
    seeded: tuple[AsyncSession, DemoResult], demo_settings: Settings, tmp_path: Path
) -> None:
    """A few demo conversations come with sound: stored as their media, served by the media
    endpoint (whole and by Range, as a player asks), every segment inside the audio."""
    session, result = seeded
    recordings = load_recordings()
    assert 3 <= len(recordings) <= 4
    assert sum(r.audio_path.stat().st_size for r in recordings) < 3 * 1024 * 1024
    rows = (
        (
            await session.execute(
                sa.select(Activity).where(
                    Activity.organization_id == result.org_id, Activity.media_key.is_not(None)
                )
            )
        )
        .scalars()
        .all()
    )
    assert len(rows) == len(recordings)
    app = create_app(demo_settings)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            for row in rows:
                url = f"/api/v1/{'calls' if row.is_call else 'meetings'}/{row.id}/media"
                headers = {"x-api-key": result.api_key}
                whole = await client.get(url, headers=headers)
                assert whole.status_code == 200, whole.text[:200]
                assert whole.headers["content-type"].startswith("audio/ogg")
                part = await client.get(url, headers={**headers, "Range": "bytes=1000-1999"})
                assert part.status_code == 206 and part.content == whole.content[1000:2000]
                stored = tmp_path / f"{row.id}.ogg"
                stored.write_bytes(whole.content)
                info = probe(stored)
                assert info.has_audio and info.audio_codec == "opus"
                segments = (
                    await session.execute(
                        sa.select(TranscriptSegment.start_time, TranscriptSegment.end_time).where(
                            TranscriptSegment.organization_id == result.org_id,
                            TranscriptSegment.activity_id == row.id,
                        )
                    )
                ).all()
                assert len(segments) >= 50
                assert all(0 <= s.start_time < s.end_time <= info.duration for s in segments)
                # What the page shows as its length is the recording's (the player's).
                assert abs(row.duration - info.duration) < 1


def test_recorded_segments_say_what_the_audio_says() -> None:
    """The times come from the generation: the audio between a segment's start and end is that
    segment spoken (tiny.en hears it back)."""
    english = {c.name for c in COMPANIES if c.language == "en"}
    recording = next(r for r in load_recordings() if r.company in english)
    audio = decode(recording.audio_path)
    model = LocalWhisper(resolve_model("tiny.en", "unused"), device="cpu", threads=2)
    long = [s for s in recording.segments if len(s.content.split()) >= 7][:4]
    assert len(long) == 4
    for segment in long:
        clip = audio.samples[
            int(segment.start_time * SAMPLE_RATE) : int(segment.end_time * SAMPLE_RATE)
        ]
        heard = model.transcribe(clip, language="en").text
        assert word_error_rate(segment.content, heard) < 0.4, (segment.content, heard)


async def test_accounts_come_with_the_demo(seeded: tuple[AsyncSession, DemoResult]) -> None:
    """Every company is an account with several conversations, and what was quoted changes
    from one conversation to the next (docs/accounts.md)."""
    session, result = seeded
    org = result.org_id
    accounts = list(await session.scalars(sa.select(Account).where(Account.organization_id == org)))
    assert sorted(a.name for a in accounts) == sorted(c.name for c in COMPANIES)
    for account in accounts:
        rows, total = await account_timeline(session, org, account.id, (False, True))
        assert total >= 3, account.name
        assert {r.matched_by for r in rows} == {"crm"}
    meridian = next(a for a in accounts if a.name.startswith("Meridian"))
    rows, _ = await account_timeline(session, org, meridian.id, (False, True))
    amounts = await quoted_amounts(session, org, rows)
    by_conversation = {a["conversation"]["id"] for a in amounts}
    assert len(by_conversation) >= 2 and len({a["value"] for a in amounts}) >= 3
    deals = await _count(session, Deal, org)
    assert deals >= len(COMPANIES)
