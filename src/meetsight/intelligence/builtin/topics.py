"""Topics: the conversation cut into contiguous blocks that each stay on one subject.

Segmentation (on the engine's line vectors, never re-embedded):

* How many: one topic under 8 lines, else ``1 + len(lines) // 15`` kept within 2-7; no block
  shorter than ``max(2, len(lines) // (2 * k))`` lines.
* Where: the cut that maximises the sum, over blocks, of the length of the block's summed
  vectors (= lines x norm of their mean). A block whose lines point the same way scores high,
  so cuts fall where the subject changes. Solved exactly by dynamic programming, block norms
  read off 2-D prefix sums of the lines' Gram matrix: O(k n^2) numpy work and (n + 1)^2 floats,
  so only up to ``EXACT_LINES`` lines (three 8 MB arrays at most). A longer conversation is
  first cut exactly on ``EXACT_LINES`` units of consecutive lines (their summed vectors), then
  each cut is moved to the best line within two units of it: memory grows with n only through
  the line vectors themselves (20,000 lines took 3 GiB arrays before).

Title: the block's best keyphrase that names no participant (keyphrase rank weighed by how much
of the phrase's words the block holds against the whole conversation), different from earlier
titles and not a clause ending in a past form ("Drivers complained"); a lone word gives way to a
phrase of two or more words among the next ``PHRASE_REACH``; at most 5 words, capitalised.
Description: the block's most central line (cosine to the block's mean), with its speaker.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import numpy as np

from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.keyphrases import keyphrases
from meetsight.intelligence.builtin.summary import quote
from meetsight.intelligence.builtin.talk_cues import folded_words, is_filler, lang
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import Topic

MIN_LINES_TO_SPLIT = 8
LINES_PER_TOPIC = 15
MIN_TOPICS, MAX_TOPICS = 2, 7
MAX_TITLE_WORDS = 5
DESCRIPTION_CHARS = 220
EXACT_LINES = 1000
PHRASE_REACH = 3  # how far down the ranking a two-word phrase may replace a lone word


def topic_count(n_lines: int) -> int:
    if n_lines < MIN_LINES_TO_SPLIT:
        return 1 if n_lines else 0
    return max(MIN_TOPICS, min(MAX_TOPICS, 1 + n_lines // LINES_PER_TOPIC))


def segment(vectors: np.ndarray, k: int, min_len: int) -> list[tuple[int, int]]:
    """``k`` contiguous blocks [start, end) covering all rows of ``vectors`` and maximising the
    sum of the blocks' summed-vector norms; every block has at least ``min_len`` rows. Exact up
    to ``EXACT_LINES`` rows; beyond, cut on units of rows and refined (module docstring)."""
    n = len(vectors)
    if k <= 1 or n < 2 * min_len:
        return [(0, n)] if n else []
    k = min(k, n // min_len)
    if n <= EXACT_LINES:
        return list(itertools.pairwise(_best_cuts(vectors, k, min_len)))
    edges = np.linspace(0, n, EXACT_LINES + 1).round().astype(np.int64)
    units = _unit_sums(vectors, edges)
    min_units = -(-min_len // int(np.diff(edges).min()))  # every block keeps min_len lines
    unit_cuts = _best_cuts(units, min(k, EXACT_LINES // min_units), min_units)
    cuts = [int(edges[c]) for c in unit_cuts]
    reach = 2 * -(-n // EXACT_LINES)
    return list(itertools.pairwise(_refine(vectors, cuts, min_len, reach)))


def _unit_sums(vectors: np.ndarray, edges: np.ndarray) -> np.ndarray:
    """(len(edges) - 1, dim) float64 sums of the rows between consecutive edges, cast to
    float64 a hundred units at a time rather than all rows at once."""
    units = np.empty((len(edges) - 1, vectors.shape[1]))
    for u in range(0, len(units), 100):
        low, high = int(edges[u]), int(edges[min(u + 100, len(units))])
        starts = edges[u : u + 100] - low
        units[u : u + 100] = np.add.reduceat(vectors[low:high], starts, axis=0, dtype=np.float64)
    return units


def _best_cuts(vectors: np.ndarray, k: int, min_len: int) -> list[int]:
    """The exact dynamic programme: 0, the k - 1 inner cuts, n."""
    n = len(vectors)
    # |sum of rows i..j-1|^2 = sum of the Gram matrix over that square: a 2-D prefix sum.
    area = np.zeros((n + 1, n + 1))
    np.cumsum((vectors @ vectors.T).astype(np.float64), axis=0, out=area[1:, 1:])
    np.cumsum(area[1:, 1:], axis=1, out=area[1:, 1:])
    diag = np.diag(area).copy()
    norms = diag[None, :] + diag[:, None]  # [i, j] for the block i..j-1, squared, then not
    norms -= area
    norms -= area.T
    del area
    np.sqrt(np.maximum(norms, 0.0, out=norms), out=norms)
    for i in range(n + 1):  # block i..j-1 shorter than min_len
        norms[i, : i + min_len] = -np.inf

    best = np.full(n + 1, -np.inf)
    best[0] = 0.0
    back: list[np.ndarray] = []
    for _ in range(k):
        totals = best[:, None] + norms  # [i, j]: best with the last block i..j-1
        back.append(np.argmax(totals, axis=0))
        best = totals.max(axis=0)
    cuts = [n]
    for step in reversed(back):
        cuts.append(int(step[cuts[-1]]))
    cuts.reverse()
    return cuts


def _refine(vectors: np.ndarray, cuts: list[int], min_len: int, reach: int) -> list[int]:
    """Move each inner cut, left to right and twice over, to the row within ``reach`` of it
    where its two blocks' summed-vector norms add up highest (blocks stay ``min_len`` long)."""
    cuts = list(cuts)
    for _ in range(2):
        for t in range(1, len(cuts) - 1):
            low = max(cuts[t - 1] + min_len, cuts[t] - reach)
            high = min(cuts[t + 1] - min_len, cuts[t] + reach)
            if low >= high:
                continue
            before = vectors[cuts[t - 1] : low].sum(axis=0, dtype=np.float64)
            both = vectors[cuts[t - 1] : cuts[t + 1]].sum(axis=0, dtype=np.float64)
            left = np.empty((high - low + 1, vectors.shape[1]))  # first block, cut at low + r
            left[0] = before
            np.cumsum(vectors[low:high], axis=0, dtype=np.float64, out=left[1:])
            left[1:] += before
            score = np.linalg.norm(left, axis=1) + np.linalg.norm(both - left, axis=1)
            cuts[t] = low + int(np.argmax(score))
    return cuts


def _name_words(conversation: Conversation) -> set[str]:
    names = {s.name for s in conversation.speakers} | {ln.speaker for ln in conversation.lines}
    return {w for n in names for w in words(n)}


def _distinctive(phrases: list[str], block: Counter[str], everywhere: Counter[str]) -> list[str]:
    """Re-rank the block's phrases: rank weight 1 / (1 + rank) times the share of the
    phrase's word occurrences that fall inside the block, so a word said all through the
    conversation ("sales", "hotel") yields to what sets this block apart."""

    def weight(item: tuple[int, str]) -> float:
        rank, phrase = item
        ws = words(phrase)
        share = sum(block[w] for w in ws) / max(1, sum(everywhere[w] for w in ws))
        return share / (1 + rank)

    return [p for _, p in sorted(enumerate(phrases), key=weight, reverse=True)]


def _reads_as_a_verb(phrase: str, language: str) -> bool:
    """ "Drivers complained", "Branch staff worked": an English phrase ending in a past form is
    a clause, not a subject."""
    last = fold(phrase.split()[-1])
    return language != "es" and len(last) >= 5 and last.endswith("ed")


def _title(
    texts: Sequence[str],
    language: str,
    banned: set[str],
    used: set[str],
    index: int,
    everywhere: Counter[str],
) -> str:
    phrases = [p for p in keyphrases(texts, language, 8) if not set(words(p)) & banned]
    block = Counter(w for t in texts for w in folded_words(t))
    phrases = _distinctive(phrases, block, everywhere)
    fresh = [p for p in phrases if fold(p) not in used and not _reads_as_a_verb(p, language)]
    fresh = fresh or [p for p in phrases if fold(p) not in used] or phrases
    if not fresh:
        return f"Parte {index + 1}" if language == "es" else f"Part {index + 1}"
    # A phrase of two words or more reads as a subject ("Pilot pricing"); a lone word gives way
    # to one of the next best that is such a phrase.
    title = next((p for p in fresh[:PHRASE_REACH] if len(p.split()) > 1), fresh[0])
    title = " ".join(title.split()[:MAX_TITLE_WORDS])
    return title[:1].upper() + title[1:]


def find_topics(conversation: Conversation, vectors: np.ndarray) -> list[Topic]:
    """Contiguous topical blocks in reading order; their ``lines`` cover every line once."""
    lines = conversation.lines
    language = lang(conversation.language)
    k = topic_count(len(lines))
    if k == 0:
        return []
    blocks = segment(vectors, k, max(2, len(lines) // (2 * k)))
    banned = _name_words(conversation)
    everywhere = Counter(w for ln in lines for w in folded_words(ln.text))
    used: set[str] = set()
    topics: list[Topic] = []
    for index, (start, end) in enumerate(blocks):
        texts = [ln.text for ln in lines[start:end]]
        title = _title(texts, language, banned, used, index, everywhere)
        used.add(fold(title))
        block = vectors[start:end]
        centre = block.mean(axis=0)
        order = np.argsort(-(block @ centre), kind="stable")
        pick = next((int(i) for i in order if not is_filler(texts[int(i)])), int(order[0]))
        line = lines[start + pick]
        description = f"{line.speaker}: {quote(line.text, DESCRIPTION_CHARS)}"
        topics.append(Topic(title, description, tuple(range(start, end))))
    return topics
