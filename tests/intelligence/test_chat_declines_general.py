"""Declines that generalize (issue 16, chatdecline): an answer must hold a value of the kind
asked, about what is asked; a near value of another kind or about another thing is no answer.
Each on a conversation written here, with an answerable guard."""

from __future__ import annotations

from tests.intelligence.chat_support import ask, conversation

NOT_COVERED = "The conversation does not cover that."


def _call(*lines: str) -> list[tuple[str, str]]:
    speakers = ("Priya Nandakumar", "Gordon Ellsworth")
    return [(speakers[i % 2], text) for i, text in enumerate(lines)]


RETRO = conversation(
    _call(
        "What went well this sprint?",
        "We shipped the export feature early, and uptime was ninety-nine point eight percent.",
        "And support?",
        "Support closed forty-two tickets, the most this quarter.",
    )
)


def test_a_percentage_or_a_spoken_decimal_counts_nothing() -> None:
    # "point" in "ninety-nine point eight" is no count of story points
    assert ask(RETRO, "How many story points did the team finish?") == NOT_COVERED
    assert "forty-two" in ask(RETRO, "How many tickets did support close?")


SITES = conversation(
    _call(
        "We run six clinics, and two of them, Elm Street and Harbor Road, still use paper.",
        "What's on the doors at those two?",
        "No idea. I'll get you the door counts for those two from our lead next week.",
        "And how many staff work at the clinics in total?",
        "About ninety staff across all six.",
    )
)


def test_a_number_pointing_back_counts_nothing_asked() -> None:
    assert ask(SITES, "How many doors are there at Elm Street?") == NOT_COVERED
    assert "ninety" in ask(SITES, "How many staff work at the clinics?")


RENEWAL = conversation(
    _call(
        "What are you paying Fernhill today?",
        "Fernhill charges us forty thousand a year for the whole group.",
        "And when does that end?",
        "The renewal is in March.",
    )
)


def test_a_rate_per_year_is_no_number_of_years() -> None:
    assert ask(RENEWAL, "How many years is the contract with Fernhill?") == NOT_COVERED
    term = conversation(_call("How long is the contract?", "It's a three-year contract."))
    assert "three" in ask(term, "How many years is the contract?")


DISCOUNT = conversation(
    _call(
        "Where did the other quotes land?",
        "Northwind came in at ninety dollars per seat, and you're at ninety-five after the "
        "discount you already gave us.",
        "And the term?",
        "Flat for the first year, then a four percent uplift each year.",
    )
)


def test_a_percentage_asked_wants_a_percentage_of_that() -> None:
    # neither the prices nor the uplift's percentage say what the discount was
    assert ask(DISCOUNT, "What discount percentage did they already get?") == NOT_COVERED
    given = conversation(_call("What discount did they get?", "We gave them twelve percent off."))
    assert "twelve" in ask(given, "What discount percentage did they get?")


LAB = conversation(
    _call(
        "What would help testing most?",
        "A device lab. If we had the budget, I'd buy eight phones tomorrow.",
        "And the cloud bill?",
        "The cloud bill is about four thousand dollars a month.",
    )
)


def test_a_count_of_things_is_no_price() -> None:
    assert ask(LAB, "How much budget would the device lab need?") == NOT_COVERED
    assert "four thousand" in ask(LAB, "How much is the cloud bill?")


DEAL = conversation(
    [
        ("Hedda Lindqvist", "Let's go through Marlowe Foods today."),
        ("Ravi Okafor", "We proposed ninety thousand pounds over two years."),
        ("Hedda Lindqvist", "And Brightpath?"),
        ("Ravi Okafor", "Brightpath is pitching their CFO hard."),
        ("Ines Soler", "Brightpath also runs a webinar for their finance team next week."),
        ("Hedda Lindqvist", "What does Brightpath do better?"),
        ("Ravi Okafor", "Brightpath has a native SAP connector."),
        ("Ines Soler", "And Brightpath is the name their CFO keeps bringing up."),
    ],
    kind="meeting",
)


def test_a_party_said_often_is_still_another_party() -> None:
    # Brightpath is said in most lines; our own price is not theirs
    assert ask(DEAL, "How much is Brightpath's quote in pounds?") == NOT_COVERED
    assert "ninety thousand" in ask(DEAL, "How much did we propose?")


BILLING = conversation(
    _call(
        "I'm opening a ticket for the refund now.",
        "Thanks. Where do I send the statement?",
        "To billing at larkspur dot net, with the case number I'll email you after the call.",
        "Okay. The refund is thirty dollars, right?",
        "Yes, thirty dollars, back within five days.",
    )
)


def test_a_number_asked_for_is_said_as_a_number() -> None:
    assert ask(BILLING, "What's her case number?") == NOT_COVERED
    said = conversation(
        _call("What's the order number?", "The order number is four eight two one three.")
    )
    assert "four eight two one three" in ask(said, "What is the order number?")


CHECKIN = conversation(
    _call(
        "Last time you mentioned overtime was a problem. Has that changed?",
        "Overtime is down about eighteen percent since June.",
        "Great. Anything bothering you?",
        "Only the mobile login, people get logged out every few days.",
    )
)


def test_a_question_of_the_talk_alike_only_in_meaning_answers_nothing() -> None:
    assert ask(CHECKIN, "Did they ask about pricing for next year's renewal?") == NOT_COVERED
    assert "logged out" in ask(CHECKIN, "What problem did they mention with the mobile login?")
