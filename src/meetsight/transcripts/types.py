"""Plain transcript data passed between parsers, exporters, analytics and the database layer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class SegmentData:
    """One spoken segment: times in seconds from the start of the recording."""

    start_time: float
    end_time: float
    speaker: str
    content: str
    person_id: str | None = None
