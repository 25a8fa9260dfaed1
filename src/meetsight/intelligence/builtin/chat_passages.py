"""Where a question's answer lies: each line's relevance, and the stretch of talk a question
about a discussion points to.

A line's relevance adds up (all linear in the lines; nothing compares every line to every
other):

* the cosine between the question and the line (USE is multilingual: a Spanish question finds
  English lines);
* 0.45 times a BM25 match of the question's stemmed, accent-folded content words (rarer words
  weigh more; long lines do not win by length), as a share of the best possible match;
* the line after someone else's question scores at least 0.8 of that question's match: a
  transcript question often says what the user asks better than its answer ("How big is
  Halvorsen?" / "A hundred and twenty thousand.");
* a bonus when the line's speaker is one the question names ("What did Marketing think ...").

Lines that say little ("Yeah.", "Mm-hmm.") are weighed down by how few content words they
have, so that their vectors, which match anything a little, do not count.

The stretch for a discussion is found on the relevance smoothed over a window of lines (about
one fortieth of the conversation either side, at least one line): each peak that rises half as
high as the highest, grown to each side while the smoothed relevance stays above a share of
the way from the conversation's floor to that peak (:func:`stretches`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from meetsight.intelligence.builtin.bounded_cache import per_conversation
from meetsight.intelligence.builtin.cleanup import is_backchannel
from meetsight.intelligence.builtin.languages import pack_for
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import words
from meetsight.intelligence.conversation import Conversation

LEXICAL_WEIGHT = 0.45
ANSWER_WEIGHT = 0.8
SPEAKER_BONUS = 0.1
BM25_K1, BM25_B = 1.2, 0.75
LEXICAL_CAP = 1.0
FULL_WEIGHT_WORDS = 5  # content words from which a line counts fully
MIN_HALF_WIDTH = 1  # lines either side of the smoothing window, at least

_EXTRA_STOPWORDS = wordset(
    """many much customer customers client seller said say says tell mention mentioned talk
    talked discuss discussed describe described dijo dice hablo hablaron menciono mencionaron
    question questions pregunta"""
)


def stem(word: str, language: str = "") -> str:
    """Crude: drop a plural or verb ending and keep at most five letters, as the language's
    pack stems (Spanish folds its changing vowels: "cuesta", "costaría" -> "cost")."""
    return pack_for(language).stem(word)


def terms(text: str, language: str = "") -> list[str]:
    """Stemmed content words of ``text`` (accent-folded, stopwords and fillers dropped)."""
    found = [w[:-2] if w.endswith(("'s", "\u2019s")) else w for w in words(text)]
    return [
        stem(w, language)
        for w in found
        if len(w) > 1 and w not in BOTH and w not in _EXTRA_STOPWORDS and not w.isdigit()
    ] + [w for w in found if w.isdigit()]


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


@per_conversation(16)
def line_index(conversation: Conversation) -> LineIndex:
    bags = tuple(Counter(terms(line.text, conversation.language)) for line in conversation.lines)
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
        out[i] = min(LEXICAL_CAP, total / best)
    return out


def query_terms(text: str, language: str = "", weight: float = 1.0) -> dict[str, float]:
    return dict.fromkeys(terms(text, language), weight)


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
    for i in range(1, len(lines)):
        if index.asks[i - 1] and lines[i - 1].speaker != lines[i].speaker:
            scores[i] = max(float(scores[i]), ANSWER_WEIGHT * float(direct[i - 1]))
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


def stretches(
    scores: np.ndarray, weight: np.ndarray, share: float = 0.6, peaks: int = 3, rival: float = 0.5
) -> list[tuple[int, int]]:
    """[start, end) of each stretch of talk about the question, the most relevant first.

    On the smoothed relevance, a stretch is a run of lines around a peak that rises at least
    ``rival`` of the way from the floor (the lowest quarter's top) to the highest peak (at most
    ``peaks`` of them); each reaches as far as the smoothed relevance stays ``share`` of the
    way from the floor to its own peak, and is widened by half a window either side."""
    n = len(scores)
    if not n:
        return []
    half = max(MIN_HALF_WIDTH, n // 40)
    smooth = smoothed(scores, weight, half)
    floor = float(np.percentile(smooth, 25))  # what talk about other things scores
    top = float(smooth.max())
    low = floor + share * rival * (top - floor)
    runs: list[tuple[float, int, int, int]] = []
    i = 0
    while i < n:
        if smooth[i] < low:
            i += 1
            continue
        j = i
        while j < n and smooth[j] >= low:
            j += 1
        peak = i + int(np.argmax(smooth[i:j]))
        if smooth[peak] >= floor + rival * (top - floor):
            runs.append((float(smooth[peak]), peak, i, j))
        i = j
    runs.sort(key=lambda r: -r[0])
    out = []
    for height, peak, lo, hi in runs[:peaks]:
        cut = floor + share * (height - floor)
        start, end = peak, peak + 1
        while start > lo and smooth[start - 1] >= cut:
            start -= 1
        while end < hi and smooth[end] >= cut:
            end += 1
        out.append((max(0, start - half // 2), min(n, end + half // 2)))
    return out


def stretch(scores: np.ndarray, weight: np.ndarray, share: float = 0.6) -> tuple[int, int]:
    """[start, end) of the stretch around the smoothed relevance's peak."""
    found = stretches(scores, weight, share, peaks=1)
    return found[0] if found else (0, 0)
