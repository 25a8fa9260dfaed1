"""The engines read speaker turns, the transcript stores sentence-sized segments.

Transcripts are cut into captions (one sentence, or a piece of a long one: docs/processing.md
#segments), but what a commitment or an objection is depends on the sentences around it: "I can
send the deck. You'll have it by Friday." is one promise over two segments. So the engines get
each speaker's consecutive segments joined into turns of at most `MAX_TURN_SECONDS` (the length
of the segments they were written for), and what they return is mapped back: a line index in a
result becomes the position of the turn's first segment, where the player jumps.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from meetsight.intelligence.conversation import Conversation, Line
from meetsight.intelligence.results import ChatAnswer, Intelligence
from meetsight.speech.captions import ends_sentence

MAX_TURN_SECONDS = 30.0
MAX_GAP_SECONDS = 2.0  # a longer silence ends a turn even when the speaker stays


def by_turns(conversation: Conversation) -> tuple[Conversation, tuple[int, ...]]:
    """The conversation with consecutive segments of one speaker joined, and the index of the
    first segment of each joined line. A piece that does not end its sentence is always joined
    to the next one of the same speaker; whole sentences while the turn stays under 30 s."""
    merged: list[Line] = []
    first: list[int] = []
    for line in conversation.lines:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.speaker == line.speaker
            and line.start - last.end <= MAX_GAP_SECONDS
            and (not _ends_sentence(last.text) or line.end - last.start <= MAX_TURN_SECONDS)
        ):
            merged[-1] = Line(
                last.index, last.start, line.end, last.speaker, f"{last.text} {line.text}"
            )
            continue
        merged.append(Line(len(merged), line.start, line.end, line.speaker, line.text))
        first.append(line.index)
    if len(merged) == len(conversation.lines):
        return conversation, tuple(first)
    return dataclasses.replace(conversation, lines=tuple(merged)), tuple(first)


def _ends_sentence(text: str) -> bool:
    words = text.split()
    return bool(words) and ends_sentence(words[-1])


def _segment(first: tuple[int, ...], line: int | None) -> int | None:
    if line is None or not 0 <= line < len(first):
        return line  # not a line of this conversation (an engine's -1 for "none"): kept as is
    return first[line]


def _map_lines(value: Any, first: tuple[int, ...]) -> Any:
    """Insights are free-form JSON: every integer under a "line" key is a line index."""
    if isinstance(value, dict):
        return {
            k: _segment(first, v)
            if k == "line" and isinstance(v, int) and not isinstance(v, bool)
            else _map_lines(v, first)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_map_lines(v, first) for v in value]
    return value


def result_to_segments(result: Intelligence, first: tuple[int, ...]) -> Intelligence:
    """An engine's results on the joined conversation, with line indices as segment positions."""
    return dataclasses.replace(
        result,
        next_steps=tuple(
            dataclasses.replace(s, line=_segment(first, s.line)) for s in result.next_steps
        ),
        topics=tuple(
            dataclasses.replace(t, lines=tuple(_segment(first, i) or 0 for i in t.lines))
            for t in result.topics
        ),
        notes=tuple(
            dataclasses.replace(n, line=_segment(first, n.line) or 0) for n in result.notes
        ),
        insights=_map_lines(result.insights, first),
    )


def answer_to_segments(answer: ChatAnswer, first: tuple[int, ...]) -> ChatAnswer:
    citations = tuple(
        dataclasses.replace(c, line=_segment(first, c.line) or 0) for c in answer.citations
    )
    return dataclasses.replace(answer, citations=citations)
