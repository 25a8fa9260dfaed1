"""A bounded slice of each activity's participants, with the counts that say what was left out.

One meeting may have thousands of participants (a webinar, or a hostile upload: 20,000 made an
MCP listing of 20 meetings answer 8.8 MB). Listings and search show the first few of each
activity, and get_meeting_details pages them; the database cuts the rows (window functions on
SQLite and PostgreSQL alike), so neither the rows read nor the answer grow with the meeting.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from meetsight.activities import participants_repository
from meetsight.db.reads import Executes


@dataclass(slots=True)
class ParticipantSlice:
    """`page`: the participants from `skip` on (at most `limit`); `organizers`: the first
    `limit` organizers; the counts are over all of them."""

    skip: int
    page: list[Any] = field(default_factory=list)
    organizers: list[Any] = field(default_factory=list)
    total: int = 0
    organizer_total: int = 0
    owner_takes_part: bool = False


async def participant_slices(
    session: Executes, org_id: str, activity_ids: list[str], *, skip: int, limit: int
) -> dict[str, ParticipantSlice]:
    """A slice per activity (an empty one for an activity without participants)."""
    found = {aid: ParticipantSlice(skip=skip) for aid in activity_ids}
    if not activity_ids:
        return found
    rows = await participants_repository.slice_rows(
        session, org_id, activity_ids, skip=skip, limit=limit
    )
    for row in rows:
        part = found[row.activity_id]
        part.total = int(row.participant_count)
        part.organizer_total = int(row.organizer_count)
        part.owner_takes_part = bool(row.owner_takes_part)
        if skip < row.place <= skip + limit:
            part.page.append(row)
        if row.organizes and row.organizer_place <= limit:
            part.organizers.append(row)
    return found
