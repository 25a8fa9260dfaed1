"""Chat answers over one conversation, written as text with citations to the moments they rest
on.

How a question is answered depends on what it asks (:mod:`chat_question`):

* a recap of the whole conversation ("Summarize the meeting") gets an overview
  (:func:`chat_recap.recap_answer`);
* a question about a discussion ("Summarize the discussion about X", "What did Marketing think
  of X?", "Why did the group ...?"), and any open question in a conversation of
  ``LONG_CONVERSATION`` lines or more, gets a paragraph of about ``DISCUSSION_WORDS`` words:
  the stretch of talk it points to is located (:mod:`chat_passages`; every stretch when it asks
  to summarize), and the sentences that best cover the question within it, with the speakers
  it names first, are chosen without repeating themselves and told in reported speech
  (:mod:`chat_compose`) after a lead sentence in the question's words ("The group discussed
  the buttons.");
* a factual question (who, when, how many, how much, which...) and any other question get the
  sentence or two that answer it (:mod:`chat_facts`), or "The conversation does not cover
  that." when nothing in the conversation supports an answer.

A discussion sentence's score: ``FOCUS_WEIGHT`` times its cosine to the question's topic words,
``CENTRAL_WEIGHT`` times its cosine to the mean of the candidates, ``LEXICAL_WEIGHT`` times
the share of the question's words it says, ``SPEAKER_WEIGHT`` when a speaker the question names
said it, ``LINE_WEIGHT`` times its line's relevance, less ``QUESTION_PENALTY`` for a question
(weights tuned on QMSum train: docs/benchmarks.md).

The answer is in the conversation's language; its citations give each moment's line, speaker
and start time.
"""

from __future__ import annotations

import re

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat_compose import (
    Candidate,
    candidates,
    choose,
    written_answer,
)
from meetsight.intelligence.builtin.chat_facts import decline, short_answer
from meetsight.intelligence.builtin.chat_passages import (
    line_index,
    query_terms,
    relevance,
    stretches,
    terms,
)
from meetsight.intelligence.builtin.chat_question import Plan, plan_question
from meetsight.intelligence.builtin.chat_recap import recap_answer
from meetsight.intelligence.builtin.chat_scope import FOLLOWED_WEIGHT
from meetsight.intelligence.builtin.prototypes import embed_one
from meetsight.intelligence.builtin.reported import speaker_label
from meetsight.intelligence.builtin.stopwords import wordset
from meetsight.intelligence.builtin.text import fold
from meetsight.intelligence.conversation import Conversation, Question
from meetsight.intelligence.results import ChatAnswer

DISCUSSION_WORDS = 70  # about the length of a written paragraph on one topic
MAX_LINES = 40  # lines of the stretch whose sentences are candidates
MAX_CANDIDATES = 120  # sentences embedded per answer (about 0.2 s)
LONG_CONVERSATION = 100  # lines from which an open question is answered as a discussion
FOCUS_WEIGHT = 1.0
CENTRAL_WEIGHT = 0.3
LEXICAL_WEIGHT = 0.5
SPEAKER_WEIGHT = 0.8
LINE_WEIGHT = 0.3
QUESTION_PENALTY = 0.15  # a question reports what was asked, not what was said about it
STRETCH_SHARE = 0.6
MAX_STRETCHES = 3  # "summarize the discussion about X" covers every passage about X
# (on QMSum train, one stretch scores 0.5 ROUGE-1 more for "summarize" questions and 0.7
# more for the others: all passages only where the question asks for all of them)
RIVAL_PEAK = 0.5
STRONG_WITHIN = 0.15


def answer_question(
    conversation: Conversation, question: Question, vectors: np.ndarray
) -> ChatAnswer:
    if not conversation.lines or not question.text.strip():
        return decline(conversation)
    plan = plan_question(question, conversation)
    if plan.kind == "recap":
        return recap_answer(conversation, vectors)
    if plan.kind == "discussion" or (
        plan.kind == "open" and len(conversation.lines) >= LONG_CONVERSATION
    ):
        return discussion_answer(conversation, plan, vectors)
    return short_answer(conversation, plan, vectors)


def _located_text(plan: Plan) -> str:
    return " ".join(p for p in (plan.focus, plan.context) if p) or plan.text


def discussion_answer(conversation: Conversation, plan: Plan, vectors: np.ndarray) -> ChatAnswer:
    """A paragraph on the stretch of talk the question points to."""
    if plan.cause and _names_unsaid(conversation, plan):
        return decline(conversation)  # before any embedding: nothing is looked for
    located = _located_text(plan)
    qvec = embed_one(located)
    wanted = query_terms(located, conversation.language)
    if plan.lead:
        # a follow-up ("Why did they go with them?"): its own words, and the name its
        # pronoun stands for, over the question it follows
        lead_terms = set(terms(plan.lead, conversation.language))
        wanted = {t: (w if t in lead_terms else FOLLOWED_WEIGHT * w) for t, w in wanted.items()}
    scores, _ = relevance(conversation, vectors, qvec, wanted, plan.speakers)
    index = line_index(conversation)
    replies: set[int] = set()
    if plan.cause:
        scores, replies = _exchange_replies(conversation, vectors, embed_one(plan.text), scores)
    peaks = MAX_STRETCHES if plan.summarize else 1  # other questions: the one stretch
    found = stretches(scores, index.weight, STRETCH_SHARE, peaks, RIVAL_PEAK)
    # The stretches, and the lines that match best wherever they are (in a short
    # conversation the window covers it all; a topic may come back for one line).
    best = float(scores.max())
    strong = np.flatnonzero(scores >= best - STRONG_WITHIN)[:MAX_LINES].tolist()
    inside = np.asarray(
        sorted({i for a, b in found for i in range(a, b)} | set(strong)), dtype=np.int64
    )
    top = inside[np.argsort(-scores[inside], kind="stable")[:MAX_LINES]]
    pool = candidates(conversation, top.tolist())
    if not pool:
        pool = candidates(conversation, top.tolist(), min_words=1)
    if not pool:
        return decline(conversation)
    pool = _best(pool, scores)[:MAX_CANDIDATES]
    svecs = embed([c.text for c in pool])
    focus = embed_one(plan.focus) if plan.focus else qvec
    centroid = svecs.mean(axis=0)
    centroid /= max(float(np.linalg.norm(centroid)), 1e-9)
    wanted = query_terms(located, conversation.language)
    lex = np.asarray(
        [
            len(wanted.keys() & set(terms(c.text, conversation.language))) / max(1, len(wanted))
            for c in pool
        ],
        dtype=np.float32,
    )
    own = np.asarray([c.speaker in plan.speakers for c in pool], dtype=np.float32)
    asks = np.asarray([c.text.endswith("?") for c in pool], dtype=np.float32)
    line_scores = np.asarray([scores[c.line] for c in pool], dtype=np.float32)
    reasons = np.asarray(
        [plan.cause and bool(_REASON.search(fold(c.text))) for c in pool], dtype=np.float32
    ) + np.asarray([c.line in replies for c in pool], dtype=np.float32)
    sentence_scores = (
        FOCUS_WEIGHT * (svecs @ focus)
        + CENTRAL_WEIGHT * (svecs @ centroid)
        + LEXICAL_WEIGHT * lex
        + SPEAKER_WEIGHT * own
        + LINE_WEIGHT * line_scores
        - QUESTION_PENALTY * asks
        + REASON_WEIGHT * reasons
    )
    picks = choose(pool, sentence_scores, svecs, DISCUSSION_WORDS)
    answer = written_answer(conversation, [pool[i] for i in picks])
    lead = _lead(plan, conversation.language)
    if lead and LEAD:
        return ChatAnswer(f"{lead} {answer.answer}", answer.citations)
    return answer


# A why-question's answer is the reason said near its topic: a sentence giving one weighs more.
REASON_WEIGHT = 0.15  # (and as much again for a reply to the reason asked)
_REASON = re.compile(
    r"\b(?:because|cause[sd]?|caused by|since|the reason|reasons?|so that|due to|thanks to|"
    r"ever since|after|led to|leads to|triggered|root cause|that's why|which is why|that is why|"
    r"(?:two|three|four) things|first|porque|por eso|ya que|debido a|a raiz de|desde que|"
    r"la razon|el motivo|motivo|causa|provoco|por culpa de|dos cosas|tres cosas)\b"
)
# A question asked in the conversation for the same reason ("What triggered looking at this
# now?" for "Why are they looking at this now?", "Would you share what tipped it?" for "Why did
# they go with them?") is answered by the turns after it, up to the asker's next turn: an answer
# told over several turns ("Three things. Price ...", "The second was Opera ...", "And the
# third was timing ..."). Of the questions that ask for a reason, those closest to the user's.
_ASKS_REASON = re.compile(
    r"\bwhy\b|\bhow come\b|\bwhat (?:\w+ )?(?:triggered|tipped|prompted|drove|caused|led to|"
    r"made|happened|went wrong|changed)\b|\breasons?\b|\broot cause\b|\bpor que\b|"
    r"\bque (?:paso|causo|provoco|cambio)\b|\bmotivo\b|\brazon\b"
)
REPLY_COSINE = 0.0  # the least cosine of such a question to the user's
REPLY_WITHIN = 0.25  # ... and within this of the closest one
REPLY_TURNS = 4
REPLY_WEIGHT = 0.95  # of the best line's relevance


def _names_unsaid(conversation: Conversation, plan: Plan) -> bool:
    """A name the question asks about ("Why did they close the Monterrey branch?") that the
    conversation never says: the reason asked is not in it either."""
    said = fold(" ".join(line.text for line in conversation.lines))
    joined = said.replace(" ", "")
    return any(
        fold(name) not in said and fold(name).replace(" ", "") not in joined
        for name in plan.entities
    )


def _exchange_replies(
    conversation: Conversation, vectors: np.ndarray, qvec: np.ndarray, scores: np.ndarray
) -> tuple[np.ndarray, set[int]]:
    """``scores`` with the replies to the conversation's own asking for the reason raised,
    and those replies' lines."""
    lines = conversation.lines
    if not len(scores):
        return scores, set()
    asked = vectors @ qvec
    asks = [
        i
        for i, line in enumerate(lines)
        if any(_ASKS_REASON.search(fold(s)) for s in re.findall(r"[^.!?]*\?", line.text))
    ]
    if not asks:
        return scores, set()
    closest = max(float(asked[i]) for i in asks)
    out = scores.copy()
    top = float(scores.max())
    replies: set[int] = set()
    for i in asks:
        if float(asked[i]) < max(REPLY_COSINE, closest - REPLY_WITHIN):
            continue
        for j in range(i + 1, min(len(lines), i + 1 + REPLY_TURNS)):
            if lines[j].speaker == lines[i].speaker:
                break
            out[j] = max(float(out[j]), REPLY_WEIGHT * top)
            replies.add(j)
    return out, replies


LEAD = 2
_NOT_A_TOPIC = wordset(
    """what which who whom why how when where whether with without by for from to in on at
    describe explain tell que quien cual como cuando donde por para con sin"""
)


def _lead(plan: Plan, language: str) -> str:
    """A sentence that says what the paragraph is about, in the question's words."""
    topic = plan.topic
    first = topic.split(" ", 1)[0].lower() if topic else ""
    if not topic or len(topic.split()) > 25 or first in _NOT_A_TOPIC or topic == plan.text:
        return ""
    if language == "es":
        return f"Se habló de {topic}."
    if LEAD == 2 and plan.speakers:
        label = speaker_label(plan.speakers[0])
        return f"{label[:1].upper()}{label[1:]} talked about {topic}."
    return f"The group discussed {topic}."


def _best(pool: list[Candidate], scores: np.ndarray) -> list[Candidate]:
    """The pool ordered by its lines' relevance (stable: transcript order among equals)."""
    return sorted(pool, key=lambda c: -float(scores[c.line]))
