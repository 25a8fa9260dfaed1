"""`PATCH .../speakers`: name a speaker, or assign them to a person, after transcription.

The segments are rewritten (and with them the served transcript document and the analytics);
the participant that stood for the speaker ("Speaker 2") gives way to the assigned person.
Here rather than in `transcripts` (which activities build on), as it writes participants.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import participants_repository
from meetsight.activities.models import ActivityParticipant
from meetsight.activities.participants import resolve_person
from meetsight.errors import ValidationFailed
from meetsight.intelligence.analytics_store import store_analytics
from meetsight.organizations.models import Person
from meetsight.schemas import NoNul, Schema
from meetsight.state import RefreshTrends
from meetsight.transcripts import repository
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.speaker_labels import assign_speaker
from meetsight.transcripts.types import SegmentData


class SpeakerEdit(Schema):
    speaker: Annotated[str, NoNul] = Field(
        min_length=1, max_length=200, description="The speaker's current name"
    )
    person_id: Annotated[str, NoNul] | None = Field(
        None, max_length=64, description="Assign the speaker to this person (or user)"
    )
    name: Annotated[str, NoNul] | None = Field(
        None, min_length=1, max_length=200, description="A new name"
    )

    @model_validator(mode="after")
    def _something_to_do(self) -> SpeakerEdit:
        if self.person_id is None and self.name is None:
            raise ValueError("give personId, name or both")
        return self


async def edit_speaker(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    edit: SpeakerEdit,
    refresh_trends: RefreshTrends,
) -> None:
    """`refresh_trends`: `state.AppState.refresh_trends`, run once the analytics are stored."""
    segments = [
        SegmentData(r.start_time, r.end_time, r.participant_name, r.content, r.person_id or None)
        for r in await repository.segments(session, org_id, activity_id)
    ]
    person = (
        await resolve_person(session, org_id, edit.person_id, "personId")
        if edit.person_id
        else None
    )
    name = edit.name or (person.name if person else None)
    try:
        updated = assign_speaker(
            segments, edit.speaker, name=name, person_id=person.id if person else None
        )
    except KeyError:
        raise ValidationFailed(f"speaker: no speaker {edit.speaker!r} in this transcript") from None
    if person is not None:
        await _replace_participant(session, org_id, activity_id, segments, edit.speaker, person)
    await store_segments(session, org_id, activity_id, updated)
    internal = await participants_repository.internal_names(session, org_id, activity_id)
    await store_analytics(session, org_id, activity_id, updated, internal_speakers=internal)
    await refresh_trends(session, org_id, activity_id)
    await session.flush()


async def _replace_participant(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    segments: list[SegmentData],
    speaker: str,
    person: Person,
) -> None:
    """The speaker's old participant leaves (when nothing else of theirs remains) and the
    assigned person joins, keeping the speaker label."""
    old_ids = {s.person_id for s in segments if s.speaker == speaker and s.person_id}
    still_speaking = {s.person_id for s in segments if s.speaker != speaker and s.person_id}
    for old_id in old_ids - still_speaking - {person.id}:
        await participants_repository.remove(session, org_id, activity_id, old_id)
    link = await session.get(ActivityParticipant, (org_id, activity_id, person.id))
    if link is None:
        count = await participants_repository.count(session, org_id, activity_id)
        session.add(
            ActivityParticipant(
                organization_id=org_id,
                activity_id=activity_id,
                person_id=person.id,
                position=count,
                speaker_label=speaker,
            )
        )
    else:
        link.speaker_label = speaker
