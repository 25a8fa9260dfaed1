"""Dates a next step takes from the conversation around it when its own words name none.

- "before the demo", "ahead of the workshop", "antes de la reunión": the date the conversation
  gave that event ("the demo this Thursday, the 28th"), the latest one said before;
- "by then", "that day", "para entonces": the last date said just before;
- a date asked for right after ("By when?" "Friday.", or "By Friday?" "Sure."): that date.
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.deadlines import Deadline, find_deadlines, fold_same_length
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation

__all__ = ["asked_date", "event_date", "then_date"]

_EVENTS = (
    "demo|call|meeting|workshop|session|review|kickoff|kick-off|training|interview|deep dive"
    "|go-live|launch|renewal|presentation|visit|onsite|on-site|check-in|offsite|board meeting"
    "|reunion|llamada|sesion|formacion|visita|presentacion|entrevista|taller|comite|arranque"
    "|demostracion"
)
_BEFORE_EVENT = re.compile(
    r"\b(?:before|by|ahead of|prior to|in time for|antes de)\s+(?:the|our|your|this|that"
    r"|next|la|el|nuestra|nuestro|vuestra|vuestro|esa|ese|esta|este|proxima|proximo)\s+"
    rf"(?:[a-z-]+\s+){{0,2}}?(?P<event>{_EVENTS})\b"
)
_THEN = re.compile(
    r"\b(?:by then|before then|until then|that day|on that day|para entonces|ese dia|antes de eso)"
    r"\b"
)
_WHEN = re.compile(r"\b(?:by when|when|what date|which day|cuando|para cuando|que dia)\b")
_YES = re.compile(
    r"^\W*(?:yes|yeah|yep|sure|ok|okay|absolutely|definitely|that works|works|fine|no problem"
    r"|si|vale|claro|perfecto|de acuerdo|sin problema)\b"
)


def _dated(text: str, language: str, conversation: Conversation) -> list[Deadline]:
    return [d for d in find_deadlines(text, language, conversation.day) if d.due is not None]


def event_date(
    conversation: Conversation, position: int, sentence: str, language: str
) -> Deadline | None:
    """ "I'll send the agenda before the demo": the demo's date, said earlier."""
    m = _BEFORE_EVENT.search(fold_same_length(sentence))
    if m is None:
        return None
    event = m.group("event")
    lines = conversation.lines
    for back in range(position, max(-1, position - 60), -1):
        for said in reversed(sentences(lines[back].text)):
            folded = fold_same_length(said)
            if said == sentence or not re.search(rf"\b{re.escape(event)}\b", folded):
                continue
            dates = _dated(said, language, conversation)
            if dates:
                return Deadline(sentence[m.start() : m.end()], dates[-1].due, (0, 0))
    return None


def then_date(texts: list[str], sentence: str, language: str, conversation: Conversation):
    """ "I'll have it ready by then": the last date said in ``texts`` (nearest first)."""
    if not _THEN.search(fold_same_length(sentence)):
        return None
    for text in texts:
        dates = _dated(text, language, conversation)
        if dates:
            return dates[-1]
    return None


def asked_date(
    conversation: Conversation, position: int, owner: str, language: str
) -> Deadline | None:
    """ "I'll send the quote." "By when?" "Friday." / "By Friday?" "Sure.": the date agreed
    in the next lines between the owner and someone else."""
    lines = conversation.lines
    for k in range(position + 1, min(len(lines), position + 3)):
        line = lines[k]
        if line.speaker == owner:
            return None
        folded = fold_same_length(line.text)
        asked = _dated(line.text, language, conversation)
        reply = lines[k + 1] if k + 1 < len(lines) else None
        if reply is None or reply.speaker != owner:
            continue
        short = len(line.text.split()) <= 6  # "By Friday?", not a new request with its date
        if asked and short and "?" in line.text and _YES.search(fold_same_length(reply.text)):
            return asked[0]
        if _WHEN.search(folded) and "?" in line.text:
            answered = _dated(reply.text, language, conversation)
            return answered[0] if answered else None
    return None
