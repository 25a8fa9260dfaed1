"""Chat: a question passed on without its "?" ("Kofi wants to know how long setup takes") is
answered by the reply; "how much did X raise / cut ..." takes a percentage as its answer.
Conversations written for these tests, not taken from any labelled set."""

from __future__ import annotations

from datetime import date

from chat_support import ask, conversation

NOT_COVERED = "The conversation does not cover that."


HOST, EXPERT = "Noor Haddad", "Felix Amundsen"
WEBINAR = conversation(
    [
        (HOST, "Welcome back. We have time for a few questions from the chat."),
        (EXPERT, "Great, let's go."),
        (HOST, "Kofi wants to know how long the hardware setup takes."),
        (EXPERT, "For one warehouse it's about three days, including the scanner pairing."),
        (HOST, "Next, Ines asks whether the scanners work in freezers."),
        (EXPERT, "Yes, they are rated down to minus thirty degrees."),
        (HOST, "Someone is wondering which carriers you connect to."),
        (EXPERT, "Today we connect to DHL, UPS and GLS."),
        (HOST, "Your support plan was more expensive this year, wasn't it?"),
        (EXPERT, "Yes, it went up twelve percent, and it came with the mobile app."),
        (HOST, "Thanks, Felix. That's all for today."),
    ],
    kind="meeting",
    title="Q&A",
    day=date(2026, 4, 14),
    seconds=8.0,
)


def test_a_relayed_question_is_answered_by_the_reply() -> None:
    answer = ask(WEBINAR, "How long does the hardware setup take?")
    assert "three days" in answer


def test_relayed_question_in_the_middle_of_others() -> None:
    assert "thirty" in ask(WEBINAR, "Do the scanners work in freezers?")


def test_a_change_asked_as_how_much_takes_a_percentage() -> None:
    assert "twelve percent" in ask(WEBINAR, "How much did they raise the support plan price?")


def test_unrelated_question_still_declined() -> None:
    assert ask(WEBINAR, "How many trucks does Kofi's company run?") == NOT_COVERED
