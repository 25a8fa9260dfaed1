"""Read uploaded transcripts (WebVTT, SRT, JSON) into SegmentData.

Every problem is a TranscriptFormatError carrying the 1-based line number where there is one, so
the upload API can point the user at the exact spot instead of rejecting the file wholesale. A
transcript over a size limit (transcripts.limits) is a TranscriptTooLarge, raised as soon as the
limit is passed, so that an oversized file never becomes a list of segments.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator

from meetsight.transcripts.limits import TranscriptLimits, setting_name
from meetsight.transcripts.types import SegmentData
from meetsight.transcripts.writing import format_timestamp

MAX_SEGMENTS = TranscriptLimits.defaults().max_segments
MAX_SECONDS = 48 * 3600
# Digits of an hour field or a character reference worth reading: longer ones (after leading
# zeros) are out of range anyway, and int() refuses strings of more than 4,300 digits.
_MAX_DIGITS = 8
UNKNOWN_SPEAKER = "Unknown speaker"
NO_SEGMENTS = "no transcript segments found"

Line = tuple[int, str]  # (1-based line number, text)


class TranscriptFormatError(ValueError):
    """An unreadable transcript; ``str()`` is ``"line N: message"`` when the line is known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.message = message
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)

    def __reduce__(self) -> tuple[type[TranscriptFormatError], tuple[str, int | None]]:
        # Keep line/message intact through pickling (e.g. across worker processes).
        return (type(self), (self.message, self.line))


class TranscriptTooLarge(TranscriptFormatError):
    """Over one of the size limits; ``setting`` names the environment variable of that limit."""

    def __init__(self, message: str, line: int | None = None, setting: str = "") -> None:
        super().__init__(message, line)
        self.setting = setting

    def __reduce__(self) -> tuple[type[TranscriptTooLarge], tuple[str, int | None, str]]:  # type: ignore[override]
        return (type(self), (self.message, self.line, self.setting))


class _ItemError(Exception):
    """A problem inside one JSON item; the caller adds the item number and line."""


def _shown(value: object) -> str:
    """``repr(value)`` cut to a readable length for an error message."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


# --- shared helpers -------------------------------------------------------------------------

# ASCII digits only: int() would quietly accept other scripts' digits.
_SRT_TS = re.compile(r"(\d+):([0-5]\d):([0-5]\d)[,.](\d{3})", re.ASCII)
_VTT_TS = re.compile(r"(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})", re.ASCII)
_TIMING = re.compile(r"\s*(\S+?)\s*-->\s*(\S+)(.*)")
_ENTITY = re.compile(r"&(#\d+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);")
_ENTITIES = {
    "amp": "&",
    "lt": "<",
    "gt": ">",
    "nbsp": " ",  # a plain space: cue text is whitespace-normalised anyway
    "quot": '"',
    "apos": "'",
    "lrm": "\u200e",
    "rlm": "\u200f",
}
_CUE_NUMBER = re.compile(r"\s*[0-9]+\s*")
_NAME_FORBIDDEN = frozenset('!?;,"/\\|<>=[]{}“”…')
_ABBREVIATION = re.compile(r"(?:[^\W\d_]{1,4}\.)+")


class _OutOfRange(ValueError):
    """A clock whose hour field has more digits than any accepted time."""


def _clock_millis(match: re.Match[str]) -> int:
    """Milliseconds of a clock match; raises _OutOfRange for an hour field of more than
    ``_MAX_DIGITS`` significant digits (int() alone would take 400 and fail at 4,300)."""
    hours, minutes, seconds, ms = match.groups()
    hours = (hours or "0").lstrip("0") or "0"
    if len(hours) > _MAX_DIGITS:
        raise _OutOfRange(f"{len(hours)}-digit hour")
    return ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(ms)


_BEYOND = f"is beyond the {MAX_SECONDS // 3600} hour limit"


def _clock(seconds: float) -> str:
    return format_timestamp(round(seconds * 1000))


def _time_problem(start: float, end: float) -> str | None:
    """Why a (start, end) pair is unacceptable, or None when it is fine."""
    for value in (start, end):
        if not math.isfinite(value) or value < 0:
            return f"time {value!r} must be a finite, non-negative number of seconds"
        if value > MAX_SECONDS:
            shown = _clock(value) if value < 1e9 else f"{value:.3g} s"  # 1e306 s has no clock
            return f"time {shown} {_BEYOND}"
    if end < start:
        return f"end {_clock(end)} is before start {_clock(start)}"
    return None


class _Collected:
    """The segments read so far, refused as soon as one of the size limits is passed."""

    def __init__(self, limits: TranscriptLimits) -> None:
        self.limits = limits
        self.items: list[SegmentData] = []
        self.chars = 0

    def add(self, segment: SegmentData, line: int | None) -> None:
        limits = self.limits
        if len(self.items) >= limits.max_segments:
            raise _too_large(f"more than {limits.max_segments} segments", "max_segments", line)
        size = len(segment.content)
        if size > limits.max_segment_chars:
            message = f"a segment of {size} characters, more than {limits.max_segment_chars}"
            raise _too_large(message, "max_segment_chars", line)
        self.chars += size
        if self.chars > limits.max_chars:
            raise _too_large(f"more than {limits.max_chars} characters of text", "max_chars", line)
        self.items.append(segment)


def _too_large(message: str, limit: str, line: int | None) -> TranscriptTooLarge:
    setting = setting_name(limit)
    return TranscriptTooLarge(f"{message} (the limit, {setting})", line, setting)


def _squash(text: str) -> str:
    return " ".join(text.split())


def split_speaker_prefix(text: str) -> tuple[str | None, str]:
    """Split ``"Name: words"`` into (name, words); (None, text) when the prefix is not a name.

    The colon must be followed by whitespace, which rules out times ("10:30") and URLs
    ("http://x"). A name is at most 4 words and 40 characters, starts with a letter and holds no
    sentence punctuation; periods only in short abbreviations ("Dr.", "J.R."). "Note: ..." still
    reads as a speaker called Note, which is an accepted false positive.
    """
    colon = text.find(":")
    if colon <= 0 or not text[colon + 1 : colon + 2].isspace():
        return None, text
    name, body = text[:colon].strip(), text[colon + 1 :].strip()
    words = name.split()
    if (
        not body
        or len(name) > 40
        or not 1 <= len(words) <= 4
        or not name[0].isalpha()
        or any(ch in _NAME_FORBIDDEN for ch in name)
        or any("." in word and not _ABBREVIATION.fullmatch(word) for word in words)
    ):
        return None, text
    return name, body


def _blocks(lines: list[str], start: int = 0) -> Iterator[list[Line]]:
    """Groups of non-blank lines; whitespace-only lines count as blank."""
    block: list[Line] = []
    for index in range(start, len(lines)):
        if lines[index].strip():
            block.append((index + 1, lines[index]))
        elif block:
            yield block
            block = []
    if block:
        yield block


def _parse_timing(text: str, line: int, vtt: bool) -> tuple[int, int]:
    """Parse ``start --> end [settings]`` into milliseconds, validating the range."""
    match = _TIMING.fullmatch(text)
    if match is None:
        raise TranscriptFormatError(f"timing line {text.strip()!r} is not 'start --> end'", line)
    pattern, shape = (_VTT_TS, "HH:MM:SS.mmm or MM:SS.mmm") if vtt else (_SRT_TS, "HH:MM:SS,mmm")
    millis = []
    for raw in match.group(1, 2):
        ts = pattern.fullmatch(raw)
        if ts is None:
            raise TranscriptFormatError(f"timestamp {_shown(raw)} is not {shape}", line)
        try:
            millis.append(_clock_millis(ts))
        except _OutOfRange:
            raise TranscriptFormatError(f"timestamp {_shown(raw)} {_BEYOND}", line) from None
    problem = _time_problem(millis[0] / 1000, millis[1] / 1000)
    if problem:
        raise TranscriptFormatError(problem, line)
    return millis[0], millis[1]


def _timing_index(block: list[Line]) -> int | None:
    """Index of the timing line: first line, or second after a cue number/identifier."""
    if "-->" in block[0][1]:
        return 0
    if len(block) > 1 and "-->" in block[1][1]:
        return 1
    return None


# --- WebVTT ---------------------------------------------------------------------------------

_VTT_TAG = re.compile(r"<(/?)([a-zA-Z]+|\d[\d:.]*)((?:\.[^\s>]*)?)(?:[ \t]+([^>]*))?>")
_VTT_SKIP_BLOCK = re.compile(r"(?:NOTE|STYLE|REGION)(?:\s|$)")
_VTT_HEADER = re.compile(r"WEBVTT(?:[ \t\r\n]|$)")


def _unescape_vtt(text: str) -> str:
    # One pass, so "&amp;lt;" becomes "&lt;" and not "<".
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("#"):
            digits = (name[2:] if name[1] in "xX" else name[1:]).lstrip("0") or "0"
            if len(digits) > _MAX_DIGITS:
                return match.group(0)  # beyond any code point
            code = int(digits, 16) if name[1] in "xX" else int(digits)
            # Surrogates cannot be stored as UTF-8, so such references stay as written.
            valid = 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF
            return chr(code) if valid else match.group(0)
        return _ENTITIES.get(name, match.group(0))

    return _ENTITY.sub(replace, text)


def _vtt_runs(raw: str) -> list[tuple[str | None, str]]:
    """Split cue text into (voice, text) runs; text outside any voice span joins a neighbour."""
    voices: list[str | None] = []  # one entry per <v> span, in order
    pieces: list[tuple[int | None, str]] = []  # (index into voices, raw text)
    span: int | None = None
    pos = 0
    for tag in _VTT_TAG.finditer(raw):
        pieces.append((span, raw[pos : tag.start()]))
        pos = tag.end()
        if tag.group(2) == "v":
            span = None if tag.group(1) else len(voices)
            if not tag.group(1):
                voices.append(_squash(_unescape_vtt(tag.group(4) or "")) or None)
    pieces.append((span, raw[pos:]))

    # Raw text of one span is concatenated before cleaning, so "<i>Hel</i>lo" stays one word.
    grouped: list[tuple[int | None, str]] = []
    current = 0 if voices else None
    for piece_span, text in pieces:
        current = piece_span if piece_span is not None else current
        if grouped and grouped[-1][0] == current:
            grouped[-1] = (current, grouped[-1][1] + text)
        else:
            grouped.append((current, text))

    runs: list[tuple[str | None, str]] = []
    for group_span, text in grouped:
        voice = None if group_span is None else voices[group_span]
        clean = _squash(_unescape_vtt(text))
        if not clean:
            continue
        if runs and runs[-1][0] == voice:
            runs[-1] = (voice, f"{runs[-1][1]} {clean}")
        else:
            runs.append((voice, clean))
    return runs


def _vtt_cue(block: list[Line], timing: int, segments: _Collected) -> None:
    line, text = block[timing]
    start, end = _parse_timing(text, line, vtt=True)
    runs = _vtt_runs(" ".join(t for _, t in block[timing + 1 :]))
    if not runs:
        return  # empty cues carry nothing worth keeping
    if len(runs) == 1 and runs[0][0] is None:
        speaker, content = split_speaker_prefix(runs[0][1])
        runs = [(speaker, content)]
    # Several voices in one cue: share the cue's time by character count, in whole milliseconds.
    total = sum(len(content) for _, content in runs)
    bounds, seen = [start], 0
    for _, content in runs[:-1]:
        seen += len(content)
        bounds.append(start + (end - start) * seen // total)
    bounds.append(end)
    for (speaker, content), a, b in zip(runs, bounds, bounds[1:], strict=False):
        segments.add(SegmentData(a / 1000, b / 1000, speaker or UNKNOWN_SPEAKER, content), line)


def _parse_vtt(lines: list[str], limits: TranscriptLimits) -> list[SegmentData]:
    first = next((i for i, text in enumerate(lines) if text.strip()), 0)
    if not _VTT_HEADER.match(lines[first]):
        raise TranscriptFormatError("missing 'WEBVTT' header on the first line", first + 1)
    segments = _Collected(limits)
    for number, block in enumerate(_blocks(lines, first)):
        if number == 0:
            # Header block; tolerate a first cue that follows it without a blank line.
            arrow = next((i for i, (_, t) in enumerate(block) if "-->" in t), None)
            if arrow is None:
                continue
            block = block[max(arrow - 1, 1) :]
        if _VTT_SKIP_BLOCK.match(block[0][1]) and "-->" not in block[0][1]:
            continue
        timing = _timing_index(block)
        if timing is None:
            where = block[1][0] if len(block) > 1 else block[0][0]
            raise TranscriptFormatError("expected a cue timing line 'start --> end'", where)
        _vtt_cue(block, timing, segments)
    return segments.items


# --- SRT ------------------------------------------------------------------------------------

_SRT_TAG = re.compile(r"</?(?:i|b|u|s|font)(?:\s[^>]*)?>|\{\\[^}]*\}", re.IGNORECASE)


def _parse_srt(lines: list[str], limits: TranscriptLimits) -> list[SegmentData]:
    cues: list[tuple[int, int, int, list[str]]] = []  # (timing line, start ms, end ms, text)
    for block in _blocks(lines):
        number_line, head = block[0]
        timing = _timing_index(block)
        if timing is None:
            if _CUE_NUMBER.fullmatch(head):
                where = block[1][0] if len(block) > 1 else number_line
                raise TranscriptFormatError("expected a 'start --> end' timing line", where)
            if not cues:
                raise TranscriptFormatError(
                    "expected a cue number followed by a 'start --> end' timing line", number_line
                )
            # A stray blank line inside cue text: keep the text with the cue before it.
            cues[-1][3].extend(t for _, t in block)
            continue
        if timing == 1 and not _CUE_NUMBER.fullmatch(head):
            raise TranscriptFormatError(f"cue number {head.strip()!r} is not a number", number_line)
        line, text = block[timing]
        start, end = _parse_timing(text, line, vtt=False)
        cues.append((line, start, end, [t for _, t in block[timing + 1 :]]))

    segments = _Collected(limits)
    for line, start, end, text_lines in cues:
        text = _squash(_SRT_TAG.sub("", " ".join(text_lines)))
        if not text:
            continue
        speaker, content = split_speaker_prefix(text)
        segments.add(
            SegmentData(start / 1000, end / 1000, speaker or UNKNOWN_SPEAKER, content), line
        )
    return segments.items


# --- JSON -----------------------------------------------------------------------------------

_JSON_WS = re.compile(r"[ \t\n\r]*")
# A string (skipped) or the start of an object or array.
_JSON_CONTAINER = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[{]')
# Objects and arrays json.loads may build per segment of the limit (room for word lists): each
# costs about 70 bytes for 3 bytes of JSON, so 50 MB of "[{},{},...]" grew the server by 1.2 GB.
CONTAINERS_PER_SEGMENT = 20


def _json_time(item: dict[str, object], key: str) -> float:
    if key not in item:
        raise _ItemError(f"missing '{key}'")
    value = item[key]
    try:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, str):
            text = value.strip()
            clock = _VTT_TS.fullmatch(text) or _SRT_TS.fullmatch(text)
            if clock:
                try:
                    return _clock_millis(clock) / 1000
                except _OutOfRange:
                    raise _ItemError(f"'{key}' value {_shown(value)} {_BEYOND}") from None
            return float(text)
    except (ValueError, OverflowError):
        pass
    raise _ItemError(f"'{key}' value {_shown(value)} is not a number of seconds")


def _json_text(item: dict[str, object], keys: tuple[str, str], required: bool) -> str:
    for key in keys:
        value = item.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            raise _ItemError(f"'{key}' must be a string, got {type(value).__name__}")
        if "\x00" in value:
            raise _ItemError(f"'{key}' holds a NUL character")
        if not value.strip() and required:
            raise _ItemError(f"'{key}' is empty")
        return value.strip()
    if required:
        raise _ItemError(f"missing '{keys[0]}'")
    return ""


def _json_segment(item: object) -> SegmentData:
    if not isinstance(item, dict):
        raise _ItemError(f"expected an object, got {type(item).__name__}")
    start, end = _json_time(item, "startTime"), _json_time(item, "endTime")
    problem = _time_problem(start, end)
    if problem:
        raise _ItemError(problem)
    speaker = _json_text(item, ("participantName", "speaker"), required=False)
    content = _json_text(item, ("content", "text"), required=True)
    return SegmentData(start, end, speaker or UNKNOWN_SPEAKER, content)


def _json_item_line(text: str, key: str | None, index: int) -> int | None:
    """Line where item ``index`` of the segment list starts. Only run on errors; the text is
    already known to be valid JSON, so raw_decode can hop over whole values."""
    decoder = json.JSONDecoder()

    def skip(pos: int) -> int:
        match = _JSON_WS.match(text, pos)
        return match.end() if match else pos

    try:
        pos = skip(0)
        if key is not None:
            pos = skip(pos + 1)  # past "{"
            while True:
                name, pos = decoder.raw_decode(text, pos)
                pos = skip(skip(pos) + 1)  # past ":"
                if name == key:
                    break
                pos = skip(decoder.raw_decode(text, pos)[1])
                pos = skip(pos + 1)  # past ","
        pos = skip(pos + 1)  # past "["
        for _ in range(index):
            pos = skip(skip(decoder.raw_decode(text, pos)[1]) + 1)
    except (ValueError, IndexError):
        return None
    return text.count("\n", 0, pos) + 1


def _json_int(digits: str) -> int | float:
    """JSON integers: one too long for int() (4,300 digits) is as good as infinite here."""
    return int(digits) if len(digits) <= 20 else float(digits)


def _check_containers(text: str, limits: TranscriptLimits) -> None:
    """Refuse JSON with more objects and arrays than its segments could need, before json.loads
    builds them all. Counting brackets is enough for almost every file; strings are skipped
    only when that count is over."""
    most = CONTAINERS_PER_SEGMENT * limits.max_segments
    if text.count("{") + text.count("[") <= most:
        return
    seen = 0
    for match in _JSON_CONTAINER.finditer(text):
        if match.group()[0] != '"':
            seen += 1
            if seen > most:
                line = text.count("\n", 0, match.start()) + 1
                message = f"more than {most} JSON objects and arrays"
                raise _too_large(message, "max_segments", line)


def _parse_json(text: str, limits: TranscriptLimits) -> list[SegmentData]:
    _check_containers(text, limits)
    try:
        doc = json.loads(text, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        message = f"invalid JSON: {exc.msg} (column {exc.colno})"
        raise TranscriptFormatError(message, exc.lineno) from None
    except RecursionError:
        raise TranscriptFormatError("invalid JSON: nested too deeply") from None
    key: str | None = None
    if isinstance(doc, dict):
        key = next((k for k in ("segments", "transcript") if isinstance(doc.get(k), list)), None)
        if key is None:
            raise TranscriptFormatError("JSON object has no 'segments' or 'transcript' list", 1)
        items = doc[key]
    elif isinstance(doc, list):
        items = doc
    else:
        raise TranscriptFormatError(
            "JSON must be a list of segments or an object with a 'segments' list", 1
        )
    segments = _Collected(limits)
    for index, item in enumerate(items):
        try:
            seg = _json_segment(item)
        except _ItemError as exc:
            line = _json_item_line(text, key, index)
            raise TranscriptFormatError(f"item {index + 1}: {exc}", line) from None
        try:
            segments.add(seg, None)
        except TranscriptTooLarge as exc:
            line = _json_item_line(text, key, index)
            raise TranscriptTooLarge(exc.message, line, exc.setting) from None
    return segments.items


# --- entry points ---------------------------------------------------------------------------

# Lines a WebVTT or SRT file may have per segment of the limit (a timing line, a number, text
# over a few lines, a blank): the parsers hold every line, so 48 MB of two-letter lines (16M)
# grew the server by 4 GB before any limit on segments could apply.
LINES_PER_SEGMENT = 10


def _check_lines(text: str, limits: TranscriptLimits) -> None:
    most = LINES_PER_SEGMENT * limits.max_segments
    if text.count("\n") >= most:
        line = most + 1
        raise _too_large(f"more than {most} lines", "max_segments", line)


def detect_format(filename: str | None, text: str) -> str:
    """Return "vtt", "srt" or "json", judging by content first and the file extension second."""
    body = text.lstrip("\ufeff").lstrip()
    extension = os.path.splitext(filename or "")[1].lower().lstrip(".")
    if _VTT_HEADER.match(body):
        return "vtt"
    if body[:1] in ("[", "{"):
        return "json"
    head = re.split(r"\r\n|\r|\n", body, maxsplit=2)[:2]
    timing = None
    if head and "-->" in head[0]:
        timing = head[0]
    elif len(head) == 2 and _CUE_NUMBER.fullmatch(head[0]) and "-->" in head[1]:
        timing = head[1]
    if timing is not None:
        # Commas are SRT-only; a period timing without a header is ambiguous, so ask the name.
        if "," in timing or extension != "vtt":
            return "srt"
        return "vtt"
    if extension in ("vtt", "srt", "json"):
        return extension
    raise TranscriptFormatError(
        "cannot tell the transcript format: expected WebVTT (a 'WEBVTT' first line), "
        "SRT (numbered cues with 'HH:MM:SS,mmm --> HH:MM:SS,mmm' timings) or JSON"
    )


def _decode(data: bytes) -> str:
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = bom + exc.start
        line = data.count(b"\n", 0, offset) + 1
        raise TranscriptFormatError(
            f"byte 0x{data[offset]:02x} at offset {offset} is not valid UTF-8", line
        ) from None


def parse_transcript(
    data: bytes, filename: str | None = None, limits: TranscriptLimits | None = None
) -> list[SegmentData]:
    """Parse a WebVTT, SRT or JSON transcript into segments sorted by start time. Raises
    TranscriptTooLarge past one of ``limits`` (default: the settings' defaults)."""
    limits = limits or TranscriptLimits.defaults()
    text = _decode(bytes(data)).replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise TranscriptFormatError(NO_SEGMENTS)
    nul = text.find("\x00")
    if nul >= 0:  # never text; PostgreSQL cannot store it either
        raise TranscriptFormatError(
            "a NUL character (0x00) is not text", text.count("\n", 0, nul) + 1
        )
    fmt = detect_format(filename, text)
    if fmt == "json":
        segments = _parse_json(text, limits)
    else:
        _check_lines(text, limits)
        lines = text.split("\n")
        segments = _parse_vtt(lines, limits) if fmt == "vtt" else _parse_srt(lines, limits)
    if not segments:
        raise TranscriptFormatError(NO_SEGMENTS)
    segments.sort(key=lambda seg: seg.start_time)  # list.sort is stable: ties keep file order
    return segments
