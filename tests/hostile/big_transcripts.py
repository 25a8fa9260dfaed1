"""Large transcripts for the memory tests and benchmarks/transcript_memory.py: real sentences
(the demo's English conversations, cycled) in WebVTT, so an upload goes through the parser."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from functools import lru_cache

SECONDS_PER_SEGMENT = 3  # 50,000 segments stay within the parser's 48 hours; more get 1 s each


@lru_cache(maxsize=1)
def demo_lines() -> tuple[tuple[str, str], ...]:
    """(speaker, text) of every English demo segment, in order (about 4,800 lines)."""
    from meetsight.demo.conversations import generate_demo_activities

    now = datetime(2026, 11, 2, tzinfo=UTC)
    lines: list[tuple[str, str]] = []
    for demo in generate_demo_activities(seed=7, now=now):
        if (demo.language or "en") != "en":
            continue
        names = {p.key: p.name for p in demo.people}
        lines.extend((names[s.speaker_key], s.content) for s in demo.segments)
    return tuple(lines)


def _clock(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}.000"


def _padded(start: int, chars: int) -> str:
    """Demo sentences from line ``start`` on, joined and cut to exactly ``chars`` characters."""
    lines = demo_lines()
    text, j = "", start
    while len(text) < chars:
        text = f"{text} {lines[j % len(lines)][1]}".strip()
        j += 1
    return text[:chars]


def many_segments_vtt(count: int, *, chars: int | None = None) -> bytes:
    """A WebVTT transcript of ``count`` cues of the demo's sentences; with ``chars``, each cue's
    text is cut or extended (with the next sentences) to exactly that many characters."""
    lines = demo_lines()
    step = SECONDS_PER_SEGMENT if count <= 50_000 else 1
    out = ["WEBVTT", ""]
    for i in range(count):
        speaker, text = lines[i % len(lines)]
        if chars is not None:
            text = _padded(i, chars)
        start = i * step
        out += [
            f"{_clock(start)} --> {_clock(start + step)}",
            f"<v {speaker}>{text}",
        ]
        out.append("")
    return "\n".join(out).encode()


def one_cue_vtt(total_bytes: int) -> bytes:
    """A WebVTT transcript of exactly ``total_bytes`` bytes holding a single cue: one speaker's
    monologue made of the demo's sentences one after another."""
    head = b"WEBVTT\n\n00:00:00.000 --> 10:00:00.000\n<v Dana Whitfield>"
    room = total_bytes - len(head) - 1  # the closing newline
    parts: list[bytes] = []
    size = -1
    for _, text in itertools.cycle(demo_lines()):
        piece = text.encode()
        if size + 1 + len(piece) > room:
            break
        parts.append(piece)
        size += 1 + len(piece)
    body = b" ".join(parts)
    data = head + body + b"." * (room - len(body)) + b"\n"
    assert len(data) == total_bytes, len(data)
    return data
