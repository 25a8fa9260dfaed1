"""The queries of mention indexing (trackers/indexing.py): what an activity gives the matchers
(its start, kind, owner, segments and insights), the walk over an organization's activities, and
the replacement of mentions. Each one is scoped by the organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.intelligence.models import ActivitySummary
from meetsight.trackers.models import TrackerMention
from meetsight.transcripts.models import TranscriptSegment

BATCH_ACTIVITIES = 100  # activities per transaction when a tracker is (re)indexed


async def activity_heads(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> Sequence[Any]:
    """(id, start_at, is_call, owner_person_id) of the activities that exist, in no order."""
    rows = await session.execute(
        sa.select(Activity.id, Activity.start_at, Activity.is_call, Activity.owner_person_id).where(
            Activity.organization_id == org_id, Activity.id.in_(activity_ids)
        )
    )
    return rows.all()


async def segments_of(session: AsyncSession, org_id: str, activity_ids: list[str]) -> Sequence[Any]:
    """(activity_id, position, start_time, participant_name, content) of the activities'
    segments, by activity then position."""
    segments = await session.execute(
        sa.select(
            TranscriptSegment.activity_id,
            TranscriptSegment.position,
            TranscriptSegment.start_time,
            TranscriptSegment.participant_name,
            TranscriptSegment.content,
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id.in_(activity_ids),
        )
        .order_by(TranscriptSegment.activity_id, TranscriptSegment.position)
    )
    return segments.all()


async def insights_of(session: AsyncSession, org_id: str, activity_ids: list[str]) -> Sequence[Any]:
    """(activity_id, insights) of the activities' stored summaries."""
    summaries = await session.execute(
        sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
            ActivitySummary.organization_id == org_id,
            ActivitySummary.activity_id.in_(activity_ids),
        )
    )
    return summaries.all()


async def replace_mentions(
    session: AsyncSession,
    org_id: str,
    activity_ids: list[str],
    rows: list[dict[str, Any]],
    *,
    tracker_ids: Sequence[str] | None,
) -> None:
    """Delete the activities' mentions of `tracker_ids` (None: of every tracker), insert rows."""
    delete = sa.delete(TrackerMention).where(
        TrackerMention.organization_id == org_id, TrackerMention.activity_id.in_(activity_ids)
    )
    if tracker_ids is not None:
        delete = delete.where(TrackerMention.tracker_id.in_(list(tracker_ids)))
    await session.execute(delete)
    if rows:
        await session.execute(sa.insert(TrackerMention), rows)


async def activity_batch(
    session: AsyncSession, org_id: str, *, after: str, limit: int = BATCH_ACTIVITIES
) -> list[str]:
    """The next activity ids of the organization after `after`, in id order (a resumable walk)."""
    rows = await session.execute(
        sa.select(Activity.id)
        .where(Activity.organization_id == org_id, Activity.id > after)
        .order_by(Activity.id)
        .limit(limit)
    )
    return list(rows.scalars())
