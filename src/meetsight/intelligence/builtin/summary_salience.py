"""What a conversation keeps talking about: content words weighed by how many lines use them,
so the summary prefers sentences about the conversation's subjects ("endpoints", "renewal")
over asides (the weather, the microphones). SumBasic-like, without its updates: redundancy is
handled by the choice itself (MMR on sentence vectors)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from meetsight.intelligence.builtin.keyphrases import GENERIC_WORDS
from meetsight.intelligence.builtin.talk_cues import content_words
from meetsight.intelligence.conversation import Conversation


def subject_words(text: str) -> set[str]:
    """Content words that can name a subject: no numbers or calendar words ("eight", "Sunday")."""
    return {w for w in content_words(text) if w not in GENERIC_WORDS and not w[:1].isdigit()}


def word_counts(conversation: Conversation) -> Counter[str]:
    """How many lines use each content word: what the conversation keeps talking about."""
    return Counter(w for ln in conversation.lines for w in subject_words(ln.text))


def salience(texts: Sequence[str], counts: Counter[str]) -> np.ndarray:
    """Per text, the mean of log(1 + lines using the word) over its distinct content words,
    scaled so the best text has 1: sentences about what the conversation keeps coming back to
    ("endpoints", "renewal") over asides."""
    raw = np.array(
        [
            float(np.mean([np.log1p(counts[w]) for w in ws])) if ws else 0.0
            for ws in (subject_words(t) for t in texts)
        ]
    )
    top = float(raw.max()) if len(raw) else 0.0
    return raw / top if top > 0 else raw
