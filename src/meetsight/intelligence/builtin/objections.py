"""Objections: the customer's concerns about buying, found by meaning in the customer side's
words, never in the seller's.

Which lines are read: those of speakers not on the seller side (builtin/sides.py); none in an
internal meeting; every line when no side is known. A short turn (``WHOLE_TURN`` words at most)
is read whole with the vector the engine already has, since a concern is often spread over two
or three short sentences ("Our standard is net sixty. Your paper says net thirty."); a longer
turn is read sentence by sentence, a short sentence together with the one after it.

The ``objection`` head (a corpus of sentences and turns, English and Spanish: price, timing,
security and compliance, integration, authority, need, risk and trust, contract terms, change
and adoption, support, channel terms; against today's pains, praise, the seller's pitch and
answers, neutral questions, facts, plans and logistics) gives each reading a probability; a line
whose best reading reaches ``THRESHOLD`` holds an objection, quoted by that reading. Every
customer turn is read whole first (free: the engine's vector); its sentences are embedded and
read only when the whole turn reaches ``PREFILTER`` or is too long to be read whole. A turn
that the transcript cut into several segments is also read across the cut.

Languages other than English and Spanish get none: the head was not written for them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.folding import fold
from meetsight.intelligence.builtin.heads.model import Head, load_head
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation, Line

THRESHOLD = 0.55  # and the objection reading must be the most likely one
PREFILTER = 0.3  # a turn is read sentence by sentence only when it reads this likely whole
WHOLE_TURN = 45  # words: a turn this short is read whole
SHORT_SENTENCE = 8  # words: a shorter sentence is read with the next one
MAX_READINGS = 800  # sentence readings embedded per conversation (bounded cost)
LANGUAGES = frozenset({"", "en", "es"})


@dataclass(frozen=True, slots=True)
class Objection:
    line: int
    text: str  # what carries the concern: the turn, or its sentences that do
    probability: float
    kind: str  # price, timing, security, ... ("" when no cue says which)


# The kind of concern, for the note's tag: accent-folded cues (English and Spanish).
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        (
            "contract terms",
            r"\b(?:net \w+|payment terms?|term|terms|liabilit\w*|cap|renewal"
            r"|auto-renew\w*|contract|clause|notice|notification|permanencia|contrato|plazo de pago"
            r"|renovacion)\b",
        ),
        (
            "price",
            r"\b(?:price|pric\w+|cost\w*|expensive|budget|discount|pay\w*|margin|uplift"
            r"|fee|quote|cheap\w*|precio|caro|cuesta|coste|presupuesto|descuento|pagamos|margen"
            r"|cuota|subida|barat\w*)\b|[$€£]",
        ),
        (
            "security",
            r"\b(?:secur\w*|data|privacy|complian\w*|soc ?2|pen test|hipaa|gdpr|rgpd"
            r"|residen\w*|regulat\w*|examiners?|audit\w*|breach\w*|encrypt\w*|datos|seguridad"
            r"|normativa|servidores)\b",
        ),
        (
            "timing",
            r"\b(?:timing|time|tight|deadline|go-live|quarter|month|week|year|season"
            r"|december|january|close|momento|fecha|cierre|diciembre|enero|verano|plazo)\b",
        ),
        (
            "integration",
            r"\b(?:integrat\w*|sync\w*|connect\w*|api|console|tools?|system"
            r"|integra\w*|conect\w*|herramientas?|programa)\b",
        ),
        (
            "authority",
            r"\b(?:cfo|board|boss|partner|approv\w*|sign\w*|decide\w*|decision"
            r"|socio|firma\w*|decid\w*|aprueb\w*|direccion|consejo)\b",
        ),
        (
            "adoption",
            r"\b(?:adopt\w*|train\w*|learn\w*|change|use it|rollout|install\w*"
            r"|migrat\w*|formacion|aprender|cambio|migracion|historico)\b",
        ),
        (
            "support",
            r"\b(?:support|outage|slow|performance|down|waited|wait|soporte|caida"
            r"|lento)\b",
        ),
        (
            "risk",
            r"\b(?:risk\w*|trust|doubt\w*|burned|what if|fail\w*|riesgo|dudo|miedo"
            r"|y si|falla\w*)\b",
        ),
        ("need", r"\b(?:need|good enough|works fine|necesit\w*|nos vale)\b"),
    )
)


def concern_kind(text: str) -> str:
    folded = fold(text)
    return next((kind for kind, cue in _KINDS if cue.search(folded)), "")


def _customer_lines(conversation: Conversation) -> list[Line]:
    if conversation.seller_side == "internal meeting":
        return []
    if not conversation.internal_names:
        return list(conversation.lines)
    return [ln for ln in conversation.lines if not conversation.is_internal(ln.speaker)]


def _readings(line: Line) -> list[str]:
    """A long turn's sentences, each short one joined to the next."""
    parts = sentences(line.text) or [line.text]
    out = []
    for i, part in enumerate(parts):
        if len(part.split()) < SHORT_SENTENCE and i + 1 < len(parts):
            out.append(f"{part} {parts[i + 1]}")
        else:
            out.append(part)
    return out


def _objection(head: Head, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
    """The objection reading's probability, or 0 where another reading is more likely."""
    probs = head.probabilities(vectors, texts)
    column = head.labels.index("objection")
    top = probs.argmax(axis=1) == column
    return np.where(top, probs[:, column], 0.0)


def _same_turn(conversation: Conversation, before: Line, line: Line) -> bool:
    return (
        before.index + 1 == line.index
        and before.speaker == line.speaker
        and conversation.lines[before.index].speaker == line.speaker
    )


Readings = dict[int, tuple[float, str]]  # line -> (objection probability, what to quote)


def _windows(
    conversation: Conversation, lines: Sequence[Line], whole: np.ndarray
) -> list[tuple[int, str]]:
    """The sentence readings worth embedding: a long turn's, a turn's that reads likely whole,
    and across a turn the transcript cut into segments (keyed ``-1 - line`` of the earlier)."""
    out: list[tuple[int, str]] = []
    for i, (line, prob) in enumerate(zip(lines, whole, strict=True)):
        readings = _readings(line)
        long = len(line.text.split()) > WHOLE_TURN
        if len(readings) > 1 and (prob >= PREFILTER or long):
            out.extend((line.index, r) for r in readings)
        before = lines[i - 1] if i else None
        cut = before is not None and _same_turn(conversation, before, line)
        if cut and before is not None and max(prob, whole[i - 1]) >= PREFILTER:
            tail = (sentences(before.text) or [before.text])[-1]
            start = (sentences(line.text) or [line.text])[0]
            out.append((-1 - before.index, f"{tail} {start}"))
    return out[:MAX_READINGS]


def _read_windows(head: Head, windows: list[tuple[int, str]], best: Readings) -> None:
    texts = [t for _, t in windows]
    for (index, text), prob in zip(windows, _objection(head, embed(texts), texts), strict=True):
        if index < 0:  # across a cut: the earlier segment's, when neither holds one itself
            index = -1 - index
            if max(best.get(index, (0.0, ""))[0], best.get(index + 1, (0.0, ""))[0]) >= THRESHOLD:
                continue
        kept = best.get(index)
        if kept is None or prob > kept[0]:
            # The whole turn stays the quote when it already reads as an objection.
            quote = kept[1] if kept is not None and kept[0] >= THRESHOLD else text
            best[index] = (float(prob), quote)


def find_objections(conversation: Conversation, vectors: np.ndarray) -> list[Objection]:
    """The customer's objections, one per line at most, in reading order. ``vectors`` are the
    lines' embeddings (one row per line, as the engine computes them)."""
    if conversation.language not in LANGUAGES or len(vectors) != len(conversation.lines):
        return []
    lines = [ln for ln in _customer_lines(conversation) if ln.text.strip()]
    if not lines:
        return []
    head = load_head("objection")
    whole = _objection(head, vectors[[ln.index for ln in lines]], [ln.text for ln in lines])
    best: Readings = {
        ln.index: (float(p), ln.text)
        for ln, p in zip(lines, whole, strict=True)
        if len(ln.text.split()) <= WHOLE_TURN
    }
    windows = _windows(conversation, lines, whole)
    if windows:
        _read_windows(head, windows, best)
    return [
        Objection(index, text, prob, concern_kind(text))
        for index, (prob, text) in sorted(best.items())
        if prob >= THRESHOLD
    ]
