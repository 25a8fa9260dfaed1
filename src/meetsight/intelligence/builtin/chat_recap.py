"""An overview of the whole conversation for chat questions such as "Summarize the meeting",
"Give me a recap of the call" or "¿De qué se habló en la reunión?": the summary's own key points
(:mod:`summary_points`: sentences chosen for how well they cover the conversation, with the
figures worth telling), in reported speech, each cited to the line it comes from.

Chat used to write its own recap (the most central lines of five equal parts); the summary's key
points, opened by the summary's "The talk was about ..." sentence, cover the meeting better (QMSum
train, whole-meeting questions: docs/benchmarks.md), and
one recap for both keeps the summary and chat from telling the same meeting two ways. Questions
about a part ("summarize the discussion about pricing") are not recaps and never come here.
"""

from __future__ import annotations

import numpy as np

from meetsight.intelligence.builtin.chat_compose import written_answer
from meetsight.intelligence.builtin.summary import SUBJECTS, subjects_sentence
from meetsight.intelligence.builtin.summary_figures import choose_figures, merged
from meetsight.intelligence.builtin.summary_points import choose_points
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import ChatAnswer


def recap_answer(conversation: Conversation, vectors: np.ndarray) -> ChatAnswer:
    if not len(vectors):
        return ChatAnswer("")
    points, centre = choose_points(conversation, vectors, set())
    figures = choose_figures(conversation, vectors, set(), [c.text for c in points], centre)
    picks = merged(points, figures)
    if not picks:
        return ChatAnswer("")
    answer = written_answer(conversation, picks)
    subjects = subjects_sentence(conversation, SUBJECTS) if SUBJECTS else ""
    if not subjects:
        return answer
    return ChatAnswer(f"{subjects} {answer.answer}", answer.citations)
