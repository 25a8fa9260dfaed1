"""The learned check on a promise the rules found: is this sentence a firm next step?

The rules (:mod:`.commitments_en`, :mod:`.commitments_es`) find where a promise may start and
who makes it; the ``commitment`` head (embedding + hashed word n-grams, trained on
``heads/corpus/commitment.tsv``: firm promises against past, hypothetical, conditional,
negated, in-call, question, vague and forecast sentences in English and Spanish) reads the words
around it and says how likely it is a firm one. A hit the head finds unlikely is dropped; an
offer or proposal that the other side accepts is not asked (the acceptance decides).

Scores are computed in one batch for the conversation's candidate windows (one embedding call),
and for any other window on demand.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from meetsight.embedder import embed
from meetsight.intelligence.builtin.heads.model import load_head

__all__ = ["COMMIT_THRESHOLD", "CommitmentScores", "window"]

# P(commit) under which a hit is dropped. Chosen on sentences we wrote (tests) and the
# development conversations: most firm promises score above 0.9, most look-alikes under 0.2.
COMMIT_THRESHOLD = 0.2

_WORDS_BEFORE = 10
_WORDS_AFTER = 24


def window(sentence: str, start: int) -> str:
    """The words around a hit, up to a clause that only says why or what follows ("..., so you
    can plug in real numbers", "..., it'll be easier"): long unpunctuated turns and purpose
    clauses would drown the promise otherwise. Conditions ("if", "once") stay: they matter."""
    before = sentence[:start].split()[-_WORDS_BEFORE:]
    rest = sentence[start:]
    cut = _PURPOSE.search(rest.lower())
    if cut and len(rest[: cut.start()].split()) >= 3:
        rest = rest[: cut.start()]
    after = rest.split()[:_WORDS_AFTER]
    return " ".join(before + after)


_PURPOSE = re.compile(
    r",?\s+(?:so that|so you|so we|so she|so he|so they|so it|so i|because|since|which|to make"
    r" sure|para que|porque|ya que|que así)\b|,\s*(?:so|and it|it'll|it's|that's|y así|así)\b"
)


class CommitmentScores:
    """P(commit) per window, batched."""

    def __init__(self) -> None:
        self._scores: dict[str, float] = {}

    def prime(self, texts: Iterable[str]) -> None:
        wanted = [t for t in dict.fromkeys(texts) if t and t not in self._scores]
        if not wanted:
            return
        head = load_head("commitment")
        probabilities = head.probability("commit", embed(wanted), wanted)
        self._scores.update(zip(wanted, (float(p) for p in probabilities), strict=True))

    def probability(self, text: str) -> float:
        if text not in self._scores:
            self.prime([text])
        return self._scores.get(text, 1.0)

    def firm(self, text: str) -> bool:
        return self.probability(text) >= COMMIT_THRESHOLD
