"""The conversation page's repository: its reads as Core statements with bound parameters,
each scoped by the bound organization (`org_id`) and activity, built once and run through the
app's Reader: on SQLite that is the inline read-only connection the REST hot paths
use, so the page's nine reads cost no thread hand-offs (through the ORM session each one waits
for aiosqlite's thread, which on a loaded machine was most of the page's time)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant
from meetsight.activities.participants_repository import person_of_participant
from meetsight.db.reads import Reader
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)
from meetsight.organizations.models import Person

_ORG: Any = sa.bindparam("org_id")
_ID: Any = sa.bindparam("activity_id")

MEDIA = sa.select(Activity.media_key, Activity.media_content_type).where(
    Activity.organization_id == _ORG, Activity.id == _ID
)
PARTICIPANTS = (
    sa.select(
        Person.id,
        Person.name,
        Person.email,
        Person.is_internal,
        ActivityParticipant.is_host,
    )
    .join(Person, person_of_participant())
    .where(ActivityParticipant.organization_id == _ORG, ActivityParticipant.activity_id == _ID)
    .order_by(ActivityParticipant.position, Person.name)
)
SUMMARY = sa.select(
    ActivitySummary.summary,
    ActivitySummary.ai_opinion,
    ActivitySummary.next_steps,
    ActivitySummary.topics,
    ActivitySummary.insights,
).where(ActivitySummary.organization_id == _ORG, ActivitySummary.activity_id == _ID)
ANALYTICS = sa.select(
    ActivityAnalytics.participation, ActivityAnalytics.questions_by_speaker
).where(ActivityAnalytics.organization_id == _ORG, ActivityAnalytics.activity_id == _ID)
SCORE = sa.select(ActivityScore.score, ActivityScore.justification, ActivityScore.objectives).where(
    ActivityScore.organization_id == _ORG, ActivityScore.activity_id == _ID
)
NOTES = (
    sa.select(
        Note.id,
        Note.tag,
        Note.content,
        Note.is_manual,
        Note.start_timestamp,
        SmartCategory.name.label("category_name"),
    )
    .outerjoin(
        SmartCategory,
        sa.and_(
            SmartCategory.organization_id == Note.organization_id,
            SmartCategory.id == Note.smart_category_id,
        ),
    )
    .where(Note.organization_id == _ORG, Note.activity_id == _ID)
    .order_by(sa.func.coalesce(Note.start_timestamp, sa.literal_column("0")), Note.id)
)
CHAT = (
    sa.select(ChatMessage.question, ChatMessage.answer, ChatMessage.citations)
    .where(ChatMessage.organization_id == _ORG, ChatMessage.activity_id == _ID)
    .order_by(ChatMessage.created_at, ChatMessage.id)
)
LINKS = (
    sa.select(ActivityLink.kind, ActivityLink.external_id)
    .where(ActivityLink.organization_id == _ORG, ActivityLink.activity_id == _ID)
    .order_by(ActivityLink.created_at, ActivityLink.external_id)
)


async def fetch(reader: Reader, statement: Any, org_id: str, activity_id: str) -> Sequence[Any]:
    return await reader.fetch(statement, {"org_id": org_id, "activity_id": activity_id})


async def fetch_one(reader: Reader, statement: Any, org_id: str, activity_id: str) -> Any | None:
    rows = await fetch(reader, statement, org_id, activity_id)
    return rows[0] if rows else None
