"""Promises kept before the call ends are not next steps.

A support call, a demo or a webinar is full of first-person futures that happen while everyone
is still there: "I'm going to unlock it now and send a reset link while we're on the phone",
"I'll submit it right now while you're here", "while you're there, can you check ...?",
"te lo activo ahora mismo". Such a promise is dropped when it has no date after the meeting's
day and either

* it is an act of the call itself: bringing someone onto the line, a hold, a transfer
  (:data:`_CALL_ITSELF_EN`, :data:`_CALL_ITSELF_ES`), or

* its sentence says it happens now, during this call (:data:`_NOW_EN`, :data:`_NOW_ES`; an
  opening "Now, I'll put together the proposal" only turns the talk, so it stays), or
* the talk right after reports it done ("Okay, it's sent.", "Done, I'm in.", "Listo, ya está"):
  the next sentences of the same line and the next two lines.

"After the call", "once we hang up" and "later today" are the contrary: they stay steps.
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.deadlines import Deadline, fold_same_length
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation

__all__ = ["done_in_call"]

_NOW_EN = re.compile(
    r"\b(?:right now|now|as we speak|while (?:we|you|i)(?:'re| are|'m| am) (?:on the (?:phone"
    r"|call|line)|here|there|talking|connected|still on)|while i have you(?: on the (?:phone"
    r"|line))?|on this call|during (?:this|the) call|before we hang up)\b"
)
_NOW_ES = re.compile(
    r"\b(?:ahora mismo|ahorita mismo|en este momento|en esta llamada|mientras (?:hablamos"
    r"|estamos (?:en la llamada|al telefono|hablando)|te tengo al telefono|le tengo al telefono"
    r"))\b"
)
_OPENING_NOW = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|alright)\W+|right,\s*)*(?:now|ahora)\b(?!\s+mismo)"
)
# Acts that only exist inside the call: bringing someone onto it, holding or transferring the
# caller ("let me get my supervisor on the line", "would you mind if I bring in my manager?").
_CALL_ITSELF_EN = re.compile(
    r"\b(?:get|bring|pull|loop|patch|conference|have)\s+(?:[a-z'-]+\s+){0,3}?(?:on|onto|into|in"
    r" on)\s+(?:the|this|our)\s+(?:line|call|phone)\b"
    r"|\bbring in (?:my|our|a|the) (?:supervisor|manager|team lead|lead|colleague|specialist)\b"
    r"|\b(?:put|place) you (?:on|through)\b|\btransfer (?:you|your call)\b"
)
_CALL_ITSELF_ES = re.compile(
    r"\b(?:le|te) (?:paso|transfiero|comunico) con\b|\b(?:le|te) (?:dejo|pongo) en espera\b"
)
# Words that move the act past the call: "now" is then the time of deciding, not of doing.
_LATER = re.compile(
    r"\b(?:after (?:the|this|our) call|after we hang up|once we hang up|later|tonight"
    r"|despues de (?:la|esta) llamada|cuando colguemos|luego|mas tarde|esta noche)\b"
)
# A short sentence that reports it done: "Okay, it's sent.", "Done.", "Listo, ya está."
_DONE_EN = re.compile(
    r"^(?:(?:ok|okay|alright|all right|right|there|and|great|perfect|so)[ ,]+)*"
    r"(?:it's |that's |it is |that is |all |you're all |it has been |it's been )?"
    r"(?:done|sent|submitted|fixed|unlocked|reset|sorted|through|set|on|live|gone through"
    r"|in your inbox|on its way)(?: now)?[.!]?$"
)
_DONE_ES = re.compile(
    r"^(?:(?:vale|bueno|ya|pues|perfecto|listo)[ ,]+)*"
    r"(?:listo|hecho|ya esta(?: hecho| enviado| activado)?|enviado|activado|solucionado"
    r"|ya lo tiene[s]?(?: en (?:el|su|tu) correo)?)[.!]?$"
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
    now = _NOW_ES if language == "es" else _NOW_EN
    itself = _CALL_ITSELF_ES if language == "es" else _CALL_ITSELF_EN
    if itself.search(clause):
        return True
    return bool(now.search(clause)) or _reported_done(conversation, position, sentence, language)


def _reported_done(conversation: Conversation, position: int, sentence: str, language: str) -> bool:
    said = sentences(conversation.lines[position].text)
    after = said[said.index(sentence) + 1 :] if sentence in said else []
    for line in conversation.lines[position + 1 : position + 3]:
        after += sentences(line.text)[:2]
    done = _DONE_ES if language == "es" else _DONE_EN
    return any(done.match(fold_same_length(s).strip()) for s in after)
