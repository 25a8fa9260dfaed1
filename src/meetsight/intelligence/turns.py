"""The engines read speaker turns, the transcript stores sentence-sized segments.

Transcripts are cut into captions (one sentence, or a piece of a long one: docs/processing.md
#segments), but what a commitment or an objection is depends on the sentences around it: "I can
send the deck. You'll have it by Friday." is one promise over two segments. So the engines get
each speaker's consecutive segments joined into turns of at most `MAX_TURN_SECONDS` (the length
of the segments they were written for), and what they return is mapped back: a line index in a
result becomes the position of the turn's segment that shares most words with what the result
says (a next step's action, a citation's answer, an insight's text), else its first segment.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from meetsight.intelligence.conversation import Conversation, Line
from meetsight.intelligence.results import ChatAnswer, Intelligence
from meetsight.speech.captions import ends_sentence

MAX_TURN_SECONDS = 30.0
MAX_GAP_SECONDS = 2.0  # a longer silence ends a turn even when the speaker stays


Turns = tuple[tuple[Line, ...], ...]  # the segments (as lines) each joined line is made of


def by_turns(
    conversation: Conversation, *, whole_sentences: bool = True
) -> tuple[Conversation, Turns]:
    """The conversation with consecutive segments of one speaker joined, and the segments of
    each joined line. A piece that does not end its sentence is always joined to the next one of
    the same speaker; whole sentences too while the turn stays under 30 s, unless
    `whole_sentences` is False (chat quotes sentences: a turn would pull its neighbours in).
    An imported transcript's cues are read as written: they were not cut by meetsight, and
    unpunctuated (ASR-style) cues would otherwise all run into their neighbours."""
    if not conversation.own_segments:
        return conversation, tuple((line,) for line in conversation.lines)
    merged: list[Line] = []
    groups: list[list[Line]] = []
    for line in conversation.lines:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.speaker == line.speaker
            and line.start - last.end <= MAX_GAP_SECONDS
            and (
                not _ends_sentence(last.text)
                or (whole_sentences and line.end - last.start <= MAX_TURN_SECONDS)
            )
        ):
            merged[-1] = Line(
                last.index, last.start, line.end, last.speaker, f"{last.text} {line.text}"
            )
            groups[-1].append(line)
            continue
        merged.append(Line(len(merged), line.start, line.end, line.speaker, line.text))
        groups.append([line])
    turns = tuple(tuple(group) for group in groups)
    if len(merged) == len(conversation.lines):
        return conversation, turns
    return dataclasses.replace(conversation, lines=tuple(merged)), turns


def _ends_sentence(text: str) -> bool:
    words = text.split()
    return bool(words) and ends_sentence(words[-1])


_WORD = re.compile(r"\w{3,}")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def _member(turns: Turns, line: int, said: str = "") -> Line:
    """The segment for a line index of the joined conversation: the turn's segment sharing most
    words with `said`, its first on a tie or with nothing said."""
    members = turns[line]
    if len(members) == 1:  # nothing to choose: skip reading words (a cue may be 1 MB long)
        return members[0]
    wanted = _words(said)
    return max(members, key=lambda m: (len(wanted & _words(m.text)), -m.index))


def _segment(turns: Turns, line: int | None, said: str = "") -> int | None:
    if line is None or not 0 <= line < len(turns):
        return line  # not a line of this conversation (an engine's -1 for "none"): kept as is
    return _member(turns, line, said).index


def _map_lines(value: Any, turns: Turns) -> Any:
    """Insights are free-form JSON: every integer under a "line" key is a line index, its
    sibling "text" (when there is one) what the line said."""
    if isinstance(value, dict):
        said = str(value.get("text") or "")
        return {
            k: _segment(turns, v, said)
            if k == "line" and isinstance(v, int) and not isinstance(v, bool)
            else _map_lines(v, turns)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_map_lines(v, turns) for v in value]
    return value


def result_to_segments(result: Intelligence, turns: Turns) -> Intelligence:
    """An engine's results on the joined conversation, with line indices as segment positions."""
    return dataclasses.replace(
        result,
        next_steps=tuple(
            dataclasses.replace(s, line=_segment(turns, s.line, s.action))
            for s in result.next_steps
        ),
        topics=tuple(
            dataclasses.replace(t, lines=tuple(_segment(turns, i) or 0 for i in t.lines))
            for t in result.topics
        ),
        notes=tuple(
            dataclasses.replace(n, line=_segment(turns, n.line, n.content) or 0)
            for n in result.notes
        ),
        insights=_map_lines(result.insights, turns),
    )


def answer_to_segments(answer: ChatAnswer, turns: Turns) -> ChatAnswer:
    """Citations point at the segment the answer draws on, with its start time."""
    citations = []
    for c in answer.citations:
        if 0 <= c.line < len(turns):
            member = _member(turns, c.line, answer.answer)
            c = dataclasses.replace(c, line=member.index, start=member.start)
        citations.append(c)
    return dataclasses.replace(answer, citations=tuple(citations))
