"""Computing an activity's talk analytics and storing them (replacing any earlier result). The
trends row that follows them is the caller's to refresh (`trends` builds on intelligence)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.intelligence import repository
from meetsight.intelligence.analytics import compute_analytics
from meetsight.intelligence.models import ActivityAnalytics
from meetsight.transcripts.types import SegmentLike


async def store_analytics(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    segments: Sequence[SegmentLike],
    *,
    internal_speakers: Collection[str] = (),
) -> ActivityAnalytics:
    result = compute_analytics(segments, internal_speakers=internal_speakers)
    await repository.delete_analytics(session, org_id, activity_id)
    story = result.longest_customer_story
    row = ActivityAnalytics(
        organization_id=org_id,
        activity_id=activity_id,
        questions_by_speaker=[
            {"speakerLabel": q.speaker_label, "count": q.count} for q in result.questions_by_speaker
        ],
        participation=[
            {
                "speakerLabel": p.speaker_label,
                "averageSpeakingTime": p.total_speaking_time,
                "totalSpeakingTime": p.total_speaking_time_mmss,
                "longestMonologue": p.longest_monologue,
                "numberOfInterventions": p.number_of_interventions,
                "averageTimePerIntervention": p.average_time_per_intervention,
            }
            for p in result.participation
        ],
        extra={
            "talkListenRatio": result.talk_listen_ratio,
            "longestCustomerStory": None
            if story is None
            else {
                "speakerLabel": story.speaker_label,
                "startTime": story.start_time,
                "endTime": story.end_time,
                "duration": story.duration,
            },
            "totalDuration": result.total_duration,
            "questionCount": result.question_count,
            "speakerSwitches": result.speaker_switches,
        },
    )
    session.add(row)
    await session.flush()
    return row


async def replace_question_counts(
    session: AsyncSession, org_id: str, activity_id: str, counts: Mapping[str, int]
) -> None:
    """Questions per speaker counted by meaning (an unpunctuated transcript: the "?" count
    stored at import found none), in the analytics row kept otherwise."""
    row = await session.get(ActivityAnalytics, (org_id, activity_id))
    if row is None:
        return
    row.questions_by_speaker = [
        {**q, "count": counts.get(q["speakerLabel"], 0)} for q in row.questions_by_speaker
    ]
    row.extra = {**row.extra, "questionCount": sum(q["count"] for q in row.questions_by_speaker)}
    await session.flush()
