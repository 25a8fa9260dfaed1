"""Chat retrieval stems: a short past form meets its verb ("fixed" / "fix", "asked" / "ask");
words that only end like one stay whole. The conversation is written for this test."""

from __future__ import annotations

from datetime import date

import pytest

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.builtin.chat_passages import stem
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker


@pytest.mark.parametrize(
    ("a", "b"), [("fixed", "fix"), ("asked", "ask"), ("owned", "own"), ("mixed", "mix")]
)
def test_short_past_meets_its_verb(a: str, b: str) -> None:
    assert stem(a) == stem(b)


@pytest.mark.parametrize(("a", "b"), [("speed", "spent"), ("used", "us"), ("shed", "she")])
def test_other_words_stay_apart(a: str, b: str) -> None:
    assert stem(a) != stem(b)


def test_when_will_it_be_fixed() -> None:
    turns = [
        ("Ruth Adair", "How are the crews finding the app since the rollout?"),
        ("Colm Byrne", "Mostly fine. The sync on older phones drops every afternoon, though."),
        ("Ruth Adair", "Yes, our developers ship that fix in the April release."),
        ("Colm Byrne", "Good. The drivers also like the new route view."),
    ]
    call = Conversation(
        kind="call",
        title="Check-in",
        language="en",
        day=date(2026, 2, 2),
        speakers=(Speaker("Ruth Adair", True), Speaker("Colm Byrne", False)),
        lines=tuple(Line(i, 6.0 * i, 6.0 * i + 5, s, t) for i, (s, t) in enumerate(turns)),
    )
    vectors = embed([line.text for line in call.lines])
    answer = answer_question(call, Question("When will the sync problem be fixed?"), vectors)
    assert "April" in answer.answer
