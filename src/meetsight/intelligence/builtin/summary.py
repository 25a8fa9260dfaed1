"""Extractive summary: one framing sentence, the key moments in reading order, each attributed to
its speaker, then the agreed next steps.

Choosing the moments (lines, never re-embedded: the engine's vectors are used):

* Candidates are lines that are not greetings or filler and do not hold a next step (those are
  listed at the end anyway).
* Score = centrality (cosine to the mean of the candidates) + cue bonuses: a problem, a concern
  or objection (not negated), a decision or approval, an agreement, a number; + up to 0.1 for
  length; - 0.1 for a bare question.
* How many: ``len(lines) / 5`` rounded, kept within 4-8 (fewer when fewer candidates exist).
* Greedy MMR: each pick maximises score - 0.5 * (highest cosine to a line already picked)
  + 0.1 when its part of the conversation (one of ``k`` equal slices) has no pick yet, so the
  summary covers the whole conversation and does not repeat itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from meetsight.intelligence.builtin.talk_cues import (
    AGREEMENT,
    CONCERN,
    DECISION,
    PROBLEM,
    content_words,
    has_number,
    is_filler,
    lang,
)
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Line
from meetsight.intelligence.results import NextStep

MIN_PICKS, MAX_PICKS = 4, 8
LINES_PER_PICK = 5
MAX_CHARS = 300
_REDUNDANCY = 0.5
_COVERAGE = 0.1


def _cue_bonus(text: str) -> float:
    bonus = 0.1 * bool(PROBLEM.count(text)) + 0.1 * bool(DECISION.count(text))
    bonus += 0.1 * bool(CONCERN.count_affirmed(text))
    bonus += 0.05 * bool(AGREEMENT.count(text)) + 0.1 * has_number(text)
    n = len(content_words(text))
    bonus += 0.1 * min(n, 15) / 15 - (0.1 if n < 5 else 0.0)
    if text.rstrip().endswith("?"):
        bonus -= 0.1
    return bonus


def pick_lines(conversation: Conversation, vectors: np.ndarray, skip: set[int]) -> list[int]:
    """Indices of the key lines, in reading order (see the module docstring)."""
    lines = conversation.lines
    candidates = [i for i, ln in enumerate(lines) if i not in skip and not is_filler(ln.text)]
    if not candidates:
        return []
    k = min(len(candidates), max(MIN_PICKS, min(MAX_PICKS, round(len(lines) / LINES_PER_PICK))))
    cand_vecs = vectors[candidates]
    centroid = cand_vecs.mean(axis=0)
    centroid /= max(float(np.linalg.norm(centroid)), 1e-12)
    score = cand_vecs @ centroid + np.array([_cue_bonus(lines[i].text) for i in candidates])
    region = np.array([min(k - 1, i * k // len(lines)) for i in candidates])

    chosen: list[int] = []  # positions in candidates
    covered: set[int] = set()
    # Highest cosine to a pick so far, one column per pick: k x n, never the n x n matrix
    # (20,000 lines: 1.6 GB).
    redundancy: np.ndarray = np.zeros(len(candidates))
    for _ in range(k):
        fresh = np.array([r not in covered for r in region], dtype=float)
        gain = score - _REDUNDANCY * redundancy + _COVERAGE * fresh
        gain[chosen] = -np.inf
        best = int(np.argmax(gain))
        chosen.append(best)
        covered.add(int(region[best]))
        column = cand_vecs @ cand_vecs[best]
        redundancy = column if len(chosen) == 1 else np.maximum(redundancy, column)
    return sorted(candidates[c] for c in chosen)


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
    """Framing sentence, then one "Speaker: text" line per key moment, then the next steps;
    parts are separated by newlines."""
    language = lang(conversation.language)
    skip = {s.line for s in next_steps if s.line is not None}
    parts = [framing(conversation)]
    for i in pick_lines(conversation, vectors, skip):
        line = conversation.lines[i]
        parts.append(f"{line.speaker}: {quote(line.text)}")
    steps = next_steps_sentence(next_steps, language)
    if steps:
        parts.append(steps)
    return "\n".join(parts)
