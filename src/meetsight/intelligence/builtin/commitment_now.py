"""Promises kept before the call ends are not next steps.

A support call, a demo or a webinar is full of first-person futures that happen while everyone
is still there: "I'm going to unlock it now and send a reset link while we're on the phone",
"I'll submit it right now while you're here", "while you're there, can you check ...?",
"te lo activo ahora mismo". Such a promise is dropped when it has no date after the meeting's
day and either

* it is an act of the call itself: bringing someone onto the line, a hold, a transfer
  (the language pack's ``call_itself``), or

* its sentence says it happens now, during this call (the pack's ``said_now``; an
  opening "Now, I'll put together the proposal" only turns the talk, so it stays), or
* the talk right after reports it done ("Okay, it's sent.", "Done, I'm in.", "Listo, ya está"):
  the next sentences of the same line and the next two lines (the pack's ``reported_done``).

"After the call", "once we hang up" and "later today" are the contrary: they stay steps.
"""

from __future__ import annotations

import re
from functools import lru_cache

from meetsight.intelligence.builtin.deadlines import Deadline, fold_same_length
from meetsight.intelligence.builtin.languages import pack_for
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation

__all__ = ["done_in_call"]

_OPENING_NOW = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|alright)\W+|right,\s*)*(?:now|ahora)\b(?!\s+mismo)"
)
# Words that move the act past the call: "now" is then the time of deciding, not of doing.
_LATER = re.compile(
    r"\b(?:after (?:the|this|our) call|after we hang up|once we hang up|later|tonight"
    r"|despues de (?:la|esta) llamada|cuando colguemos|luego|mas tarde|esta noche)\b"
)


def done_in_call(
    conversation: Conversation,
    position: int,
    sentence: str,
    deadline: Deadline | None,
    language: str,
) -> bool:
    """True when the promise (or accepted request) in ``sentence``, said on line ``position``,
    is kept during the call itself."""
    if deadline is not None and deadline.due is not None and deadline.due > conversation.day:
        return False
    clause = _OPENING_NOW.sub("", fold_same_length(sentence))
    if _LATER.search(clause):
        return False
    pack = pack_for(language)
    now, itself = pack.said_now, pack.call_itself
    if itself.search(clause):
        return True
    return bool(now.search(clause)) or _reported_done(conversation, position, sentence, language)


def _reported_done(conversation: Conversation, position: int, sentence: str, language: str) -> bool:
    said = _sentences_of(conversation.lines[position].text)
    after = list(said[said.index(sentence) + 1 :]) if sentence in said else []
    for line in conversation.lines[position + 1 : position + 3]:
        after += _sentences_of(line.text)[:2]
    done = pack_for(language).reported_done
    return any(done.match(fold_same_length(s).strip()) for s in after)


@lru_cache(maxsize=64)
def _sentences_of(text: str) -> tuple[str, ...]:
    """A line's sentences, split once: a long cue has a candidate promise in many of its
    sentences, and splitting the whole cue again for each made one cue cost its length squared."""
    return tuple(sentences(text))
