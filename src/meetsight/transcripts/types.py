"""Plain transcript data passed between parsers, exporters, analytics and the database layer."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(slots=True)
class SegmentData:
    """One spoken segment: times in seconds from the start of the recording."""

    start_time: float
    end_time: float
    speaker: str
    content: str
    person_id: str | None = None


GENERIC_SPEAKER = re.compile(r"^\s*(speaker|spk|unknown)[\s_-]*\d*\s*$", re.IGNORECASE)


def is_generic_speaker(label: str) -> bool:
    """ "Speaker 2", "SPEAKER_01", "Unknown": a label that names nobody (a transcript speaker,
    not a person of the organization)."""
    return bool(GENERIC_SPEAKER.match(label))
