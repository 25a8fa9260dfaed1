"""Chat: "how many people work the night shift?" is about the night shift; a count of people
said about something else does not answer it. A conversation written for this test, not taken
from any labelled set."""

from __future__ import annotations

from datetime import date

import pytest

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

NOT_COVERED = "The conversation does not cover that."
LEAD, MANAGER = "Tobias Wren", "Amara Lindqvist"
TURNS = [
    (LEAD, "Morning. Quick update on the Harrow depot before the board call."),
    (MANAGER, "Go ahead."),
    (LEAD, "We hired four people last month, and two of them already drive solo."),
    (MANAGER, "Good. How is the new loading bay?"),
    (LEAD, "It opened on Monday. Thirty trucks went through it on the first day."),
    (MANAGER, "And the safety training?"),
    (LEAD, "Nine people attended the forklift course on Friday, all passed."),
    (MANAGER, "Great work, thanks Tobias."),
]
DEPOT = Conversation(
    kind="meeting",
    title="Depot update",
    language="en",
    day=date(2026, 9, 14),
    speakers=(Speaker(LEAD, True), Speaker(MANAGER, True)),
    lines=tuple(Line(i, 7.0 * i, 7.0 * i + 6, s, t) for i, (s, t) in enumerate(TURNS)),
)


def _ask(question: str) -> str:
    vectors = embed([line.text for line in DEPOT.lines])
    return answer_question(DEPOT, Question(question), vectors).answer


@pytest.mark.parametrize(
    "question",
    ["How many people work the weekend shift?", "How many people attended the sales kickoff?"],
)
def test_a_count_about_something_never_said_is_declined(question: str) -> None:
    assert _ask(question) == NOT_COVERED


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How many people attended the forklift course?", "Nine"),
        ("How many people attended the safety training?", "Nine"),  # said in other words
        ("How many trucks went through the loading bay?", "Thirty"),
        ("How many people were hired?", "four"),
    ],
)
def test_counts_about_what_was_said(question: str, expected: str) -> None:
    assert expected.lower() in _ask(question).lower()


def test_english_once_counts_nothing() -> None:
    turns = [
        ("Petra Holm", "How is the Leeds site getting on with the new system?"),
        (
            "Jonah Reid",
            "They still print the pick lists. They'll switch once the new scanners come.",
        ),
        ("Petra Holm", "Fair enough. Anything else?"),
        ("Jonah Reid", "No, that's all from me."),
    ]
    call = Conversation(
        kind="call",
        title="Site check",
        language="en",
        day=date(2026, 9, 15),
        speakers=(Speaker("Petra Holm", True), Speaker("Jonah Reid", False)),
        lines=tuple(Line(i, 7.0 * i, 7.0 * i + 6, s, t) for i, (s, t) in enumerate(turns)),
    )
    vectors = embed([line.text for line in call.lines])
    answer = answer_question(call, Question("How many scanners did Leeds order?"), vectors)
    assert answer.answer == NOT_COVERED
