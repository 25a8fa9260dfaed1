"""Where in a conversation something was said: transcript segments by position."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository


@dataclass(frozen=True, slots=True)
class SegmentAt:
    start_time: float
    speaker: str
    content: str


ACTIVITIES_PER_QUERY = 100  # one OR term each: SQLite caps an expression's depth at 1,000


async def segments_at(
    session: AsyncSession, org_id: str, wanted: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], SegmentAt]:
    """The segments at these (activity id, position) pairs; missing ones are left out. One
    query per 100 activities: each activity's term is a lookup on the primary key on both
    engines (SQLite: MULTI-INDEX OR), where one IN on activities would read whole transcripts."""
    by_activity: dict[str, set[int]] = {}
    for activity_id, position in wanted:
        by_activity.setdefault(activity_id, set()).add(position)
    found: dict[tuple[str, int], SegmentAt] = {}
    activities = sorted(by_activity)
    for first in range(0, len(activities), ACTIVITIES_PER_QUERY):
        chunk = activities[first : first + ACTIVITIES_PER_QUERY]
        positions = {activity_id: by_activity[activity_id] for activity_id in chunk}
        rows = await conversation_repository.segments_at_positions(session, org_id, positions)
        for activity_id, position, start, speaker, content in rows:
            found[(activity_id, position)] = SegmentAt(start, speaker, content)
    return found


async def segments_of(
    session: AsyncSession, org_id: str, activity_id: str
) -> list[tuple[int, SegmentAt]]:
    rows = await conversation_repository.segments_of(session, org_id, activity_id)
    return [(p, SegmentAt(s, who, text)) for p, s, who, text in rows]
