"""Test helpers for the chat tests: a conversation written turn by turn, and a question asked
of it through the built-in engine."""

from __future__ import annotations

from datetime import date

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker


def conversation(
    turns: list[tuple[str, str]],
    language: str = "en",
    *,
    kind: str = "call",
    title: str = "Call",
    day: date = date(2026, 5, 4),
    seconds: float = 9.0,
) -> Conversation:
    """(speaker, text) turns, one starting every ``seconds``, each a second shorter than that;
    the speakers in the order they first speak, none of them the organization's."""
    names = list(dict.fromkeys(s for s, _ in turns))
    return Conversation(
        kind=kind,
        title=title,
        language=language,
        day=day,
        speakers=tuple(Speaker(n, False) for n in names),
        lines=tuple(
            Line(i, seconds * i, seconds * i + seconds - 1, s, t) for i, (s, t) in enumerate(turns)
        ),
    )


def ask(conversation: Conversation, question: str) -> str:
    """The engine's answer to ``question``, the conversation's lines embedded for it."""
    vectors: np.ndarray = embed([line.text for line in conversation.lines])
    return answer_question(conversation, Question(question), vectors).answer
