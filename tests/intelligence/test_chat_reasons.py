"""Chat: a why-question is answered with the reason, said by the side that knows it. The reply
to the conversation's own asking for the reason ("What made you start looking now?") counts
for "Why are they looking now?", over every turn of that reply; a sentence giving a reason
("because", "since", "porque") weighs more. Conversations written for these tests, not taken
from any labelled set."""

from __future__ import annotations

from chat_support import ask, conversation

SELLER, BUYER, CTO = "Priya Castellano", "Jonas Whitfield", "Mireille Okafor"
BAKERY = conversation(
    [
        (SELLER, "Good morning both. Is the weather holding up over there in Leeds?"),
        (BUYER, "Barely, it has rained all week. Mireille is here too, she runs our systems."),
        (SELLER, "Great. I won't demo anything today, I'd rather understand your setup."),
        (SELLER, "So what made you start looking at ordering software at this point?"),
        (BUYER, "Two things, really. A supermarket chain in Bradford dropped their supplier"),
        (CTO, "after a batch of mislabelled allergens went out, and it made the news."),
        (BUYER, "And second, our biggest retail customer now wants electronic order files."),
        (SELLER, "Understood. How many shops do you deliver to each morning?"),
        (BUYER, "About a hundred and forty, from two ovens in Headingley."),
        (SELLER, "And today the orders come in by phone and email?"),
        (CTO, "Mostly phone. We type them into a spreadsheet at four in the morning."),
        (SELLER, "That sounds painful. I'll send a short plan after the call."),
    ]
)


def test_reply_to_the_reason_asked_answers_why() -> None:
    answer = ask(BAKERY, "Why are they changing how they take orders?").lower()
    assert "allergen" in answer


def test_reason_told_over_several_turns() -> None:
    answer = ask(BAKERY, "What triggered the search for new software?").lower()
    assert "allergen" in answer and "electronic order" in answer


def test_why_about_a_name_never_said_is_declined() -> None:
    answer = ask(BAKERY, "Why did they close the Wakefield bakery?").lower()
    assert "does not cover" in answer
