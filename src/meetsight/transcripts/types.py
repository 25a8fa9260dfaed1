"""Plain transcript data passed between parsers, exporters, analytics and the database layer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol


class SegmentLike(Protocol):
    """Anything with segment times, speaker and text: SegmentData, ORM rows, API models (read-only
    properties, so frozen dataclasses and named tuples match as well)."""

    @property
    def start_time(self) -> float: ...

    @property
    def end_time(self) -> float: ...

    @property
    def speaker(self) -> str: ...

    @property
    def content(self) -> str: ...


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
