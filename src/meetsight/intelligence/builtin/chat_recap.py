"""An overview of the whole conversation for chat questions such as "Summarize the meeting" or
"What was discussed?": the one place chat writes a recap, so that a better recap can replace it.

The conversation is cut into ``PARTS`` equal parts; in each, the lines most central to the
whole conversation (cosine to the mean of the lines that say something) are candidates, and
their sentences are chosen by MMR within ``RECAP_WORDS`` words, told in reported speech in the
order they were said.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from meetsight.intelligence.builtin.chat_compose import candidates, choose, written_answer
from meetsight.intelligence.builtin.chat_passages import line_index
from meetsight.intelligence.builtin.embedder import embed
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import ChatAnswer

RECAP_WORDS = 100
PARTS = 5
LINES_PER_PART = 6
SPREAD = 0.1  # favours parts of the conversation with no pick yet


def recap_answer(conversation: Conversation, vectors: np.ndarray) -> ChatAnswer:
    index = line_index(conversation)
    n = len(conversation.lines)
    weight = index.weight
    centroid = (vectors * weight[:, None]).sum(axis=0)
    centroid /= max(float(np.linalg.norm(centroid)), 1e-9)
    central = (vectors @ centroid) * weight
    chosen: list[int] = []
    bounds = np.linspace(0, n, PARTS + 1).astype(int)
    for lo, hi in pairwise(bounds.tolist()):
        part = np.arange(lo, hi)
        if len(part):
            chosen.extend(part[np.argsort(-central[part], kind="stable")[:LINES_PER_PART]].tolist())
    pool = candidates(conversation, chosen) or candidates(conversation, chosen, min_words=1)
    if not pool:
        return ChatAnswer("")
    svecs = embed([c.text for c in pool])
    part_of = np.searchsorted(bounds[1:], [c.line for c in pool], side="right").tolist()
    scores = svecs @ centroid + 0.05 * np.log1p([c.words for c in pool])
    picks = choose(pool, scores, svecs, RECAP_WORDS, groups=part_of, spread=SPREAD)
    return written_answer(conversation, [pool[i] for i in picks])
