"""Storing a transcript that was made elsewhere: named speakers become people, lines become
segments (`conversations.transcript_import` adds the participants, the language and the
analytics). A generic label ("Speaker 2", as recognizers and our own diarization write) is a
transcript speaker, not a person: it stays a label until someone assigns it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import SimpleNamespace

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.organizations.models import Person
from meetsight.search.indexing import index_transcript
from meetsight.search.schema import IndexedSentence
from meetsight.transcripts import repository
from meetsight.transcripts.document import render_transcript
from meetsight.transcripts.models import TranscriptDocument, TranscriptSegment
from meetsight.transcripts.types import SegmentData, is_generic_speaker


async def people_for_speakers(
    session: AsyncSession, org_id: str, speakers: Sequence[str], known: Sequence[Person]
) -> dict[str, Person]:
    """Each named speaker to a person: one of the upload's people with that name, else a new
    external contact. Generic labels that match none of the upload's people are left out."""
    by_name = {p.name.casefold(): p for p in known}
    matched: dict[str, Person] = {}
    for speaker in speakers:
        person = by_name.get(speaker.casefold())
        if person is None and is_generic_speaker(speaker):
            continue
        if person is None:
            person = Person(organization_id=org_id, name=speaker[:200], is_internal=False)
            session.add(person)
            by_name[speaker.casefold()] = person
        matched[speaker] = person
    await session.flush()
    return matched


async def store_segments(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    segments: Sequence[SegmentData],
    embedded: Mapping[bytes, bytes] | None = None,
) -> None:
    """Replace the activity's segments with these, in order, its rendered document and its
    search index entries (sentence vectors included: pass `embedded`, from
    `search.vectors.preembed` before the transaction wrote, so that the embedding does not
    hold the transaction open). The pipeline runs the two halves as stages of their own
    (`transcribe` writes, `index` indexes)."""
    await write_segments(session, org_id, activity_id, segments)
    await index_segments(session, org_id, activity_id, segments, embedded)


async def write_segments(
    session: AsyncSession, org_id: str, activity_id: str, segments: Sequence[SegmentData]
) -> None:
    """Replace the activity's segments with these, in order, and its rendered document (not
    its search index: `index_segments`)."""
    await repository.delete_transcript(session, org_id, activity_id)
    rows = [
        {
            "organization_id": org_id,
            "activity_id": activity_id,
            "position": position,
            "start_time": round(seg.start_time, 3),
            "end_time": round(seg.end_time, 3),
            "person_id": seg.person_id or "",
            "speaker_label": seg.speaker[:100],
            "participant_name": seg.speaker[:200],
            "content": seg.content,
        }
        for position, seg in enumerate(segments)
    ]
    for start in range(0, len(rows), 1000):
        await session.execute(sa.insert(TranscriptSegment), rows[start : start + 1000])
    session.add(
        TranscriptDocument(
            organization_id=org_id,
            activity_id=activity_id,
            segment_count=len(rows),
            body=render_transcript(SimpleNamespace(**row) for row in rows),
        )
    )
    await session.flush()


async def stored_segments(
    session: AsyncSession, org_id: str, activity_id: str
) -> list[SegmentData]:
    """The activity's segments as written (times to the millisecond, the speaker's name)."""
    return [
        SegmentData(r.start_time, r.end_time, r.participant_name, r.content, r.person_id or None)
        for r in await repository.segments(session, org_id, activity_id)
    ]


async def index_segments(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    segments: Sequence[SegmentData],
    embedded: Mapping[bytes, bytes] | None = None,
) -> None:
    """Replace the activity's search index entries with these segments' (written and flushed
    already: PostgreSQL reads them back)."""
    sentences = [
        IndexedSentence(
            position,
            seg.content,
            seg.speaker[:200],
            round(seg.start_time, 3),
            round(seg.end_time, 3),
        )
        for position, seg in enumerate(segments)
    ]
    await index_transcript(session, org_id, activity_id, sentences, embedded)
