"""Stage `transcribe`: decode the recording, recognize it, tell the speakers apart, and store the
transcript with its participants (the stages `index` and `analytics` read it next).

Decoding and recognition take minutes and run in a media child process
(`processing/recognition.py`), so an embedded worker leaves the API responsive and a crafted file
cannot take the server down.
Everything is written in one transaction at the end and replaces what an interrupted earlier
run may have written.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import participants_repository
from meetsight.activities.models import Activity
from meetsight.activities.updates import update_activity
from meetsight.db.unit_of_work import read_only
from meetsight.jobs.errors import PermanentError, TransientError
from meetsight.media.errors import MediaError
from meetsight.observability.metrics import observe_transcription
from meetsight.organizations.models import Organization, Person
from meetsight.processing.media_steps import in_media_process
from meetsight.processing.pipeline import StageContext
from meetsight.processing.recognition import Heard, recognize
from meetsight.processing.stage_media import has_media
from meetsight.speakers import Participant, apply_matches, match_speakers
from meetsight.speech.errors import TranscriptionError
from meetsight.transcripts.importing import write_segments
from meetsight.transcripts.limits import split_long_segments
from meetsight.transcripts.types import SegmentData

MAX_VOCABULARY = 100


async def _participants(session: AsyncSession, activity: Activity) -> list[tuple[Person, Any]]:
    rows = await participants_repository.with_people(session, activity.organization_id, activity.id)
    return [(r[0], r[1]) for r in rows]


async def _vocabulary(session: AsyncSession, org_id: str) -> list[str]:
    org = await session.get(Organization, org_id)
    words = (org.settings or {}).get("vocabulary", []) if org else []
    return [str(w) for w in words if str(w).strip()][:MAX_VOCABULARY]


def speakers_hint(activity: Activity, participants: int) -> int | None:
    """The most speakers the diarizer may find. The participants bound it when there are at
    least two; one (the owner alone, as the upload page sends by default) says nothing about the
    others, and a call always has two sides."""
    if activity.is_call:
        return max(2, participants)
    return participants if participants >= 2 else None


class TranscribeStage:
    """Not for an imported transcript, which the upload stored with its index and analytics."""

    name = "transcribe"
    emits: tuple[str, ...] = ()

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return has_media(activity, payload)

    async def run(self, sc: StageContext) -> None:
        services = sc.job.require_services()
        activity = sc.activity
        async with read_only(sc.job.sessionmaker) as session:
            people = await _participants(session, activity)
            vocabulary = await _vocabulary(session, activity.organization_id)
        assert activity.media_key is not None  # the media stage refused a missing one
        async with services.media.local_copy(activity.media_key) as local:
            path = str(local)
            # In a child process: a crafted file that crashes a codec or exhausts memory ends the
            # child (counted on the job), and cancelling (shutdown) kills it mid-recognition.
            try:
                heard: Heard = await in_media_process(
                    sc,
                    recognize,
                    services.settings,
                    path,
                    activity.language,
                    vocabulary,
                    speakers_hint(activity, len(people)),
                )
            except MediaError as exc:
                raise PermanentError(f"The recording cannot be decoded: {exc.message}") from None
            except TranscriptionError as exc:
                error = TransientError if exc.transient else PermanentError
                raise error(f"Transcription failed: {exc}") from None
        participants = [
            Participant(person.id, person.name, is_owner=person.id == activity.owner_person_id)
            for person, _ in people
        ]
        observe_transcription(heard.audio_seconds, heard.seconds["asr"])
        attribution = heard.attribution
        matches = match_speakers(
            attribution.speakers,
            participants,
            channel_of_speaker=attribution.channel_of_speaker,
            direction=activity.direction if activity.is_call else None,  # type: ignore[arg-type]
        )
        # Recognition is never refused for its length: a segment over the limit is split instead.
        segments = split_long_segments(
            apply_matches(attribution.segments, matches),
            services.settings.transcript_max_segment_chars,
        )
        sc.payload["timings"] = {
            **sc.payload.get("timings", {}),
            **{f"transcribe.{part}": s for part, s in heard.seconds.items()},
        }
        async with sc.transaction() as session:
            segments = _keep_assignments(segments, people)
            # The language first: the `index` stage stems the sentences in it. Written only when
            # it changed: update_activity re-indexes the whole activity for a language, and the
            # transcript it would re-index is the one the `index` stage replaces next.
            values: dict[str, Any] = {"speaker_method": attribution.method}
            language = heard.transcription.language or activity.language
            if language != activity.language:
                values["language"] = language
            await update_activity(session, activity.organization_id, activity.id, **values)
            await write_segments(session, activity.organization_id, activity.id, segments)


def _keep_assignments(
    segments: list[SegmentData],
    people: list[tuple[Person, Any]],
) -> list[SegmentData]:
    """A speaker no rule matched stays a transcript speaker ("Speaker 2"): a label, not a person
    of the organization and not a participant, until someone assigns it to one
    (`PATCH .../speakers`). A re-run keeps such an assignment: the participant remembers the
    label it was assigned from."""
    by_label = {link.speaker_label: person for person, link in people if link.speaker_label}
    out: list[SegmentData] = []
    for seg in segments:
        person = by_label.get(seg.speaker) if seg.person_id is None else None
        if person is not None:
            seg = SegmentData(seg.start_time, seg.end_time, seg.speaker, seg.content, person.id)
        out.append(seg)
    return out
