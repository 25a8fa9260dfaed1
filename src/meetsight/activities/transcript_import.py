"""An imported transcript on its activity: its people become participants, and the segments,
the language (when the upload did not give one) and the talk analytics are stored, and the
trends row follows. Here rather
than in `transcripts` (which activities build on), as it writes participants."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.activities.participants import attach_participants
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.intelligence.language import detect_language
from meetsight.organizations.models import Person
from meetsight.state import RefreshTrends
from meetsight.transcripts.importing import people_for_speakers, store_segments
from meetsight.transcripts.types import SegmentData


async def store_imported_transcript(
    session: AsyncSession,
    activity: Activity,
    segments: list[SegmentData],
    participants: list[Person],
    refresh_trends: RefreshTrends,
    embedded: Mapping[bytes, bytes] | None = None,
) -> None:
    """`refresh_trends`: `state.AppState.refresh_trends`, run once the analytics are stored."""
    org_id = activity.organization_id
    speakers = list(dict.fromkeys(seg.speaker for seg in segments))
    people = await people_for_speakers(session, org_id, speakers, participants)
    for seg in segments:
        seg.person_id = people[seg.speaker].id if seg.speaker in people else None
    everyone = participants + [people[s] for s in speakers if s in people]
    await attach_participants(
        session, org_id, activity.id, everyone, host_id=activity.owner_person_id
    )
    if not activity.language:
        # The upload did not say: the search index stems and the engine reads by language.
        activity.language = detect_language(seg.content for seg in segments)
        await session.flush()
    await store_segments(session, org_id, activity.id, segments, embedded)
    internal = [s for s in speakers if s in people and people[s].is_internal]
    await store_analytics(session, org_id, activity.id, segments, internal_speakers=internal)
    await refresh_trends(session, org_id, activity.id)
