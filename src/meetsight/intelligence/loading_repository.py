"""What an engine reads of a conversation and of its organization (intelligence/loading.py):
the segments, which people are internal, and the names of the organization's users and internal
people. Each query is scoped by the organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations.models import Person, User
from meetsight.transcripts.models import TranscriptSegment


async def segments_of(session: AsyncSession, org_id: str, activity_id: str) -> Sequence[Any]:
    """(position, start, end, speaker, content, person id) of the segments in order."""
    rows = await session.execute(
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
            TranscriptSegment.activity_id == activity_id,
        )
        .order_by(TranscriptSegment.position)
    )
    return rows.all()


async def internal_among(session: AsyncSession, org_id: str, person_ids: set[str]) -> set[str]:
    """Those of these people who are internal."""
    rows = await session.execute(
        sa.select(Person.id).where(
            Person.organization_id == org_id,
            Person.id.in_(person_ids),
            Person.is_internal.is_(True),
        )
    )
    return set(rows.scalars())


async def user_names(session: AsyncSession, org_id: str, *, limit: int) -> list[str]:
    rows = await session.execute(
        sa.select(User.name).where(User.organization_id == org_id).limit(limit)
    )
    return list(rows.scalars())


async def internal_names(session: AsyncSession, org_id: str, *, limit: int) -> list[str]:
    rows = await session.execute(
        sa.select(Person.name)
        .where(Person.organization_id == org_id, Person.is_internal.is_(True))
        .limit(limit)
    )
    return list(rows.scalars())
