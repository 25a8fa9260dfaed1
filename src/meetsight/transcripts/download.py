"""Transcript downloads: SRT, WebVTT, plain text and JSON files."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from starlette.responses import Response

from meetsight.transcripts.types import SegmentData
from meetsight.transcripts.writing import export_transcript

MEDIA_TYPES = {
    "srt": "application/x-subrip; charset=utf-8",
    "vtt": "text/vtt; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "json": "application/json",
}


def transcript_response(rows: Iterable[Any], fmt: str, *, filename: str) -> Response:
    segments = [SegmentData(r.start_time, r.end_time, r.participant_name, r.content) for r in rows]
    body = export_transcript(segments, fmt)
    stem = re.sub(r"[^A-Za-z0-9._ -]+", "", filename).strip()[:80] or "transcript"
    disposition = (
        f"attachment; filename=\"{stem}.{fmt}\"; filename*=UTF-8''{quote(filename[:80])}.{fmt}"
    )
    return Response(body, media_type=MEDIA_TYPES[fmt], headers={"Content-Disposition": disposition})
