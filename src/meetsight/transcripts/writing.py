"""Write transcript segments out as SRT, WebVTT, plain text or JSON.

The SRT, WebVTT and JSON output is shaped so that ``parse_transcript`` reads it back to the same
speakers, contents and millisecond times.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

from meetsight.transcripts.types import SegmentLike

EXPORT_FORMATS: tuple[str, ...] = ("srt", "vtt", "txt", "json")


def to_millis(seconds: float) -> int:
    """Seconds to whole milliseconds; every format stores times at this precision."""
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"cannot export time {seconds!r}: it must be finite and non-negative")
    return round(seconds * 1000)


def format_timestamp(millis: int, separator: str = ".") -> str:
    """``HH:MM:SS.mmm`` (or ``,`` for SRT); hours grow past two digits rather than wrapping."""
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, ms = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{ms:03d}"


def _one_line(text: str) -> str:
    # A blank line inside a cue would end it early in SRT/VTT, so all whitespace becomes one space.
    return " ".join(text.split())


def _escape_vtt(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _export_srt(segments: Sequence[SegmentLike]) -> str:
    cues = []
    for number, seg in enumerate(segments, start=1):
        start = format_timestamp(to_millis(seg.start_time), ",")
        end = format_timestamp(to_millis(seg.end_time), ",")
        speaker, content = _one_line(seg.speaker), _one_line(seg.content)
        text = f"{speaker}: {content}" if speaker else content
        cues.append(f"{number}\n{start} --> {end}\n{text}\n")
    return "\n".join(cues)


def _export_vtt(segments: Sequence[SegmentLike]) -> str:
    cues = ["WEBVTT\n"]
    for seg in segments:
        start = format_timestamp(to_millis(seg.start_time))
        end = format_timestamp(to_millis(seg.end_time))
        speaker = _escape_vtt(_one_line(seg.speaker))
        content = _escape_vtt(_one_line(seg.content))
        text = f"<v {speaker}>{content}</v>" if speaker else content
        cues.append(f"{start} --> {end}\n{text}\n")
    return "\n".join(cues)


def _export_txt(segments: Sequence[SegmentLike]) -> str:
    lines = []
    for seg in segments:
        # Whole seconds are enough for reading; the clock is truncated, not rounded up.
        clock = format_timestamp(to_millis(seg.start_time) // 1000 * 1000)[:-4]
        speaker, content = _one_line(seg.speaker), _one_line(seg.content)
        lines.append(f"[{clock}] {speaker}: {content}" if speaker else f"[{clock}] {content}")
    return "".join(line + "\n" for line in lines)


def _export_json(segments: Sequence[SegmentLike]) -> str:
    rows = [
        {
            "startTime": to_millis(seg.start_time) / 1000,
            "endTime": to_millis(seg.end_time) / 1000,
            "participantName": seg.speaker,
            "content": seg.content,
        }
        for seg in segments
    ]
    return json.dumps(rows, ensure_ascii=False, indent=2) + "\n"


_EXPORTERS: dict[str, Callable[[Sequence[SegmentLike]], str]] = {
    "srt": _export_srt,
    "vtt": _export_vtt,
    "txt": _export_txt,
    "json": _export_json,
}


def export_transcript(segments: Sequence[SegmentLike], fmt: str) -> str:
    """Render segments as ``srt``, ``vtt``, ``txt`` or ``json`` text (ValueError for others)."""
    exporter = _EXPORTERS.get(fmt.lower()) if isinstance(fmt, str) else None
    if exporter is None:
        raise ValueError(
            f"unsupported export format {fmt!r}; expected one of {', '.join(EXPORT_FORMATS)}"
        )
    return exporter(segments)
