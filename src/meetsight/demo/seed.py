"""`meetsight demo`: one organization filled with generated sales conversations.

Transcripts, people, CRM links and times come from the generator; a few conversations come with
their recording (`demo.recordings`), stored as the activity's media like an upload's.
Everything derived (analytics, summaries, next steps, topics, notes, insights, scores and two
chat answers) comes from running the built-in intelligence engine on the stored transcripts, as
the processing stage does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.backfill import backfill_organization
from meetsight.activities.models import Activity, ActivityLink
from meetsight.activities.participants import activity_type_id, attach_participants
from meetsight.activities.service import media_prefix
from meetsight.auth.api_keys import create_api_key
from meetsight.config import Settings
from meetsight.demo.conversations import DemoActivity, DemoPerson, generate_demo_activities
from meetsight.demo.recordings import CONTENT_TYPE, DemoRecording, with_recordings
from meetsight.demo.trackers import create_demo_trackers
from meetsight.intelligence import engine_choice
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.intelligence.chat import citations_json
from meetsight.intelligence.conversation import Question
from meetsight.intelligence.engine_choice import builtin_engine
from meetsight.intelligence.loading import load_categories, load_conversation
from meetsight.intelligence.models import ChatMessage
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES
from meetsight.intelligence.smart_categories import create_default_categories
from meetsight.organizations import repository as organizations_repository
from meetsight.organizations.models import Organization, Person
from meetsight.organizations.service import create_organization, create_user
from meetsight.processing.engine_results import store_engine_results
from meetsight.storage.base import MediaStore
from meetsight.storage.factory import open_media_store
from meetsight.trackers.indexing import index_activity_now
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData


@dataclass(frozen=True, slots=True)
class DemoResult:
    org_id: str
    api_key: str
    activity_count: int
    key_file: Path | None = None


async def seed_demo(
    session: AsyncSession,
    settings: Settings,
    *,
    org_name: str = "Demo Sales Team",
    now: datetime | None = None,
) -> DemoResult:
    now = now or datetime.now(UTC).replace(microsecond=0)
    activities, recorded = with_recordings(generate_demo_activities(now=now))
    org = await create_organization(session, org_name, set_up=(create_default_categories,))
    people = await _create_people(session, org.id, activities)
    await create_demo_trackers(session, org.id)
    media = open_media_store(settings)
    for index, demo in enumerate(activities):
        activity = await _create_activity(session, org.id, demo, people)
        await index_activity_now(session, org.id, activity.id)
        if index in recorded:
            await _store_recording(media, activity, recorded[index])
    # Accounts and deals from the CRM links, oldest conversation first, as processing does.
    await backfill_organization(session, org.id)
    created = await create_api_key(
        session, secret=settings.hmac_secret(), organization_id=org.id, name="Demo key"
    )
    return DemoResult(org_id=org.id, api_key=created.key, activity_count=len(activities))


async def _create_people(
    session: AsyncSession, org_id: str, activities: list[DemoActivity]
) -> dict[str, Person]:
    unique: dict[str, DemoPerson] = {}
    for demo in activities:
        for listed in demo.people:
            unique.setdefault(listed.key, listed)
    people: dict[str, Person] = {}
    for key, demo_person in unique.items():
        if demo_person.is_internal and demo_person.email:
            user = await create_user(
                session,
                organization_id=org_id,
                email=demo_person.email,
                name=demo_person.name,
                role="member",
            )
            person = await organizations_repository.person_of_user(session, org_id, user.id)
            person.phone, person.title = demo_person.phone, demo_person.title
        else:
            person = Person(
                organization_id=org_id,
                name=demo_person.name,
                email=demo_person.email,
                phone=demo_person.phone,
                is_internal=demo_person.is_internal,
                company=demo_person.company,
                title=demo_person.title,
            )
            session.add(person)
        people[key] = person
    await session.flush()
    return people


async def _create_activity(
    session: AsyncSession,
    org_id: str,
    demo: DemoActivity,
    people: dict[str, Person],
) -> Activity:
    is_call = demo.media_type == "phonecall"
    activity = Activity(
        organization_id=org_id,
        is_call=is_call,
        media_type=demo.media_type,
        status="completed",
        name=demo.name,
        description=demo.description,
        start_at=demo.start,
        end_at=demo.start + timedelta(seconds=demo.duration),
        duration=demo.duration,
        language=demo.language,
        direction=demo.direction,
        from_number=demo.from_number,
        to_number=demo.to_number,
        owner_person_id=people[demo.owner_key].id,
        calendar_event_id=demo.calendar_event_id,
        source="demo",
    )
    activity.activity_type_id = await activity_type_id(session, org_id, demo.activity_type)
    session.add(activity)
    await session.flush()
    ordered = sorted(demo.participants, key=lambda p: not p[1])
    await attach_participants(
        session,
        org_id,
        activity.id,
        [people[k] for k, _ in ordered],
        host_id=activity.owner_person_id,
    )
    segments = [
        SegmentData(
            s.start_time,
            s.end_time,
            people[s.speaker_key].name,
            s.content,
            people[s.speaker_key].id,
        )
        for s in demo.segments
    ]
    await store_segments(session, org_id, activity.id, segments)
    internal = {people[k].name for k, _ in demo.participants if people[k].is_internal}
    await store_analytics(session, org_id, activity.id, segments, internal_speakers=internal)
    await _derive(session, activity, demo.language)
    for kind, ids in (
        ("contact", demo.contact_ids),
        ("company", demo.company_ids),
        ("opportunity", demo.opportunity_ids),
    ):
        for external_id in dict.fromkeys(ids):
            session.add(
                ActivityLink(
                    organization_id=org_id,
                    activity_id=activity.id,
                    kind=kind,
                    external_id=external_id,
                )
            )
    await session.flush()
    return activity


async def _store_recording(media: MediaStore, activity: Activity, recording: DemoRecording) -> None:
    """The recording as the activity's media, where an upload's goes: the media endpoints serve
    it (with Range requests) and the player plays it."""
    key = f"{media_prefix(activity.organization_id, activity.id)}/media.ogg"
    data = recording.audio_path.read_bytes()
    await media.put_bytes(key, data)
    activity.media_key = key
    activity.media_content_type = CONTENT_TYPE
    activity.media_size = len(data)
    activity.media_filename = recording.audio_file
    # The recording's own length: the generated timeline runs a little past its last line.
    activity.duration = recording.audio_seconds
    if activity.start_at is not None:
        activity.end_at = activity.start_at + timedelta(seconds=recording.audio_seconds)


DEMO_QUESTIONS = {
    "en": ("What are the next steps?", "Did they mention any competitors?"),
    "es": ("¿Cuáles son los próximos pasos?", "¿Mencionaron a algún competidor?"),
}


async def _derive(session: AsyncSession, activity: Activity, language: str | None) -> None:
    """What the intelligence stage would store, by the same engine and the same writer."""
    await session.flush()
    engine = builtin_engine()
    conversation = await load_conversation(session, activity)
    categories = await load_categories(session, activity.organization_id)
    specs = [spec for _, spec in categories]
    result = engine_choice.analyze(engine, conversation, specs, DEFAULT_OBJECTIVES)
    ids = {spec.key: row.id for row, spec in categories}
    await store_engine_results(session, activity, result, ids)
    for question in DEMO_QUESTIONS.get(language or "en", DEMO_QUESTIONS["en"]):
        answer = engine_choice.answer(engine, conversation, Question(question))
        session.add(
            ChatMessage(
                organization_id=activity.organization_id,
                activity_id=activity.id,
                question=question,
                answer=answer.answer,
                citations=citations_json(answer.citations),
            )
        )


async def seed_demo_if_empty(settings: Settings) -> DemoResult | None:
    """Seed on the first start of an empty data dir; save the key beside the data for the README."""
    from meetsight.db.engine import create_engine, create_sessionmaker
    from meetsight.db.planner_statistics import analyze_after_bulk_load
    from meetsight.db.unit_of_work import unit_of_work

    engine = create_engine(settings.resolved_database_url())
    try:
        async with unit_of_work(create_sessionmaker(engine)) as session:
            existing = await session.execute(sa.select(sa.func.count()).select_from(Organization))
            if existing.scalar_one() > 0:
                return None
            result = await seed_demo(session, settings)
        await analyze_after_bulk_load(engine)
    finally:
        await engine.dispose()
    key_file = settings.data_dir / "demo-api-key"
    key_file.write_text(result.api_key + "\n")
    key_file.chmod(0o600)
    return DemoResult(result.org_id, result.api_key, result.activity_count, key_file)
