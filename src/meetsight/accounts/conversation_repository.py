"""What the account views read of their conversations: transcript segments, the stored
summaries' insights and next steps, the participants and people, and the activities linked to
an account. Each query is scoped by the organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.models import AccountActivity
from meetsight.accounts.repository import linked_activity
from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.intelligence.models import ActivitySummary
from meetsight.organizations.models import Person
from meetsight.transcripts.models import TranscriptSegment


async def segments_at_positions(
    session: AsyncSession, org_id: str, positions: dict[str, set[int]]
) -> Sequence[Any]:
    """(activity id, position, start, speaker, content) of the segments at these positions
    per activity: one OR term per activity, each a primary-key lookup on both engines."""
    terms = [
        sa.and_(
            TranscriptSegment.activity_id == activity_id,
            TranscriptSegment.position.in_(sorted(wanted)),
        )
        for activity_id, wanted in positions.items()
    ]
    rows = await session.execute(
        sa.select(
            TranscriptSegment.activity_id,
            TranscriptSegment.position,
            TranscriptSegment.start_time,
            TranscriptSegment.participant_name,
            TranscriptSegment.content,
        ).where(TranscriptSegment.organization_id == org_id, sa.or_(*terms))
    )
    return rows.all()


async def segments_of(session: AsyncSession, org_id: str, activity_id: str) -> Sequence[Any]:
    """(position, start, speaker, content) of the conversation's segments in order."""
    rows = await session.execute(
        sa.select(
            TranscriptSegment.position,
            TranscriptSegment.start_time,
            TranscriptSegment.participant_name,
            TranscriptSegment.content,
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id == activity_id,
        )
        .order_by(TranscriptSegment.position)
    )
    return rows.all()


async def spoken_lines(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(activity id, start, content) of every segment of these conversations, in order."""
    rows = await session.execute(
        sa.select(
            TranscriptSegment.activity_id, TranscriptSegment.start_time, TranscriptSegment.content
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id.in_(list(activity_ids)),
        )
        .order_by(TranscriptSegment.activity_id, TranscriptSegment.position)
    )
    return rows.all()


async def talk_seconds(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(activity id, person id, seconds spoken) of these conversations."""
    rows = await session.execute(
        sa.select(
            TranscriptSegment.activity_id,
            TranscriptSegment.person_id,
            sa.func.sum(TranscriptSegment.end_time - TranscriptSegment.start_time),
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id.in_(list(activity_ids)),
        )
        .group_by(TranscriptSegment.activity_id, TranscriptSegment.person_id)
    )
    return rows.all()


async def insights_of(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(activity id, insights) of these conversations' stored summaries."""
    rows = await session.execute(
        sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
            ActivitySummary.organization_id == org_id,
            ActivitySummary.activity_id.in_(list(activity_ids)),
        )
    )
    return rows.all()


async def next_steps_of(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(activity id, next steps) of these conversations' stored summaries."""
    rows = await session.execute(
        sa.select(ActivitySummary.activity_id, ActivitySummary.next_steps).where(
            ActivitySummary.organization_id == org_id,
            ActivitySummary.activity_id.in_(activity_ids),
        )
    )
    return rows.all()


async def attendance(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(activity id, person id) of these conversations' participants."""
    rows = await session.execute(
        sa.select(ActivityParticipant.activity_id, ActivityParticipant.person_id).where(
            ActivityParticipant.organization_id == org_id,
            ActivityParticipant.activity_id.in_(activity_ids),
        )
    )
    return rows.all()


async def people(session: AsyncSession, org_id: str, person_ids: list[str]) -> list[Person]:
    rows = await session.scalars(
        sa.select(Person).where(Person.organization_id == org_id, Person.id.in_(person_ids))
    )
    return list(rows)


async def outside_people_among(
    session: AsyncSession, org_id: str, person_ids: list[str]
) -> list[str]:
    """Those of these people who are not internal."""
    rows = await session.scalars(
        sa.select(Person.id).where(
            Person.organization_id == org_id,
            Person.is_internal.is_(False),
            Person.id.in_(person_ids),
        )
    )
    return list(rows)


async def account_starts(session: AsyncSession, org_id: str, account_id: str) -> Sequence[Any]:
    """(activity id, start) of every conversation linked to the account."""
    rows = await session.execute(
        sa.select(Activity.id, Activity.start_at)
        .join(AccountActivity, linked_activity(AccountActivity))
        .where(
            AccountActivity.organization_id == org_id,
            AccountActivity.account_id == account_id,
        )
    )
    return rows.all()
