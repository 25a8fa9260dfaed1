"""Short answers: the sentence or two that answer a factual or open question, or a decline.

The lines that may answer are those whose relevance (:mod:`chat_passages`) is within
``KEEP_WITHIN`` of the best (at most ``MAX_LINES``), and the line after each of them that
answers a question. The question's names that are the conversation's own subject ("Meridian"
in a call with Meridian) weigh a third of its other words, so that they do not outweigh what
is asked about them.

The conversation does not cover a question (the answer says so in its language, with no
citation) when:

* it names something the conversation never mentions ("How much does Halvorsen pay for
  Orbitly?" where Orbitly is never said);
* no line matches it well: the best cosine plus word match is below ``MIN_DIRECT``;
* it asks for a type of answer (:class:`chat_question.Slot`) that none of the lines that may
  answer holds: an amount of money for "how much does X pay", a number next to the thing
  counted for "how many X" ("six hundred endpoints", or a number said in answer to a question
  about X), a date for "when", a name for "which company" or "where", a person or a role, or
  someone speaking for themselves, for "who". A follow-up asking for "the other one" does not
  accept the values of the previous answer.

Otherwise the answer is the best sentence holding the value asked for (facts), or the best
sentences within ``OPEN_WORDS`` words (open questions), in reported speech; a short reply is
told with the question it answers ("Mateo asked how big Halvorsen was. Ingrid said a
hundred and twenty thousand.").
"""

from __future__ import annotations

import re

import numpy as np

from meetsight.intelligence.builtin.chat_compose import (
    Candidate,
    candidates,
    choose,
    cite,
    conversation_names,
    render,
)
from meetsight.intelligence.builtin.chat_passages import line_index, query_terms, relevance, terms
from meetsight.intelligence.builtin.chat_question import Plan, Slot
from meetsight.intelligence.builtin.chat_slots import names_in, setting, slot_values
from meetsight.intelligence.builtin.chat_topics import side, topic_affinity
from meetsight.intelligence.builtin.embedder import embed
from meetsight.intelligence.builtin.prototypes import embed_one
from meetsight.intelligence.builtin.reported import reported
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import ChatAnswer

NOT_COVERED = {
    "en": "The conversation does not cover that.",
    "es": "La conversación no trata ese tema.",
}
MIN_DIRECT = 0.2  # best cosine plus word match below which nothing answers
KEEP_WITHIN = 0.12
KEEP_WIDER = 0.35
MAX_LINES = 8
OPEN_WORDS = 60
SUBJECT_NAME_WEIGHT = 0.3
SHORT_REPLY = 6  # words: a reply this short is told with the question it answers
QUESTION_PENALTY = 0.15  # a sentence that asks is rarely the answer
VALUE_BONUS = 0.1
RIVAL_BONUS = 0.12
TOPIC_WEIGHT = 0.4
SIDE_BONUS = 0.08
EXCHANGE_LINES = 3
EXCHANGE_WITHIN = 0.25  # how much less relevant than the best a line of the exchange may be
EXCHANGE_SIMILAR = 0.3  # ... unless it is this close in meaning to the best sentence
FACT_WORDS = 50


# A question about competitors or other vendors looks for lines that name products.
_RIVAL = re.compile(
    r"\b(?:competitors?|competition|alternatives?|vendors?|rivals?|competidor\w*|competencia"
    r"|alternativas?|proveedor\w*)\b"
)
_NUMERIC = frozenset((Slot.MONEY, Slot.SHARE, Slot.COUNT, Slot.DURATION, Slot.DATE))


def _names_column(conversation: Conversation) -> np.ndarray:
    """(lines,) 1 for lines that name a company or product (not a person or a place)."""
    found = setting(conversation)
    return np.asarray(
        [
            any(kind == "thing" for _, kind in names_in(line.text, found, set()))
            for line in conversation.lines
        ],
        dtype=np.float32,
    )


def decline(conversation: Conversation) -> ChatAnswer:
    return ChatAnswer(NOT_COVERED["es" if conversation.language == "es" else "en"])


# --- answers --------------------------------------------------------------------------------


def _missing_names(conversation: Conversation, plan: Plan) -> bool:
    """Whether the question names something the conversation never mentions."""
    if not plan.entities:
        return False
    vocabulary = _vocabulary(conversation)
    speakers = {w for s in conversation.speakers for w in words(s.name)}
    for entity in plan.entities:
        key = fold(entity)
        if key in speakers or key in vocabulary:
            continue
        if len(key) >= 5 and any(v.startswith(key[:5]) for v in vocabulary if len(v) >= 5):
            continue
        return True
    return False


def _vocabulary(conversation: Conversation) -> frozenset[str]:
    """Every word of the conversation and of its title (the user sees both)."""
    texts = [conversation.title, *(line.text for line in conversation.lines)]
    return frozenset(w for text in texts for w in words(text))


def _subject_terms(conversation: Conversation, plan: Plan) -> set[str]:
    """Terms of the question's names that are the conversation's own subject: in its title,
    a speaker's name, or said in more than one line in eight."""
    index = line_index(conversation)
    frequent = max(3, len(conversation.lines) // 8)
    title = set(terms(conversation.title))
    out = {t for s in conversation.speakers for t in terms(s.name)}
    for entity in plan.entities:
        for t in terms(entity):
            if t in title or index.df[t] >= frequent:
                out.add(t)
    return out


def _question_terms(conversation: Conversation, plan: Plan) -> dict[str, float]:
    wanted = query_terms(plan.text)
    subject = _subject_terms(conversation, plan)
    return {t: (SUBJECT_NAME_WEIGHT if t in subject else w) for t, w in wanted.items()}


def _unnamed(text: str, conversation: Conversation, plan: Plan) -> str:
    """The question without the names that are the conversation's own subject: "Where is
    Ridgeline opening its new plant?" matches the plant, not every line about Ridgeline."""
    subject = _subject_terms(conversation, plan)
    kept = [w for w in text.split() if not (set(terms(w)) & subject)]
    return " ".join(kept) or text


def short_answer(conversation: Conversation, plan: Plan, vectors: np.ndarray) -> ChatAnswer:
    if _missing_names(conversation, plan):
        return decline(conversation)
    qvec = embed_one(_unnamed(plan.text, conversation, plan))
    scores, direct = relevance(
        conversation, vectors, qvec, _question_terms(conversation, plan), plan.speakers
    )
    affinity = topic_affinity(conversation, plan.text, qvec, vectors)
    if affinity is None and float(direct.max()) < MIN_DIRECT:
        return decline(conversation)  # on no sales topic, and nothing matches it
    if affinity is not None:
        scores = scores + TOPIC_WEIGHT * affinity
    scores = scores + SIDE_BONUS * side(conversation, plan.text)
    if plan.slot is Slot.NAME and _RIVAL.search(fold(plan.text)):
        scores = scores + RIVAL_BONUS * _names_column(conversation)
    pool = candidates(conversation, _answer_lines(conversation, scores, KEEP_WITHIN), 1)
    if plan.slot is None:
        if not pool:
            return decline(conversation)
        base = _base(pool, scores, qvec)
        picks = choose(pool, base, embed([c.text for c in pool]), OPEN_WORDS, max_picks=3)
        return _written(conversation, [pool[i] for i in picks])
    held = _holding(conversation, plan, pool)
    if not held and plan.slot in _NUMERIC:
        # Further down the ranking, a number or a date counts only in a sentence that says
        # what is asked about ("for the interview ... thursday the tenth"); names further
        # down are too often other things' names to count.
        wanted = set(_question_terms(conversation, plan)) - _subject_terms(conversation, plan)
        pool = candidates(conversation, _answer_lines(conversation, scores, KEEP_WIDER), 1)
        held = {
            i: v
            for i, v in _holding(conversation, plan, pool).items()
            if wanted & set(terms(pool[i].text))
        }
    if not held:
        return decline(conversation)
    base = _base(pool, scores, qvec)
    # A sentence holding a value is as good as the best sentence of its line ("Does it
    # export to Gusto? Because that's our payroll.").
    line_best: dict[int, int] = {}
    for i, c in enumerate(pool):
        if c.line not in line_best or base[i] > base[line_best[c.line]]:
            line_best[c.line] = i
    best = max(held, key=lambda i: float(base[line_best[pool[i].line]]) + VALUE_BONUS * held[i])
    picks = _exchange(conversation, plan, pool, held, best, scores)
    partner = line_best[pool[best].line]
    if pool[partner] not in picks:
        picks.append(pool[partner])
    return _written(conversation, picks)


def _base(pool: list[Candidate], scores: np.ndarray, qvec: np.ndarray) -> np.ndarray:
    """Each candidate's score: its line's relevance, half its own cosine to the question, less
    ``QUESTION_PENALTY`` when it asks."""
    svecs = embed([c.text for c in pool])
    asks = np.asarray([c.text.endswith("?") for c in pool], dtype=np.float32)
    lines = np.asarray([scores[c.line] for c in pool], dtype=np.float32)
    return lines + 0.5 * (svecs @ qvec) - QUESTION_PENALTY * asks


def _exchange(
    conversation: Conversation,
    plan: Plan,
    pool: list[Candidate],
    held: dict[int, float],
    best: int,
    scores: np.ndarray,
) -> list[Candidate]:
    """The best sentence holding a value, with the sentences that hold one in the same
    exchange (the ``EXCHANGE_LINES`` lines either side), nearest first, up to ``FACT_WORDS``
    words: "Our standard is net sixty." "We can do net 45."."""
    first = pool[best]
    picks = [first]
    if plan.slot not in _NUMERIC:
        same_line = [c for i, c in enumerate(pool) if i in held and i != best]
        return picks + [c for c in same_line if c.line == first.line][:1]
    lo, hi = max(0, first.line - EXCHANGE_LINES), first.line + EXCHANGE_LINES + 1
    around = candidates(conversation, range(lo, min(hi, len(conversation.lines))), 1)
    found = setting(conversation)
    spent = first.words
    texts = [first.text, *(c.text for c in around)]
    tvecs = embed(texts)
    close = dict(zip(texts[1:], (tvecs[1:] @ tvecs[0]).tolist(), strict=True))
    for c in sorted(around, key=lambda c: (abs(c.line - first.line), c.line < first.line)):
        if c == first or c.text.endswith("?") or spent + c.words > FACT_WORDS:
            continue
        relevant = scores[c.line] >= scores[first.line] - EXCHANGE_WITHIN
        if not relevant and close[c.text] < EXCHANGE_SIMILAR:
            continue
        if slot_values(plan, c.text, found, conversation.lines[c.line].text):
            picks.append(c)
            spent += c.words
    return picks


def _answer_lines(conversation: Conversation, scores: np.ndarray, within: float) -> list[int]:
    """The lines within ``within`` of the best (at most ``MAX_LINES``), the replies to those
    that ask (up to two lines by others), and the lines their speakers go on with (a turn
    split into several cues)."""
    best = float(scores.max())
    ranked = [int(i) for i in np.argsort(-scores, kind="stable")[:MAX_LINES]]
    chosen = [i for i in ranked if scores[i] >= best - within]
    lines = conversation.lines
    for i in list(chosen):
        asks = "?" in lines[i].text
        for j in (i + 1, i + 2):
            if j >= len(lines):
                break
            if asks and lines[j].speaker != lines[i].speaker:
                chosen.append(j)
            elif not asks and lines[j].speaker == lines[i].speaker and j == i + 1:
                chosen.append(j)
            else:
                break
    return chosen


def _holding(conversation: Conversation, plan: Plan, pool: list[Candidate]) -> dict[int, float]:
    """Candidates that hold a value of the type asked for: 1 for a value that is said, 0.5
    for one that is only implied (someone speaking for themselves to "who")."""
    found = setting(conversation)
    out = {}
    for n, c in enumerate(pool):
        before = conversation.lines[c.line - 1].text if c.line > 0 else ""
        before = before if "?" in before else ""
        line = conversation.lines[c.line].text
        values = slot_values(plan, c.text, found, line, before)
        if values:
            out[n] = 1.0 if any(values) else 0.5
    return out


def _written(conversation: Conversation, picks: list[Candidate]) -> ChatAnswer:
    if not picks:
        return decline(conversation)
    lines = [c.line for c in picks]
    text = render(picks, conversation.language, conversation_names(conversation))
    first = picks[0] if len(picks) == 1 else None
    if first is not None and first.words <= SHORT_REPLY and first.line > 0:
        asked = conversation.lines[first.line - 1]
        if "?" in asked.text and asked.speaker != first.speaker:
            question = candidates(conversation, [asked.index], min_words=1)
            if question:
                text = f"{reported(question[-1].text, asked.speaker, conversation.language)} {text}"
                lines.append(asked.index)
    return ChatAnswer(text, cite(conversation, lines))
