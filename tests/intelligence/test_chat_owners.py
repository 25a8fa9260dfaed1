"""Whose figure a sentence gives (chat_owners), and chat answers that depend on it, on
conversations written for these tests."""

from __future__ import annotations

import pytest
from test_chat import NOT_COVERED, ask, make_conversation

from meetsight.intelligence.builtin.chat_owners import figure_elsewhere


@pytest.mark.parametrize(
    ("question", "named", "sentence", "before", "money", "elsewhere"),
    [
        # a comparison: the party asked about is only what the figure is compared with
        (
            "How much do they pay Tallyhub?",
            {"tallyhub"},
            "Nine hundred, that's almost triple what we pay Tallyhub.",
            "",
            True,
            True,
        ),
        (
            "How much do they pay Tallyhub?",
            {"tallyhub"},
            "We pay Tallyhub nine hundred.",
            "",
            True,
            False,
        ),
        # another part of the organisation pays it
        (
            "How much does the retail arm pay per seat?",
            set(),
            "Today the wholesale side pays four dollars per seat.",
            "",
            True,
            True,
        ),
        (
            "How much does the wholesale side pay per seat?",
            set(),
            "Today the wholesale side pays four dollars per seat.",
            "",
            True,
            False,
        ),
        # a request is not an offer
        (
            "What discount did Corvex offer them?",
            {"corvex"},
            "They pushed for fifteen percent off the renewal.",
            "",
            False,
            True,
        ),
        (
            "What discount did Corvex offer them?",
            {"corvex"},
            "Corvex offered them fifteen percent off the renewal.",
            "",
            False,
            False,
        ),
        (
            "¿Qué descuento ofreció Corvex?",
            {"corvex"},
            "Nos pidieron un quince por ciento.",
            "",
            False,
            True,
        ),
        # a figure that counts what was asked for
        (
            "¿Cuánto pagan por el sistema?",
            set(),
            "Unos treinta mil.",
            "¿Cuántos socios tiene la cooperativa?",
            True,
            True,
        ),
        ("¿Cuánto pagan por el sistema?", set(), "Unos treinta mil euros.", "", True, False),
    ],
)
def test_whose_figure(
    question: str, named: set[str], sentence: str, before: str, money: bool, elsewhere: bool
) -> None:
    spanish = question.startswith("¿")
    assert (
        figure_elsewhere(question, named, sentence, before, money, sentence, spanish) is elsewhere
    )


RENEWAL = make_conversation(
    "en",
    [
        ("Ivo Brandt", "Thanks for joining, this is Ivo from Quillfield."),  # 0
        ("Marta Ruiz", "Hi Ivo. Our finance team uses Tallyhub for invoices today."),  # 1
        ("Ivo Brandt", "What would it take to move you over?"),  # 2
        ("Marta Ruiz", "Mostly the price. Tallyhub is cheap but it breaks every month."),  # 3
        ("Ivo Brandt", "For your volume Quillfield would be four ninety a month."),  # 4
        ("Marta Ruiz", "Four ninety, that's almost double what we pay Tallyhub."),  # 5
        ("Ivo Brandt", "Understood. The logistics side pays three dollars per user today."),  # 6
        ("Marta Ruiz", "Right, and Corvex came by last week as well."),  # 7
        ("Marta Ruiz", "We asked them for twenty percent off to switch this quarter."),  # 8
        ("Ivo Brandt", "Twenty is a lot, but I can check with my manager."),  # 9
    ],
    seller="Ivo Brandt",
    title="Invoices renewal",
)


def test_a_figure_compared_with_another_vendor_is_not_that_vendors() -> None:
    answer, _ = ask(RENEWAL, "How much does Marta's team pay Tallyhub per month?")
    assert answer == NOT_COVERED


def test_a_discount_asked_for_is_not_one_a_competitor_offered() -> None:
    answer, _ = ask(RENEWAL, "What discount did Corvex offer them?")
    assert answer == NOT_COVERED


def test_the_vendors_own_price_answers_what_it_would_cost() -> None:
    answer, lines = ask(RENEWAL, "What would Quillfield cost per month?")
    assert "four ninety" in answer.lower() and 4 in lines


PIPELINE = make_conversation(
    "en",
    [
        ("Nadia Okoro", "Let's go deal by deal. Femi, begin with Harbourline."),  # 0
        ("Femi Adams", "Sure. Harbourline, two hundred and forty thousand, it's in commit."),  # 1
        ("Femi Adams", "Legal wants one more pass on the data terms."),  # 2
        ("Nadia Okoro", "Fine. Then Ostwick, where are we?"),  # 3
        ("Femi Adams", "Ostwick is at ninety thousand, still best case."),  # 4
        ("Nadia Okoro", "Harbourline has to sign by the twentieth."),  # 5
    ],
    seller="Nadia Okoro",
    title="Pipeline review",
)


def test_a_deal_named_first_on_the_agenda_is_not_the_subject() -> None:
    answer, lines = ask(PIPELINE, "How much is the Harbourline deal worth?")
    assert "two hundred and forty thousand" in answer and 1 in lines
