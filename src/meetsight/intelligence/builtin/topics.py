"""Topics: the conversation cut into contiguous blocks that each stay on one subject.

Segmentation (on the engine's line vectors, never re-embedded):

* How many: one topic under 8 lines, else ``1 + len(lines) // 15`` kept within 2-7; no block
  shorter than ``max(2, len(lines) // (2 * k))`` lines.
* Where: the cut that maximises the sum, over blocks, of the length of the block's summed
  vectors (= lines x norm of their mean). A block whose lines point the same way scores high,
  so cuts fall where the subject changes. Solved exactly by dynamic programming, block norms
  read off 2-D prefix sums of the lines' Gram matrix: O(k n^2) numpy work.

Title: the block's best keyphrase that names no participant (keyphrase rank weighed by how much
of the phrase's words the block holds against the whole conversation), joined to the second one with
"and"/"y" when it is a single word, 2-5 words, capitalised, different from earlier titles.
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


def topic_count(n_lines: int) -> int:
    if n_lines < MIN_LINES_TO_SPLIT:
        return 1 if n_lines else 0
    return max(MIN_TOPICS, min(MAX_TOPICS, 1 + n_lines // LINES_PER_TOPIC))


def segment(vectors: np.ndarray, k: int, min_len: int) -> list[tuple[int, int]]:
    """``k`` contiguous blocks [start, end) covering all rows of ``vectors`` and maximising the
    sum of the blocks' summed-vector norms; every block has at least ``min_len`` rows."""
    n = len(vectors)
    if k <= 1 or n < 2 * min_len:
        return [(0, n)] if n else []
    k = min(k, n // min_len)
    # |sum of rows i..j-1|^2 = sum of the Gram matrix over that square: a 2-D prefix sum.
    gram = (vectors @ vectors.T).astype(np.float64)
    area = np.zeros((n + 1, n + 1))
    area[1:, 1:] = gram.cumsum(axis=0).cumsum(axis=1)
    diag = np.diag(area)
    squared = diag[None, :] + diag[:, None] - area - area.T  # [i, j] for the block i..j-1
    norms = np.sqrt(np.maximum(squared, 0.0))
    idx = np.arange(n + 1)
    valid = (idx[None, :] - idx[:, None]) >= min_len  # [i, j]: block i..j-1 long enough
    norms = np.where(valid, norms, -np.inf)

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
    return list(itertools.pairwise(cuts))


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
    fresh = [p for p in phrases if fold(p) not in used] or phrases
    if not fresh:
        return f"Parte {index + 1}" if language == "es" else f"Part {index + 1}"
    title = fresh[0]
    if len(title.split()) < 2 and len(fresh) > 1:
        joined = f"{title} {'y' if language == 'es' else 'and'} {fresh[1]}"
        if len(joined.split()) <= MAX_TITLE_WORDS:
            title = joined
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
