"""The summary's figures: the sentences that give the conversation's numbers (how many seats,
what price, which date, what share), which the key points alone would often leave out.

* Candidates: the cleaned sentences (:mod:`cleanup`) of lines that are not filler and hold no
  next step, with a number in digits or in words other than "one" (:func:`talk_cues.has_number`),
  of ``MIN_WORDS`` to ``LONGEST`` words.
* Score: the line's cosine to the conversation's centre (the engine's line vectors, nothing is
  embedded again) + ``QUANTITY`` when a number counts or measures something
  (:func:`gives_quantity`) + a little for length.
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
from meetsight.intelligence.builtin.keyphrases import GENERIC_WORDS
from meetsight.intelligence.builtin.languages import stopwords_for
from meetsight.intelligence.builtin.summary_salience import salience, word_counts
from meetsight.intelligence.builtin.talk_cues import has_number, is_filler
from meetsight.intelligence.conversation import Conversation

MIN_WORDS, LONGEST = 4, 30
MIN_BUDGET, MAX_BUDGET = 60, 60
WORDS_PER_LINE = 0.6
QUANTITY = 0.3  # a count, a measure or an amount, over a time or a bare number
_ONE = frozenset(("one", "un", "una", "uno"))
_JOINERS = frozenset(("and", "y", "point", "punto", "coma"))
_PERCENT = frozenset(("percent", "porcentaje", "ciento"))
LENGTH = 0.03
SALIENCE = 0.6
ASIDE_BELOW = 0.4  # salience under which a sentence is an aside, not a candidate
MAX_FIGURES = 6
_DIGITS = re.compile(r"\d[\d.,:]*")


def gives_quantity(text: str, language: str) -> bool:
    """A number that counts or measures something: followed by a noun ("340 trucks", "seis
    obras", "ninety users"), a percentage, or an amount of money. Times, dates and bare numbers
    ("at eleven forty-five", "the 26th") are not quantities."""
    if find_amounts(text) or "%" in text:
        return True
    ws = words(text)
    stop = stopwords_for(language)
    for i, w in enumerate(ws):
        if not _is_number(w):
            continue
        j = i + 1
        while j < len(ws) and (_is_number(ws[j]) or ws[j] in _JOINERS):
            j += 1
        if j < len(ws) and ws[j] in _PERCENT:
            return True
        if j < len(ws) and len(ws[j]) > 2 and ws[j] not in stop and ws[j] not in GENERIC_WORDS:
            return True
    return False


def word_budget(n_lines: int) -> int:
    return int(min(MAX_BUDGET, max(MIN_BUDGET, round(n_lines * WORDS_PER_LINE))))


def _is_number(word: str) -> bool:
    parts = word.split("-")
    return all(p in NUMBER_WORDS or p[:1].isdigit() for p in parts) and word not in _ONE


def numbers_in(text: str) -> set[str]:
    """The numbers a text gives, each whole ("six hundred", "26.50", "forty-five"): runs of
    number words and digits, "and"/"y" inside a run included; "one" alone is not a number."""
    found: set[str] = set()
    run: list[str] = []
    for w in [*words(text), ""]:
        if _is_number(w) or (run and w in _JOINERS):
            run.append(w)
            continue
        while run and run[-1] in _JOINERS:
            run.pop()
        if run:
            found.add(" ".join(run).rstrip(".,:"))
        run = []
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
    weight = salience([c.text for c in pool], word_counts(conversation))
    pool = [c for c, w in zip(pool, weight, strict=True) if w >= ASIDE_BELOW]
    weight = weight[weight >= ASIDE_BELOW]
    if not pool:
        return []
    central = vectors[[c.line for c in pool]] @ centre + SALIENCE * weight
    scores = [
        float(central[k])
        + QUANTITY * gives_quantity(c.text, conversation.language)
        + LENGTH * np.log1p(c.words)
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
