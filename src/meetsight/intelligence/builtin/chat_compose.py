"""Answers written from the chosen moments: candidate sentences, a redundancy-aware choice of
the best of them within a word budget, and the written answer in reported speech.

* Candidates are the sentences of the chosen lines, cleaned (:mod:`cleanup`); those that only
  acknowledge, and those shorter than four words, are not candidates.
* The choice is greedy MMR: each pick maximises its score minus ``REDUNDANCY`` times its
  highest cosine to a sentence already picked, until the budget of words is spent (a
  sentence that would overshoot the budget by more than half of itself is skipped).
* The answer lists the picks in the order they were said, each in reported speech with its
  speaker (:mod:`reported`); a sentence that follows one by the same speaker is told without
  repeating the attribution.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from meetsight.intelligence.builtin.chat_slots import setting
from meetsight.intelligence.builtin.cleanup import clean_sentences
from meetsight.intelligence.builtin.reported import reported, third_person
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import ChatAnswer, Citation

MIN_WORDS = 4
REDUNDANCY = 0.5


@dataclass(frozen=True, slots=True)
class Candidate:
    line: int
    position: int  # the sentence's place within its line
    text: str  # cleaned
    speaker: str

    @property
    def words(self) -> int:
        return len(self.text.split())


def candidates(
    conversation: Conversation, lines: Iterable[int], min_words: int = MIN_WORDS
) -> list[Candidate]:
    """The cleaned sentences of ``lines`` worth quoting, in transcript order."""
    out = []
    for i in sorted(set(lines)):
        line = conversation.lines[i]
        for n, sentence in enumerate(clean_sentences(line.text, conversation.language)):
            if len(sentence.split()) >= min_words:
                out.append(Candidate(i, n, sentence, line.speaker))
    return out


def choose(
    pool: Sequence[Candidate],
    scores: np.ndarray,
    vectors: np.ndarray,
    budget: int,
    max_picks: int = 12,
    redundancy: float | None = None,
    groups: Sequence[int] = (),
    spread: float = 0.0,
) -> list[int]:
    """Indexes into ``pool``: greedy MMR within ``budget`` words; with ``groups`` (a part of the
    conversation per candidate), ``spread`` is added to candidates whose part has no pick yet."""
    redundancy = REDUNDANCY if redundancy is None else redundancy
    chosen: list[int] = []
    spent = 0
    available = list(range(len(pool)))
    closest = np.full(len(pool), -1.0, dtype=np.float32)
    covered: set[int] = set()
    while available and len(chosen) < max_picks and spent < budget:
        gains = [
            float(scores[i])
            - redundancy * max(0.0, float(closest[i]))
            + (spread if groups and groups[i] not in covered else 0.0)
            for i in available
        ]
        best = available[int(np.argmax(gains))]
        available.remove(best)
        size = pool[best].words
        if chosen and spent + size > budget + size // 2:
            continue
        chosen.append(best)
        spent += size
        if groups:
            covered.add(groups[best])
        closest = np.maximum(closest, vectors @ vectors[best])
    return chosen


def render(picks: Sequence[Candidate], language: str, names: Collection[str] = ()) -> str:
    """The picks, in transcript order, as written sentences in reported speech (``names``:
    the conversation's names, folded, which keep their capitals)."""
    ordered = sorted(picks, key=lambda c: (c.line, c.position))
    out: list[str] = []
    previous = ""
    for c in ordered:
        if c.speaker == previous:
            sentence = third_person(c.text, language)
        else:
            sentence = reported(c.text, c.speaker, language, names)
        previous = c.speaker
        if sentence:
            out.append(sentence[0].upper() + sentence[1:])
    return " ".join(out)


def cite(conversation: Conversation, lines: Iterable[int]) -> tuple[Citation, ...]:
    chosen = sorted(set(lines))
    return tuple(
        Citation(line=i, speaker=conversation.lines[i].speaker, start=conversation.lines[i].start)
        for i in chosen
    )


def conversation_names(conversation: Conversation) -> frozenset[str]:
    """Words the conversation writes as names (and its speakers' names), folded."""
    found = setting(conversation)
    return found.names | found.people


def written_answer(conversation: Conversation, picks: Sequence[Candidate]) -> ChatAnswer:
    text = render(picks, conversation.language, conversation_names(conversation))
    return ChatAnswer(text, cite(conversation, (c.line for c in picks)))
