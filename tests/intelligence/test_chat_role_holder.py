"""Chat: "Who is their X?" asks who holds the role; the role said again does not answer it,
a name given with it does. A conversation written for this test."""

from __future__ import annotations

from datetime import date

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

NOT_COVERED = "The conversation does not cover that."
TURNS = [
    ("Selma Vog", "Quick pipeline check. Where are we with Brightwater Foods?"),
    ("Idris Kane", "I spoke with their procurement manager on Tuesday, the order is in review."),
    ("Selma Vog", "And the budget side?"),
    ("Idris Kane", "Their CFO, Gregory Hale, signed off the budget last week."),
    ("Selma Vog", "Good. Anything blocking?"),
    ("Idris Kane", "Only the security questionnaire, which their IT team is filling in."),
]
REVIEW = Conversation(
    kind="meeting",
    title="Pipeline check",
    language="en",
    day=date(2026, 5, 20),
    speakers=(Speaker("Selma Vog", True), Speaker("Idris Kane", True)),
    lines=tuple(Line(i, 8.0 * i, 8.0 * i + 7, s, t) for i, (s, t) in enumerate(TURNS)),
)


def _ask(question: str) -> str:
    vectors = embed([line.text for line in REVIEW.lines])
    return answer_question(REVIEW, Question(question), vectors).answer


def test_the_role_said_again_is_no_answer() -> None:
    assert _ask("Who is their procurement manager?") == NOT_COVERED


def test_a_name_given_with_the_role_answers() -> None:
    assert "Gregory" in _ask("Who is their CFO?")
