"""Where a question's answer lies: each line's relevance, and the stretch of talk a question
about a discussion points to.

A line's relevance adds up (all linear in the lines; nothing compares every line to every
other):

* the cosine between the question and the line (USE is multilingual: a Spanish question finds
  English lines);
* 0.45 times a BM25 match of the question's stemmed, accent-folded content words (rarer words
  weigh more; long lines do not win by length), as a share of the best possible match;
* for the line after someone else's question, 0.8 of that question's match above 0.15: a
  transcript question often says what the user asks better than its answer ("How big is
  Halvorsen?" / "A hundred and twenty thousand.");
* a bonus when the line's speaker is one the question names ("What did Marketing think ...").

Lines that say little ("Yeah.", "Mm-hmm.") are weighed down by how few content words they
have, so that their vectors, which match anything a little, do not count.

The stretch for a discussion is found on the relevance smoothed over a window of lines (about
one fortieth of the conversation, at least 3 lines either side): its peak, grown to each side
while the smoothed relevance stays above a share of the way from the conversation's median to
the peak.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from meetsight.intelligence.builtin.cleanup import is_backchannel
from meetsight.intelligence.builtin.stopwords import BOTH
from meetsight.intelligence.builtin.text import words
from meetsight.intelligence.conversation import Conversation

LEXICAL_WEIGHT = 0.45
ANSWER_WEIGHT = 0.8
ANSWER_FLOOR = 0.15
SPEAKER_BONUS = 0.1
BM25_K1, BM25_B = 1.2, 0.75
FULL_WEIGHT_WORDS = 5  # content words from which a line counts fully

_EXTRA_STOPWORDS = frozenset(
    """many much customer customers client seller said say says tell mention mentioned talk talked
    discuss discussed describe described dijo dice hablo hablaron menciono mencionaron
    question questions pregunta""".split()
)
_SUFFIXES = ("ing", "ed", "es", "s", "mente")


def stem(word: str) -> str:
    """Crude but language-neutral: drop a plural or verb ending, keep at most five letters."""
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:5]


def terms(text: str) -> list[str]:
    """Stemmed content words of ``text`` (accent-folded, stopwords and fillers dropped)."""
    return [
        stem(w)
        for w in words(text)
        if len(w) > 1 and w not in BOTH and w not in _EXTRA_STOPWORDS and not w.isdigit()
    ] + [w for w in words(text) if w.isdigit()]


@dataclass(frozen=True)
class LineIndex:
    """What retrieval needs from each line whatever the question; cached per conversation."""

    bags: tuple[Counter[str], ...]
    lengths: np.ndarray  # content words per line
    df: Counter[str]
    weight: np.ndarray  # 0..1: how much a line says
    asks: np.ndarray  # the line asks a question

    @property
    def average_length(self) -> float:
        return float(self.lengths.mean()) if len(self.lengths) else 0.0


@lru_cache(maxsize=16)
def line_index(conversation: Conversation) -> LineIndex:
    bags = tuple(Counter(terms(line.text)) for line in conversation.lines)
    lengths = np.asarray([sum(b.values()) for b in bags], dtype=np.float32)
    weight = np.minimum(1.0, lengths / FULL_WEIGHT_WORDS)
    weight = np.where(
        [is_backchannel(line.text) for line in conversation.lines], 0.0, np.maximum(weight, 0.2)
    ).astype(np.float32)
    return LineIndex(
        bags=bags,
        lengths=lengths,
        df=Counter(t for b in bags for t in b),
        weight=weight,
        asks=np.asarray(["?" in line.text for line in conversation.lines], dtype=np.float32),
    )


def lexical(index: LineIndex, query: dict[str, float]) -> np.ndarray:
    """(lines,) BM25 of the weighted query terms, as a share of what a line of average length
    holding each term once gets (more for repeats, less for long lines)."""
    n = len(index.bags)
    if not n or not query:
        return np.zeros(n, dtype=np.float32)
    idf = {
        t: w * math.log(1 + (n - index.df[t] + 0.5) / (index.df[t] + 0.5)) for t, w in query.items()
    }
    best = sum(idf.values())  # every term once, in a line of average length
    if best <= 0:
        return np.zeros(n, dtype=np.float32)
    average = index.average_length or 1.0
    out = np.zeros(n, dtype=np.float32)
    for i, bag in enumerate(index.bags):
        if not bag:
            continue
        norm = BM25_K1 * (1 - BM25_B + BM25_B * index.lengths[i] / average)
        total = 0.0
        for t, value in idf.items():
            tf = bag.get(t, 0)
            if tf:
                total += value * tf * (BM25_K1 + 1) / (tf + norm)
        out[i] = total / best
    return out


def query_terms(text: str, weight: float = 1.0) -> dict[str, float]:
    return dict.fromkeys(terms(text), weight)


def relevance(
    conversation: Conversation,
    vectors: np.ndarray,
    query_vector: np.ndarray,
    query: dict[str, float],
    speakers: tuple[str, ...] = (),
) -> tuple[np.ndarray, np.ndarray]:
    """(lines,) relevance of each line, and (lines,) its direct match (cosine plus words,
    before the answer and speaker bonuses)."""
    index = line_index(conversation)
    if not len(index.bags):
        empty = np.zeros(0, dtype=np.float32)
        return empty, empty
    direct = (vectors @ query_vector + LEXICAL_WEIGHT * lexical(index, query)).astype(np.float32)
    scores = direct * index.weight
    lines = conversation.lines
    follows = np.zeros_like(scores)
    for i in range(1, len(lines)):
        if index.asks[i - 1] and lines[i - 1].speaker != lines[i].speaker:
            follows[i] = max(0.0, float(direct[i - 1]) - ANSWER_FLOOR)
    scores = scores + ANSWER_WEIGHT * follows
    if speakers:
        named = np.asarray([line.speaker in speakers for line in lines], dtype=np.float32)
        scores = scores + SPEAKER_BONUS * named
    return scores, direct


def smoothed(scores: np.ndarray, weight: np.ndarray, half_width: int) -> np.ndarray:
    """(lines,) weighted mean of ``scores`` over a window of ``half_width`` lines either side
    (cumulative sums: linear in the lines)."""
    n = len(scores)
    if not n:
        return scores
    w = np.maximum(weight, 0.05).astype(np.float64)
    cs = np.concatenate(([0.0], np.cumsum(scores * w)))
    cw = np.concatenate(([0.0], np.cumsum(w)))
    lo = np.clip(np.arange(n) - half_width, 0, n)
    hi = np.clip(np.arange(n) + half_width + 1, 0, n)
    return ((cs[hi] - cs[lo]) / np.maximum(cw[hi] - cw[lo], 1e-9)).astype(np.float32)


def stretch(
    scores: np.ndarray, weight: np.ndarray, share: float = 0.6, max_lines: int = 0
) -> tuple[int, int]:
    """[start, end) of the stretch of talk around the smoothed relevance's peak."""
    n = len(scores)
    if not n:
        return 0, 0
    half = max(3, n // 40)
    smooth = smoothed(scores, weight, half)
    peak = int(np.argmax(smooth))
    floor = float(np.median(smooth))
    threshold = floor + share * (float(smooth[peak]) - floor)
    start, end = peak, peak + 1
    limit = max_lines or n
    while start > 0 and smooth[start - 1] >= threshold and end - start < limit:
        start -= 1
    while end < n and smooth[end] >= threshold and end - start < limit:
        end += 1
    return max(0, start - half // 2), min(n, end + half // 2)
