"""Where in a conversation something was said: transcript segments by position."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.transcripts.models import TranscriptSegment


@dataclass(frozen=True, slots=True)
class SegmentAt:
    start_time: float
    speaker: str
    content: str


async def segments_at(
    session: AsyncSession, org_id: str, wanted: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], SegmentAt]:
    """The segments at these (activity id, position) pairs; missing ones are left out."""
    by_activity: dict[str, set[int]] = {}
    for activity_id, position in wanted:
        by_activity.setdefault(activity_id, set()).add(position)
    found: dict[tuple[str, int], SegmentAt] = {}
    for activity_id, positions in by_activity.items():
        rows = await session.execute(
            sa.select(
                TranscriptSegment.position,
                TranscriptSegment.start_time,
                TranscriptSegment.participant_name,
                TranscriptSegment.content,
            ).where(
                TranscriptSegment.organization_id == org_id,
                TranscriptSegment.activity_id == activity_id,
                TranscriptSegment.position.in_(sorted(positions)),
            )
        )
        for position, start, speaker, content in rows:
            found[(activity_id, position)] = SegmentAt(start, speaker, content)
    return found


async def segments_of(
    session: AsyncSession, org_id: str, activity_id: str
) -> list[tuple[int, SegmentAt]]:
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
    return [(p, SegmentAt(s, who, text)) for p, s, who, text in rows]
