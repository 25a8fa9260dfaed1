"""The summary: one framing sentence (what kind of conversation, how long, who took part), the
key points and figures told in reported speech in the order they were said
(:mod:`summary_points`, :mod:`summary_figures`), then the agreed next steps.

``quote`` (a line cut to a readable length) is shared with topics, scoring and the opinion.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from meetsight.intelligence.builtin.folding import words
from meetsight.intelligence.builtin.keyphrases import keyphrases
from meetsight.intelligence.builtin.summary_points import key_points
from meetsight.intelligence.builtin.talk_cues import (
    is_filler,
    lang,
)
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Line
from meetsight.intelligence.results import NextStep

MAX_CHARS = 300
SUBJECTS = 3  # keyphrases named in the framing sentence


def quote(text: str, limit: int = MAX_CHARS) -> str:
    """The line without its leading filler sentences ("Perfect. ..."), cut at a sentence end
    near ``limit`` characters."""
    parts = sentences(text) or [text.strip()]
    while len(parts) > 1 and is_filler(parts[0]):
        parts = parts[1:]
    out = parts[0]
    for part in parts[1:]:
        if len(out) + 1 + len(part) > limit:
            break
        out = f"{out} {part}"
    return out if len(out) <= limit else out[: limit - 1].rstrip() + "…"


def _names(names: Sequence[str], language: str) -> str:
    if len(names) <= 1:
        return "".join(names)
    conj = " y " if language == "es" else " and "
    return ", ".join(names[:-1]) + conj + names[-1]


def _duration(lines: Sequence[Line], language: str) -> str:
    if not lines:
        return ""
    seconds = max(ln.end for ln in lines) - min(ln.start for ln in lines)
    minutes = round(seconds / 60)
    if language == "es":
        if minutes < 1:
            return "de menos de un minuto"
        return f"de unos {minutes} minuto{'s' if minutes != 1 else ''}"
    if minutes < 1:
        return "of under a minute"
    return f"of about {minutes} minute{'s' if minutes != 1 else ''}"


def framing(conversation: Conversation) -> str:
    """The framing sentence: "Outbound call of about 3 minutes: Dana Whitfield with Chris
    Okafor." (or its Spanish)."""
    language = lang(conversation.language)
    order = list(dict.fromkeys(ln.speaker for ln in conversation.lines))
    known = [s.name for s in conversation.speakers]
    names = list(dict.fromkeys(known + order))
    internal = [n for n in names if conversation.is_internal(n)]
    external = [n for n in names if not conversation.is_internal(n)]
    if language == "es":
        kind = "Reunión" if conversation.kind == "meeting" else "Llamada"
        if conversation.kind == "call" and conversation.direction in ("inbound", "outbound"):
            kind += " entrante" if conversation.direction == "inbound" else " saliente"
        who = (
            f"{_names(internal, 'es')} con {_names(external, 'es')}"
            if internal and external
            else _names(names, "es")
        )
    else:
        kind = "Meeting" if conversation.kind == "meeting" else "Call"
        if conversation.kind == "call" and conversation.direction in ("inbound", "outbound"):
            kind = f"{conversation.direction.capitalize()} call"
        who = (
            f"{_names(internal, 'en')} with {_names(external, 'en')}"
            if internal and external
            else _names(names, "en")
        )
    head = " ".join(p for p in (kind, _duration(conversation.lines, language)) if p)
    return f"{head}: {who}." if who else f"{head}."


def subjects_sentence(conversation: Conversation, count: int) -> str:
    """ "The talk was about routing, the port fees and the pilot." from the conversation's best
    keyphrases that name no participant ("" when it has none)."""
    language = lang(conversation.language)
    names = {w for ln in conversation.lines for w in words(ln.speaker)}
    names |= {w for s in conversation.speakers for w in words(s.name)}
    texts = [ln.text for ln in conversation.lines]
    phrases = [p for p in keyphrases(texts, language, 3 * count) if not set(words(p)) & names]
    phrases = phrases[:count]
    if not phrases:
        return ""
    if language == "es":
        return f"Se habló de {_names(phrases, 'es')}."
    return f"The talk was about {_names(phrases, 'en')}."


def next_steps_sentence(next_steps: Sequence[NextStep], language: str) -> str:
    """The closing sentence, "Agreed next steps: send the proposal (Dana Whitfield, by
    Friday); ...", or "" without next steps."""
    if not next_steps:
        return ""
    items = []
    for step in next_steps:
        when = step.deadline or (step.due.isoformat() if step.due else "")
        detail = ", ".join(p for p in (_names(list(step.actors), language), when) if p)
        items.append(f"{step.action} ({detail})" if detail else step.action)
    head = "Próximos pasos acordados" if language == "es" else "Agreed next steps"
    return f"{head}: {'; '.join(items)}."


def summarize(
    conversation: Conversation, vectors: np.ndarray, next_steps: Sequence[NextStep]
) -> str:
    """Framing sentence, then the key points in reported speech (:mod:`summary_points`), then
    the next steps; parts are separated by newlines."""
    language = lang(conversation.language)
    skip = {s.line for s in next_steps if s.line is not None}
    parts = [framing(conversation)]
    subjects = subjects_sentence(conversation, SUBJECTS) if SUBJECTS else ""
    if subjects:
        parts[0] = f"{parts[0]} {subjects}"
    points = key_points(conversation, vectors, skip) if len(vectors) else ""
    if points:
        parts.append(points)
    steps = next_steps_sentence(next_steps, language)
    if steps:
        parts.append(steps)
    return "\n".join(parts)
