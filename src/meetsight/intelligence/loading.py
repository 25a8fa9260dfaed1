"""Reading what an engine needs from the database: the conversation, the organization's smart
categories and scorecard."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    Line,
    ObjectiveSpec,
    Speaker,
)
from meetsight.intelligence.language import detect_language
from meetsight.intelligence.models import SmartCategory
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES
from meetsight.intelligence.smart_categories import slug_key
from meetsight.organizations.models import Organization, Person, User
from meetsight.transcripts.models import TranscriptSegment


async def load_conversation(session: AsyncSession, activity: Activity) -> Conversation:
    org_id = activity.organization_id
    rows = (
        await session.execute(
            sa.select(
                TranscriptSegment.position,
                TranscriptSegment.start_time,
                TranscriptSegment.end_time,
                TranscriptSegment.participant_name,
                TranscriptSegment.content,
                TranscriptSegment.person_id,
            )
            .where(
                TranscriptSegment.organization_id == org_id,
                TranscriptSegment.activity_id == activity.id,
            )
            .order_by(TranscriptSegment.position)
        )
    ).all()
    person_ids = {r.person_id for r in rows}
    internal_ids: set[str] = set()
    if person_ids:
        internal_ids = set(
            (
                await session.execute(
                    sa.select(Person.id).where(
                        Person.organization_id == org_id,
                        Person.id.in_(person_ids),
                        Person.is_internal.is_(True),
                    )
                )
            ).scalars()
        )
    # The owner is on our side even when their person row is not marked internal.
    if activity.owner_person_id:
        internal_ids.add(activity.owner_person_id)
    speakers: dict[str, bool] = {}
    for r in rows:
        speakers[r.participant_name] = speakers.get(r.participant_name, False) or (
            r.person_id in internal_ids
        )
    organization, org_people = await _organization_people(session, org_id)
    # Activities stored before languages were detected at import may still have none.
    language = activity.language or detect_language(r.content for r in rows) or ""
    return Conversation(
        kind="call" if activity.is_call else "meeting",
        title=activity.name,
        language=language.split("-")[0].lower(),
        day=activity.start_at.date(),
        speakers=tuple(Speaker(name, internal) for name, internal in speakers.items()),
        lines=tuple(
            Line(i, float(r.start_time), float(r.end_time), r.participant_name, r.content)
            for i, r in enumerate(rows)
        ),
        direction=activity.direction,
        organization=organization,
        org_people=org_people,
    )


MAX_ORG_PEOPLE = 5000  # names read per organization (our side's names found in a transcript)


async def _organization_people(session: AsyncSession, org_id: str) -> tuple[str, tuple[str, ...]]:
    """The organization's name and the names of its users and internal people: the engine
    tells our side by them when nobody in a conversation is marked internal."""
    org = await session.get(Organization, org_id)
    users = (
        await session.execute(
            sa.select(User.name).where(User.organization_id == org_id).limit(MAX_ORG_PEOPLE)
        )
    ).scalars()
    internal = (
        await session.execute(
            sa.select(Person.name)
            .where(Person.organization_id == org_id, Person.is_internal.is_(True))
            .limit(MAX_ORG_PEOPLE)
        )
    ).scalars()
    names = tuple(sorted({n for n in [*users, *internal] if n}))
    return (org.name if org is not None else ""), names


async def load_categories(
    session: AsyncSession, org_id: str
) -> list[tuple[SmartCategory, CategorySpec]]:
    rows = (
        await session.execute(
            sa.select(SmartCategory)
            .where(SmartCategory.organization_id == org_id)
            .order_by(SmartCategory.created_at, SmartCategory.id)
        )
    ).scalars()
    return [
        (
            c,
            CategorySpec(
                id=c.id,
                key=c.key or slug_key(c.name),
                name=c.name,
                description=c.description or "",
                examples=tuple(str(e) for e in (c.examples or [])),
            ),
        )
        for c in rows
    ]


def objectives_from_settings(org_settings: dict[str, Any] | None) -> tuple[ObjectiveSpec, ...]:
    """The organization's scorecard: ``settings["scorecard"]`` when set, else the defaults."""
    custom = (org_settings or {}).get("scorecard")
    if not custom:
        return DEFAULT_OBJECTIVES
    return tuple(
        ObjectiveSpec(o.get("key") or slug_key(o["name"]), o["name"], o.get("description", ""))
        for o in custom
    )


async def load_objectives(session: AsyncSession, org_id: str) -> tuple[ObjectiveSpec, ...]:
    org = await session.get(Organization, org_id)
    return objectives_from_settings(org.settings if org is not None else None)
