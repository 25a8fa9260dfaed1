"""Chat: what a demo, a quote or a salesperson comes "from" is a vendor, not a place.
A conversation written for this test, not taken from any labelled set."""

from __future__ import annotations

from datetime import date

from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.builtin.chat_slots import names_in, setting
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

SELLER, BUYER = "Hana Kowalski", "Mateus Ribeiro"
TURNS = [
    (SELLER, "Thanks for the time, Mateus. How do you schedule the cleaning crews today?"),
    (BUYER, "On a shared spreadsheet. It breaks every time someone is off sick."),
    (SELLER, "Have you looked at any other options?"),
    (BUYER, "We got a quote from Crewly in March. It was fine, but it was per site, not per user."),
    (BUYER, "Our crews work out of the depot in Leeds, and a few from Bradford."),
    (SELLER, "Understood. Our pricing is per user, so the small sites cost less."),
]
CALL = Conversation(
    kind="call",
    title="Crew scheduling discovery",
    language="en",
    day=date(2026, 6, 3),
    speakers=(Speaker(SELLER, False), Speaker(BUYER, False)),
    lines=tuple(Line(i, 9.0 * i, 9.0 * i + 8, s, t) for i, (s, t) in enumerate(TURNS)),
)


def test_a_quote_from_a_name_is_a_vendor() -> None:
    kinds = dict(names_in(TURNS[3][1], setting(CALL), set()))
    assert kinds["Crewly"] == "thing"
    places = dict(names_in(TURNS[4][1], setting(CALL), set()))
    assert places["Leeds"] == "place"


def test_which_vendor_they_looked_at() -> None:
    vectors = embed([line.text for line in CALL.lines])
    answer = answer_question(CALL, Question("Which other vendor did they consider?"), vectors)
    assert "Crewly" in answer.answer


LOST = Conversation(
    kind="meeting",
    title="Decision call",
    language="en",
    day=date(2026, 6, 10),
    speakers=(Speaker(SELLER, False), Speaker(BUYER, False)),
    lines=tuple(
        Line(i, 9.0 * i, 9.0 * i + 8, s, t)
        for i, (s, t) in enumerate(
            [
                (SELLER, "Thanks for telling us in person. What tipped it?"),
                (
                    BUYER,
                    "Mostly budget. Tidyroster quoted eight hundred a month, you were at twelve.",
                ),
                (BUYER, "And their mobile app was simpler for the crews."),
                (SELLER, "Understood. If anything changes, you know where we are."),
            ]
        )
    ),
)


def test_the_price_of_a_vendor_named_by_its_part() -> None:
    vectors = embed([line.text for line in LOST.lines])
    answer = answer_question(LOST, Question("How much cheaper was the competitor?"), vectors)
    assert "eight hundred" in answer.answer
