"""Requests, offers and their answers: who takes a step that another person asked for.

"Can you send me the MSA?" answered "Sure." gives the one who answered the step; an offer or
proposal ("Shall I send our questionnaire?", "Let's book Tuesday?") counts once the other side
takes it. An answer takes when its first sentence says yes ("Sure", "Monday is fine", "works
for me", "me parece bien", "El martes a las diez puedo") and does not open with a refusal.
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.commitments_en import EN_REQUEST
from meetsight.intelligence.builtin.commitments_es import ES_REQUEST, es_imperative_infinitive
from meetsight.intelligence.builtin.deadlines import fold_same_length
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Line

__all__ = [
    "accepted",
    "is_acceptance",
    "next_other_line",
    "other_party",
    "previous_other_line",
    "refuses",
    "request",
]

_ACCEPT_START = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|sure|ok|okay|great|perfect|sounds good|sounds great|that works"
    r"|works|fine|good|absolutely|of course|definitely|please|deal|lovely|excellent|will do"
    r"|i will|i can do that|i can do|can do|we can do|no problem|happy to|totally|on it"
    r"|i'm on it|you got it|consider it done|done|si|vale|claro|perfecto"
    r"|genial|estupendo|de acuerdo|me parece bien|muy bien|bien|por supuesto|hecho|sin problema"
    r"|encantad[oa]|venga|sounds)\b"
)


_ACCEPT_ANYWHERE = re.compile(
    r"\b(?:works for (?:me|us)|is fine|are fine|sounds good|me parece bien|me viene bien"
    r"|de acuerdo|perfect|great|nos va bien|me va bien|works|puedo|podemos|nos viene bien"
    r"|i can do that|will do)\b"
)


_REJECT_START = re.compile(
    r"^\W*(?:no\b|not\b|actually|unfortunately|i can't|we can't|lo siento|mejor no|ahora no)"
)

_REJECT_ANYWHERE = re.compile(
    r"\b(?:doesn't work|does not work|can't|cannot|won't|no puedo|no podemos|imposible"
    r"|impossible|no good)\b"
)


def is_acceptance(text: str) -> bool:
    """The first sentence says yes and does not refuse."""
    parts = sentences(text)
    first = fold_same_length(parts[0]) if parts else ""
    if _REJECT_START.search(first) or _REJECT_ANYWHERE.search(first):
        return False
    return bool(_ACCEPT_START.search(first) or _ACCEPT_ANYWHERE.search(first))


def next_other_line(conversation: Conversation, position: int, reach: int = 2) -> Line | None:
    speaker = conversation.lines[position].speaker
    for line in conversation.lines[position + 1 : position + 1 + reach]:
        if line.speaker != speaker:
            return line
    return None


def accepted(conversation: Conversation, position: int, reach: int = 2) -> Line | None:
    """The line in which someone else takes what this line offers or proposes: the first
    answer that says yes within ``reach`` lines, unless an answer before it refuses."""
    speaker = conversation.lines[position].speaker
    for line in conversation.lines[position + 1 : position + 1 + reach]:
        if line.speaker == speaker:
            continue
        if is_acceptance(line.text):
            return line
        if refuses(line.text):
            return None
    return None


def refuses(text: str) -> bool:
    parts = sentences(text)
    first = fold_same_length(parts[0]) if parts else ""
    return bool(_REJECT_START.search(first) or _REJECT_ANYWHERE.search(first))


def previous_other_line(conversation: Conversation, position: int) -> int | None:
    speaker = conversation.lines[position].speaker
    for back in (position - 1, position - 2):
        if back >= 0 and conversation.lines[back].speaker != speaker:
            return back
    return None


def other_party(conversation: Conversation, position: int) -> str | None:
    """Who the speaker is talking to: the last one who spoke before, else the next one."""
    back = previous_other_line(conversation, position)
    if back is not None:
        return conversation.lines[back].speaker
    reply = next_other_line(conversation, position)
    return reply.speaker if reply else None


def request(text: str, language: str) -> tuple[str, str] | None:
    """(action, sentence) of a request for something ("Can you send me the deck?")."""
    for sentence in sentences(text):
        folded = fold_same_length(sentence)
        if language == "es":
            m = ES_REQUEST.search(folded)
            if m:
                asked = m.group("you")  # "¿me pasas el contacto?"
                verb = m.group("verb") or es_imperative_infinitive(
                    m.group("imp") or re.sub(r"(?:as|ais|es|eis|is)$", "a", asked)
                )
                rest = sentence[m.end() :]
                return (f"{verb} {rest}".strip(), sentence)
        else:
            m = EN_REQUEST.search(folded)
            if m and ("?" in folded or folded.startswith(("please", "send", "email", "and "))):
                return (sentence[m.start("verb") :], sentence)
            m = _EN_RECEIVE.search(folded)
            if m and "?" in folded:  # "Can we get a breakdown by the 20th?": send it to them
                return ("send " + sentence[m.start("object") :], sentence)
    return None


_EN_RECEIVE = re.compile(
    r"\b(?:can|could|may) (?:i|we) (?:get|have|see) (?P<object>(?:a|an|the|your|some|those"
    r"|that|this|copies|copy)\b)"
)
