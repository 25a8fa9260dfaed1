"""Finding a tracker in sentences: by words (keywords and phrases, case and accents ignored,
whole words only) and by meaning (a sentence close enough to one of the tracker's examples).

Both are pure functions over texts and vectors: the indexer (trackers/indexing.py) feeds them one
activity's segments when it is processed, or a batch of activities when a tracker changes.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

# A sentence's score for a tracker is its cosine to the tracker's nearest example less its mean
# cosine to BACKGROUND (small talk any call has): some sentences sit close to everything, and
# the margin keeps them out (dev F1 0.75 against 0.69 for the plain cosine). The threshold is
# the one with the best F1 on tests/data/trackers/meaning_dev.jsonl; the held-out file, not used
# to choose it, gives the figures in docs/trackers.md (tests/trackers/test_meaning_eval.py).
MEANING_THRESHOLD = 0.23
BACKGROUND = (
    "Thanks for joining today.",
    "Let me share my screen.",
    "Can you hear me?",
    "That makes sense.",
    "We have a team of twenty people.",
    "Let's set up a follow-up next week.",
    "I'll send you the notes after the call.",
    "Our biggest problem is wasted time.",
    "Who else is involved in this decision?",
    "Tell me a bit about your role.",
    "How is the quarter going so far?",
    "We should wrap up in five minutes.",
    "That's a great question.",
    "I'll check with my manager.",
    "We grew a lot last year.",
    "Sounds good to me.",
)
# Shorter sentences ("Sure.", "What does it cost?") sit close to too many examples to be
# told apart by meaning; their words still match.
MEANING_MIN_WORDS = 4


def fold(text: str) -> str:
    """Lower case without accents: "Lucía" and "LUCIA" fold alike."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _keyword_regex(keyword: str) -> str:
    """A keyword as a pattern on folded text: words separated by any spaces; a trailing `*`
    matches any ending ("integrat*" finds "integration" and "integrations")."""
    prefix = keyword.endswith("*")
    words = fold(keyword.rstrip("*")).split()
    body = r"\s+".join(re.escape(w) for w in words)
    return body + (r"\w*" if prefix else "")


@dataclass(frozen=True, slots=True)
class KeywordMatcher:
    """All of a tracker's keywords as one alternation over folded text, at word boundaries."""

    keywords: tuple[str, ...]
    pattern: re.Pattern[str] | None

    @classmethod
    def build(cls, keywords: Sequence[str]) -> KeywordMatcher:
        usable = tuple(k for k in keywords if fold(k.rstrip("*")).split())
        if not usable:
            return cls((), None)
        groups = "|".join(f"(?P<k{i}>{_keyword_regex(k)})" for i, k in enumerate(usable))
        return cls(usable, re.compile(rf"(?<!\w)(?:{groups})(?!\w)"))

    def first(self, text: str) -> str | None:
        """The keyword found first in `text`, as the tracker spells it, or None."""
        if self.pattern is None:
            return None
        found = self.pattern.search(fold(text))
        if found is None or found.lastgroup is None:
            return None
        return self.keywords[int(found.lastgroup[1:])]


def long_enough(text: str) -> bool:
    return len(text.split()) >= MEANING_MIN_WORDS


def meaning_scores(
    segment_vectors: np.ndarray, example_vectors: np.ndarray, background_vectors: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """(score, index of the nearest example) per segment: the cosine to the nearest example
    less the mean cosine to the background sentences. All rows are unit length."""
    count = segment_vectors.shape[0]
    if count == 0 or example_vectors.shape[0] == 0:
        return np.full(count, -1.0, dtype=np.float32), np.zeros(count, dtype=np.int64)
    sims = segment_vectors @ example_vectors.T
    best = sims.argmax(axis=1)
    baseline = (segment_vectors @ background_vectors.T).mean(axis=1)
    return sims[np.arange(count), best] - baseline, best
