"""The summary's key points: a short paragraph of written sentences in reported speech, chosen
for how well they cover the conversation, not only for how central each one is.

1. Lines: those that are not greetings or filler and hold no next step (the summary lists the
   next steps anyway). Each gets a score, its cosine to the mean of these lines plus cue
   bonuses (:func:`line_score`); the conversation is cut into ``parts(n)`` equal slices and
   the ``LINES_PER_PART`` best lines of each slice are kept, so every stretch is represented.
2. Sentences: the kept lines' sentences, cleaned of the noise of speech (:mod:`cleanup`),
   those of at least four words; embedded once (a few dozen sentences, never the transcript).
   Score: cosine to the conversation's centre + the line's cue bonus + a little for length.
3. Choice: greedy MMR within a word budget that grows with the conversation
   (:func:`word_budget`), a bonus to slices with no pick yet; told in reported speech in the
   order they were said ("The Project Manager suggested that ...").
"""

from __future__ import annotations

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat_compose import (
    Candidate,
    candidates,
    choose,
    conversation_names,
    render,
)
from meetsight.intelligence.builtin.summary_figures import choose_figures, merged
from meetsight.intelligence.builtin.summary_salience import salience, word_counts
from meetsight.intelligence.builtin.talk_cues import (
    AGREEMENT,
    CONCERN,
    DECISION,
    PROBLEM,
    content_words,
    has_number,
    is_filler,
)
from meetsight.intelligence.conversation import Conversation

LINES_PER_PART = 6
MIN_PARTS, MAX_PARTS = 3, 6
LINES_PER_PARTS = 20  # one slice per this many lines, within MIN_PARTS..MAX_PARTS
MIN_WORDS, MAX_WORDS = 60, 80
WORDS_PER_LINE = 1.0
REDUNDANCY = 0.5
SPREAD = 0.1
MAX_POINTS = 10
SALIENCE = 0.5
ASIDE_BELOW = 0.4  # salience under which a sentence is an aside, not a candidate
SEPARATE = 0
LONGEST = 25  # words: a longer sentence is a ramble, not a point
LENGTH = 0.05  # per log(1 + words): a full sentence says more than a fragment


def word_budget(n_lines: int) -> int:
    """Words for the key points: about one per line, within MIN_WORDS..MAX_WORDS."""
    return int(min(MAX_WORDS, max(MIN_WORDS, round(n_lines * WORDS_PER_LINE))))


def parts(n_lines: int) -> int:
    return min(MAX_PARTS, max(MIN_PARTS, n_lines // LINES_PER_PARTS))


def cue_bonus(text: str) -> float:
    """What makes a moment worth telling: a problem, a concern (not negated), a decision, an
    agreement, a number; a bare question is worth less."""
    bonus = 0.1 * bool(PROBLEM.count(text)) + 0.1 * bool(DECISION.count(text))
    bonus += 0.1 * bool(CONCERN.count_affirmed(text))
    bonus += 0.05 * bool(AGREEMENT.count(text)) + 0.1 * has_number(text)
    if text.rstrip().endswith("?"):
        bonus -= 0.1
    return bonus


def line_score(text: str) -> float:
    n = len(content_words(text))
    return cue_bonus(text) + 0.1 * min(n, 15) / 15 - (0.1 if n < 5 else 0.0)


def _kept_lines(
    conversation: Conversation, vectors: np.ndarray, skip: set[int]
) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The best lines of each slice, the slices' bounds and the centre of the conversation."""
    lines = conversation.lines
    usable = [i for i, ln in enumerate(lines) if i not in skip and not is_filler(ln.text)]
    if not usable:
        return [], np.zeros(1, dtype=int), np.zeros(vectors.shape[1] if vectors.ndim == 2 else 1)
    centre = vectors[usable].mean(axis=0)
    centre /= max(float(np.linalg.norm(centre)), 1e-12)
    score = vectors[usable] @ centre + np.array([line_score(lines[i].text) for i in usable])
    bounds = np.linspace(0, len(lines), parts(len(lines)) + 1).astype(int)
    slice_of = np.searchsorted(bounds[1:], usable, side="right")
    kept: list[int] = []
    for s in range(len(bounds) - 1):
        members = np.flatnonzero(slice_of == s)
        best = members[np.argsort(-score[members], kind="stable")[:LINES_PER_PART]]
        kept.extend(usable[int(j)] for j in best)
    return sorted(kept), bounds, centre


def choose_points(
    conversation: Conversation, vectors: np.ndarray, skip: set[int]
) -> tuple[list[Candidate], np.ndarray]:
    """The key points' sentences (cleaned), in the order they were said, and the centre of the
    conversation (the mean of its usable lines' vectors)."""
    kept, bounds, centre = _kept_lines(conversation, vectors, skip)
    pool = [c for c in candidates(conversation, kept) if c.words <= LONGEST]
    if not pool:
        return [], centre
    weight = salience([c.text for c in pool], word_counts(conversation))
    subjects = [k for k in range(len(pool)) if weight[k] >= ASIDE_BELOW] or list(range(len(pool)))
    pool, weight = [pool[k] for k in subjects], weight[subjects]
    svecs = embed([c.text for c in pool])
    scores = (
        svecs @ centre
        + SALIENCE * weight
        + np.array([cue_bonus(c.text) + LENGTH * np.log1p(c.words) for c in pool])
    )
    slices = np.searchsorted(bounds[1:], [c.line for c in pool], side="right").tolist()
    budget = word_budget(len(conversation.lines))
    picks = choose(
        pool, scores, svecs, budget, MAX_POINTS, REDUNDANCY, groups=slices, spread=SPREAD
    )
    return sorted((pool[i] for i in picks), key=lambda c: (c.line, c.position)), centre


def key_points(conversation: Conversation, vectors: np.ndarray, skip: set[int]) -> str:
    """The key points and the figures as one paragraph in reported speech, in the order they
    were said ("" when nothing is worth telling)."""
    points, centre = choose_points(conversation, vectors, skip)
    figures = choose_figures(conversation, vectors, skip, [c.text for c in points], centre)
    names = conversation_names(conversation)
    if SEPARATE and figures:
        return (
            render(points, conversation.language, names)
            + "\n"
            + render(figures, conversation.language, names)
        )
    return render(merged(points, figures), conversation.language, names)
