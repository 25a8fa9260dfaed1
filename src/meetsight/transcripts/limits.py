"""How large a transcript may be (docs/processing.md#transcript-limits).

An imported transcript over a limit is refused at upload, before anything is stored: the parser
stops at the first segment past a size limit (so a huge file never becomes a huge list), and the
upload checks speakers and participants before any row is written. Recognition output is never
refused: segments longer than the limit are split at word boundaries (`split_long_segments`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from meetsight.config import Settings
from meetsight.errors import ValidationFailed
from meetsight.transcripts.types import SegmentData, is_generic_speaker


@dataclass(frozen=True, slots=True)
class TranscriptLimits:
    max_segments: int
    max_segment_chars: int
    max_chars: int
    max_speakers: int
    max_participants: int

    @classmethod
    def from_settings(cls, settings: Settings) -> TranscriptLimits:
        return cls(
            max_segments=settings.transcript_max_segments,
            max_segment_chars=settings.transcript_max_segment_chars,
            max_chars=settings.transcript_max_chars,
            max_speakers=settings.transcript_max_speakers,
            max_participants=settings.transcript_max_participants,
        )

    @classmethod
    def defaults(cls) -> TranscriptLimits:
        fields = Settings.model_fields
        return cls(
            **{name: fields[f"transcript_{name}"].default for name in cls.__dataclass_fields__}
        )


def setting_name(limit: str) -> str:
    """The environment variable of a limit: "max_segments" -> MEETSIGHT_TRANSCRIPT_MAX_SEGMENTS."""
    return f"MEETSIGHT_TRANSCRIPT_{limit.upper()}"


def check_people(
    speakers: Sequence[str], people: Mapping[str, str], limits: TranscriptLimits
) -> None:
    """Refuse an import with too many distinct speakers, or whose speakers and the upload's
    ``people`` (id -> name) together would attach too many participants: a speaker whose name
    matches one of the people is that person, as `importing.people_for_speakers` decides. Raises
    ValidationFailed (422)."""
    if len(speakers) > limits.max_speakers:
        raise ValidationFailed(
            f"transcript: {len(speakers)} distinct speakers, more than the limit of "
            f"{limits.max_speakers} ({setting_name('max_speakers')})"
        )
    known = {name.casefold() for name in people.values()}
    named = {s.casefold() for s in speakers if not is_generic_speaker(s)}
    total = len(people) + len(named - known)
    if total > limits.max_participants:
        raise ValidationFailed(
            f"transcript: {total} participants with the speakers, more than the limit of "
            f"{limits.max_participants} ({setting_name('max_participants')})"
        )


def split_long_segments(segments: Sequence[SegmentData], max_chars: int) -> list[SegmentData]:
    """Each segment longer than ``max_chars`` becomes consecutive pieces of at most that many
    characters, cut at spaces where there are any, the time shared by character count."""
    out: list[SegmentData] = []
    for seg in segments:
        if len(seg.content) <= max_chars:
            out.append(seg)
            continue
        pieces = _pieces(seg.content, max_chars)
        span, done = seg.end_time - seg.start_time, 0
        for piece in pieces:
            start = seg.start_time + span * done / len(seg.content)
            done += len(piece)
            end = seg.start_time + span * min(done, len(seg.content)) / len(seg.content)
            out.append(SegmentData(start, end, seg.speaker, piece.strip(), seg.person_id))
    return out


def _pieces(text: str, size: int) -> list[str]:
    pieces: list[str] = []
    start = 0
    while len(text) - start > size:
        cut = text.rfind(" ", start + 1, start + size + 1)
        end = cut if cut > start else start + size
        pieces.append(text[start:end])
        start = end
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]
