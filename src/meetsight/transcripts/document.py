"""A transcript rendered as the API's JSON array of segments (see TranscriptDocument)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson


def segment_json(row: Any) -> dict[str, Any]:
    """One segment (a stored row, by attribute) as the spec's TranscriptSegment object."""
    return {
        "startTime": row.start_time,
        "endTime": row.end_time,
        "personId": row.person_id,
        "participantName": row.participant_name,
        "content": row.content,
    }


def render_transcript(rows: Iterable[Any]) -> bytes:
    return orjson.dumps([segment_json(row) for row in rows])
