"""Every query on activities and what hangs off them; each one is scoped by organization."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Row
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity, ActivityLink, ActivityParticipant, ActivityType
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)
from meetsight.organizations.models import Person
from meetsight.processing.models import Job
from meetsight.transcripts.models import TranscriptSegment

ACTIVITY_COLUMNS = (
    Activity.id,
    Activity.is_call,
    Activity.status,
    Activity.failure_reason,
    Activity.name,
    Activity.start_at,
    Activity.end_at,
    Activity.duration,
    Activity.description,
    Activity.media_type,
    Activity.language,
    Activity.thumbnail_key,
    Activity.activity_type_id,
    ActivityType.name.label("type_name"),
    Activity.ai_score,
    Activity.calendar_event_id,
    Activity.direction,
    Activity.from_number,
    Activity.to_number,
)

# Tables that hold rows of one activity, children first (delete order).
ACTIVITY_CHILD_TABLES: tuple[Any, ...] = (
    TranscriptSegment,
    Note,
    ChatMessage,
    ActivitySummary,
    ActivityAnalytics,
    ActivityScore,
    ActivityLink,
    ActivityParticipant,
)


@dataclass(slots=True)
class ActivityFilters:
    is_call: bool
    from_at: datetime | None = None
    to_at: datetime | None = None
    status: str | None = None
    media_type: str | None = None
    name_contains: str | None = None
    direction: str | None = None


def _type_join() -> Any:
    return sa.and_(
        ActivityType.organization_id == Activity.organization_id,
        ActivityType.id == Activity.activity_type_id,
    )


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _filtered(query: Any, org_id: str, f: ActivityFilters) -> Any:
    query = query.where(Activity.organization_id == org_id, Activity.is_call == f.is_call)
    if f.from_at is not None:
        query = query.where(Activity.start_at >= f.from_at)
    if f.to_at is not None:
        query = query.where(Activity.start_at < f.to_at)
    if f.status is not None:
        query = query.where(Activity.status == f.status)
    if f.media_type is not None:
        query = query.where(Activity.media_type == f.media_type)
    if f.direction is not None:
        query = query.where(Activity.direction == f.direction)
    if f.name_contains:
        pattern = f"%{escape_like(f.name_contains.lower())}%"
        query = query.where(sa.func.lower(Activity.name).like(pattern, escape="\\"))
    return query


async def list_activities(
    session: AsyncSession, org_id: str, filters: ActivityFilters, *, limit: int, offset: int
) -> tuple[list[Row[Any]], int]:
    """One page, newest first, and the total; the total rides along as a window count."""
    query = _filtered(
        sa.select(*ACTIVITY_COLUMNS, sa.func.count().over().label("total")).outerjoin(
            ActivityType, _type_join()
        ),
        org_id,
        filters,
    )
    query = query.order_by(Activity.start_at.desc(), Activity.id.desc()).limit(limit).offset(offset)
    rows = list((await session.execute(query)).all())
    if rows:
        return rows, int(rows[0].total)
    if offset == 0:
        return rows, 0
    count = _filtered(sa.select(sa.func.count()).select_from(Activity), org_id, filters)
    return rows, int((await session.execute(count)).scalar_one())


async def get_activity_row(
    session: AsyncSession, org_id: str, activity_id: str, *, is_call: bool | None
) -> Row[Any] | None:
    query = (
        sa.select(*ACTIVITY_COLUMNS)
        .outerjoin(ActivityType, _type_join())
        .where(Activity.organization_id == org_id, Activity.id == activity_id)
    )
    if is_call is not None:
        query = query.where(Activity.is_call == is_call)
    return (await session.execute(query)).first()


async def get_activity(session: AsyncSession, org_id: str, activity_id: str) -> Activity | None:
    return await session.get(Activity, (org_id, activity_id))


async def list_participants(session: AsyncSession, org_id: str, activity_id: str) -> list[Row[Any]]:
    query = (
        sa.select(
            Person.id,
            Person.name,
            Person.email,
            Person.phone,
            Person.is_internal,
            ActivityParticipant.is_host,
            ActivityParticipant.is_organizer,
        )
        .join(
            Person,
            sa.and_(
                Person.organization_id == ActivityParticipant.organization_id,
                Person.id == ActivityParticipant.person_id,
            ),
        )
        .where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id == activity_id,
        )
        .order_by(ActivityParticipant.position, Person.name)
    )
    return list((await session.execute(query)).all())


async def list_segments(
    session: AsyncSession, org_id: str, activity_id: str, *, limit: int | None = None
) -> list[Row[Any]]:
    query = (
        sa.select(
            TranscriptSegment.start_time,
            TranscriptSegment.end_time,
            TranscriptSegment.person_id,
            TranscriptSegment.participant_name,
            TranscriptSegment.content,
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id == activity_id,
        )
        .order_by(TranscriptSegment.position)
    )
    if limit is not None:
        query = query.limit(limit)
    return list((await session.execute(query)).all())


async def get_summary(
    session: AsyncSession, org_id: str, activity_id: str
) -> ActivitySummary | None:
    return await session.get(ActivitySummary, (org_id, activity_id))


async def get_analytics(
    session: AsyncSession, org_id: str, activity_id: str
) -> ActivityAnalytics | None:
    return await session.get(ActivityAnalytics, (org_id, activity_id))


async def get_score(session: AsyncSession, org_id: str, activity_id: str) -> ActivityScore | None:
    return await session.get(ActivityScore, (org_id, activity_id))


async def list_notes(session: AsyncSession, org_id: str, activity_ids: list[str]) -> list[Row[Any]]:
    query = (
        sa.select(
            Note.id,
            Note.activity_id,
            Note.tag,
            Note.content,
            Note.priority,
            Note.smart_category_id,
            SmartCategory.name.label("category_name"),
            Note.is_manual,
            Note.start_timestamp,
            Note.end_timestamp,
        )
        .join(
            SmartCategory,
            sa.and_(
                SmartCategory.organization_id == Note.organization_id,
                SmartCategory.id == Note.smart_category_id,
            ),
        )
        .where(Note.organization_id == org_id, Note.activity_id.in_(activity_ids))
        .order_by(Note.activity_id, sa.func.coalesce(Note.start_timestamp, 0), Note.id)
    )
    return list((await session.execute(query)).all())


async def list_chat(session: AsyncSession, org_id: str, activity_id: str) -> list[Row[Any]]:
    query = (
        sa.select(ChatMessage.question, ChatMessage.answer, ChatMessage.citations)
        .where(ChatMessage.organization_id == org_id, ChatMessage.activity_id == activity_id)
        .order_by(ChatMessage.created_at, ChatMessage.id)
    )
    return list((await session.execute(query)).all())


async def list_links(session: AsyncSession, org_id: str, activity_id: str, kind: str) -> list[str]:
    query = (
        sa.select(ActivityLink.external_id)
        .where(
            ActivityLink.organization_id == org_id,
            ActivityLink.activity_id == activity_id,
            ActivityLink.kind == kind,
        )
        .order_by(ActivityLink.created_at, ActivityLink.external_id)
    )
    return list((await session.execute(query)).scalars())


async def delete_activity_rows(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """Remove the activity and every row derived from it (media is removed by the caller)."""
    for model in ACTIVITY_CHILD_TABLES:
        await session.execute(
            sa.delete(model).where(
                model.organization_id == org_id, model.activity_id == activity_id
            )
        )
    await session.execute(
        sa.delete(Job).where(Job.organization_id == org_id, Job.activity_id == activity_id)
    )
    await session.execute(
        sa.delete(Activity).where(Activity.organization_id == org_id, Activity.id == activity_id)
    )
