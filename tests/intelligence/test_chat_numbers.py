"""Chat on spoken figures: numbers written as words by speech recognition, amounts said with no
currency sign, counts with the thing counted away from the figure, and questions that name a
price or a fee (on conversations written for these tests)."""

from __future__ import annotations

import pytest
from test_chat import NO_TRATA, NOT_COVERED, ask, make_conversation

from meetsight.intelligence.builtin.chat_numbers import number_runs
from meetsight.intelligence.builtin.chat_question import Slot, _slot
from meetsight.intelligence.builtin.text import fold


@pytest.mark.parametrize(
    ("sentence", "money", "counted"),
    [
        ("it comes to two sixty five a month for the whole team", ["two sixty five"], []),
        ("Setecientos mil pesos por sede al año.", ["setecientos mil"], []),
        ("we'd need about forty two trucks on day one", [], ["forty two"]),
        ("a three-year term with a ninety day exit", [], ["three", "ninety"]),
        ("We could live with net 30.", [], []),
        ("roughly twelve hundred bucks up front", ["twelve hundred"], []),
    ],
)
def test_number_runs_tell_money_from_counts(
    sentence: str, money: list[str], counted: list[str]
) -> None:
    runs = number_runs(sentence)
    assert [r.text for r in runs if r.money] == money
    assert [r.text for r in runs if r.counted] == counted


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("What price did Vexa quote the district?", Slot.MONEY),
        ("What fee did the broker charge them?", Slot.MONEY),
        ("What discount did they offer to renew?", Slot.SHARE),
        ("What payment terms did the supplier offer?", Slot.SHARE),
        ("¿Cuánto les cobró la agencia?", Slot.MONEY),
        ("¿De cuánto fue la factura de marzo?", Slot.MONEY),
        ("¿Qué precio les ofrecieron?", Slot.MONEY),
    ],
)
def test_a_question_that_names_a_price_asks_for_an_amount(question: str, slot: Slot) -> None:
    assert _slot(fold(question).strip(" ¿?"))[0] is slot


ORCHARD = make_conversation(
    "en",
    [
        ("Nadia Brooks", "thanks for jumping on um so tell me about the orchard"),  # 0
        ("Owen Castellanos", "yeah so we've got five pickers crews and the farm stand"),  # 1
        ("Nadia Brooks", "and how many visitors come through in a season"),  # 2
        ("Owen Castellanos", "visitors in a good season is like thirty one hundred or so"),  # 3
        ("Owen Castellanos", "right now we use a paper ledger and a cash box honestly"),  # 4
        ("Nadia Brooks", "okay for your size the standard plan is two sixty five a month"),  # 5
        ("Owen Castellanos", "two sixty five okay that works if it does the farm stand too"),  # 6
        ("Nadia Brooks", "it does and the first two weeks are free to try"),  # 7
        ("Owen Castellanos", "then i'll get my daughter to set it up this weekend"),  # 8
        ("Owen Castellanos", "we had harvestly in last fall they took three weeks to even call"),
        ("Nadia Brooks", "yeah we hear that a lot and we can have you live in two days"),  # 10
    ],
    seller="Nadia Brooks",
)


def test_a_spoken_monthly_price_is_an_amount() -> None:
    text, lines = ask(ORCHARD, "What would the standard plan cost per month?")
    assert "two sixty five" in text and 5 in lines


def test_a_count_with_the_thing_counted_before_the_figure() -> None:
    text, lines = ask(ORCHARD, "How many visitors does the orchard get in a season?")
    assert "thirty one hundred" in text and 3 in lines


def test_a_price_asked_of_a_sentence_without_an_amount_is_declined() -> None:
    text, _ = ask(ORCHARD, "What price did Harvestly quote the orchard?")
    assert text == NOT_COVERED


CONSTRUCTORA = make_conversation(
    "es",
    [
        ("Lucía Ferrer", "Gracias por recibirnos. ¿Cómo llevan hoy la obra?"),  # 0
        ("Tomás Ibarra", "Con hojas de cálculo. El año pasado tuvimos una inspección dura."),
        ("Lucía Ferrer", "¿Y con qué proveedor trabajan las nóminas?"),  # 2
        ("Tomás Ibarra", "Con una gestoría del barrio, nos hace las nóminas cada mes."),  # 3
        ("Lucía Ferrer", "Entiendo. ¿Cuántas obras tienen abiertas?"),  # 4
        ("Tomás Ibarra", "Ahora mismo, once obras, y dos más en septiembre."),  # 5
        ("Lucía Ferrer", "¿Han mirado otras soluciones?"),  # 6
        ("Tomás Ibarra", "Otra empresa nos ofreció su sistema, novecientos euros al mes."),  # 7
    ],
    seller="Lucía Ferrer",
)


def test_spanish_fee_of_someone_never_priced_is_declined() -> None:
    text, _ = ask(CONSTRUCTORA, "¿Cuánto les cobra la gestoría por las nóminas?")
    assert text == NO_TRATA


def test_spanish_amount_in_words_with_currency() -> None:
    text, lines = ask(CONSTRUCTORA, "¿Cuánto les ofreció la otra empresa al mes?")
    assert "novecientos" in text and 7 in lines


REVIEW = make_conversation(
    "en",
    [
        ("Petra Lindgren", "Before we wrap, the pen test summary."),  # 0
        ("Marco Ruiz", "On our side, I'll send you the ISO 27001 Stage Two letter tonight."),  # 1
        ("Petra Lindgren", "Thanks. Anneliese will review the letter next week, she runs audit."),
        ("Marco Ruiz", "Great, and the pricing sheet comes from our partner team."),  # 3
    ],
    seller="Marco Ruiz",
)


def test_who_prefers_a_name_said_doing_it_over_a_speaker_speaking_for_themselves() -> None:
    text, lines = ask(REVIEW, "Who will review the ISO letter?")
    assert "Anneliese" in text and 2 in lines


OBRA = make_conversation(
    "es",
    [
        ("Inés Robles", "Vamos con el reparto del proyecto de la biblioteca."),  # 0
        ("Inés Robles", "Ramiro, el estudio de costes."),  # 1
        ("Ramiro Lago", "Tengo el estudio de costes listo el jueves, con tres escenarios."),  # 2
        ("Inés Robles", "Me parece bien. Algún día haremos una plantilla de estudio de costes."),
    ],
    seller="Inés Robles",
)


def test_spanish_who_is_the_speaker_saying_they_do_it_not_me_parece() -> None:
    text, lines = ask(OBRA, "¿Quién prepara el estudio de costes?")
    assert "Ramiro" in text and 2 in lines


@pytest.mark.parametrize(
    "question",
    [
        "What caused the billing delay?",
        "What led to the churn in March?",
        "What was the root cause of the crash?",
        "¿Qué causó la caída del servidor?",
    ],
)
def test_a_cause_is_asked_like_why(question: str) -> None:
    from meetsight.intelligence.builtin.chat_question import plan_question
    from meetsight.intelligence.conversation import Question

    assert plan_question(Question(question), ORCHARD).kind == "discussion"
