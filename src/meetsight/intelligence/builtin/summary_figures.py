"""The summary's figures: the sentences that give the conversation's numbers (how many seats,
what price, which date, what share), which the key points alone would often leave out.

* Candidates: the cleaned sentences (:mod:`cleanup`) of lines that are not filler and hold no
  next step, with a number in digits or in words other than "one" (:func:`talk_cues.has_number`),
  of ``MIN_WORDS`` to ``LONGEST`` words.
* Score: the line's cosine to the conversation's centre (the engine's line vectors, nothing is
  embedded again) + ``AMOUNT`` when it names an amount of money (:mod:`amounts`) + a little
  for length.
* Choice: best first, a sentence whose numbers were all given already (by the key points or an
  earlier figure) is skipped, within a word budget (``word_budget``); told in reported speech
  in the order they were said.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS, find_amounts
from meetsight.intelligence.builtin.chat_compose import Candidate, candidates
from meetsight.intelligence.builtin.folding import words
from meetsight.intelligence.builtin.talk_cues import has_number, is_filler
from meetsight.intelligence.conversation import Conversation

MIN_WORDS, LONGEST = 4, 30
MIN_BUDGET, MAX_BUDGET = 40, 70
WORDS_PER_LINE = 0.6
AMOUNT = 0.1
LENGTH = 0.03
MAX_FIGURES = 6
_DIGITS = re.compile(r"\d[\d.,:]*")


def word_budget(n_lines: int) -> int:
    return int(min(MAX_BUDGET, max(MIN_BUDGET, round(n_lines * WORDS_PER_LINE))))


def numbers_in(text: str) -> set[str]:
    """The numbers a text gives, as written in digits ("26.50") or as number words ("six")."""
    found = {m.group().rstrip(".,:") for m in _DIGITS.finditer(text)}
    found |= {w for w in words(text) if w in NUMBER_WORDS and w not in ("one", "un", "una")}
    return found


def choose_figures(
    conversation: Conversation,
    vectors: np.ndarray,
    skip: set[int],
    told: Iterable[str],
    centre: np.ndarray,
) -> list[Candidate]:
    """Sentences with numbers not yet given (``told``: the texts already in the summary), in the
    order they were said."""
    lines = conversation.lines
    usable = [
        i
        for i, ln in enumerate(lines)
        if i not in skip and has_number(ln.text) and not is_filler(ln.text)
    ]
    pool = [
        c
        for c in candidates(conversation, usable, MIN_WORDS)
        if c.words <= LONGEST and has_number(c.text)
    ]
    if not pool:
        return []
    central = vectors[[c.line for c in pool]] @ centre
    scores = [
        float(central[k]) + AMOUNT * bool(find_amounts(c.text)) + LENGTH * np.log1p(c.words)
        for k, c in enumerate(pool)
    ]
    given: set[str] = set().union(*(numbers_in(t) for t in told))
    budget = word_budget(len(lines))
    chosen: list[Candidate] = []
    spent = 0
    for k in np.argsort(scores, kind="stable")[::-1]:
        c = pool[int(k)]
        numbers = numbers_in(c.text)
        if not numbers or numbers <= given:
            continue
        if chosen and spent + c.words > budget:
            continue
        chosen.append(c)
        given |= numbers
        spent += c.words
        if len(chosen) >= MAX_FIGURES or spent >= budget:
            break
    return sorted(chosen, key=lambda c: (c.line, c.position))


def merged(points: Sequence[Candidate], figures: Sequence[Candidate]) -> list[Candidate]:
    """Key points and figures in the order they were said."""
    return sorted({*points, *figures}, key=lambda c: (c.line, c.position))
