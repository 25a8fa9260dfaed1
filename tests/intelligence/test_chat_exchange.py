"""Chat answers that hold on conversations the engine was not tuned on (issue 16, chatns):
the type of answer asked for, the exchange a value is said in, follow-ups, and declining. The
conversations are written for these tests."""

from __future__ import annotations

import pytest
from test_chat import NO_TRATA, NOT_COVERED, ask, make_conversation

from meetsight.intelligence.builtin.chat_question import Slot, counted_head, plan_question
from meetsight.intelligence.conversation import Question

BAKERY = make_conversation(
    "en",
    [
        ("Rosa Vidal", "Thanks for calling Crumbline support, this is Rosa."),  # 0
        ("Ahmed Khan", "Hi Rosa, Ahmed from Saltmarsh Bakery. Our card terminal stopped syncing."),
        ("Rosa Vidal", "Which terminal is it?"),  # 2
        ("Ahmed Khan", "The one at the Harbour Street shop. The Millbank shop is fine."),  # 3
        ("Rosa Vidal", "I can see the sync token expired on Monday."),  # 4
        ("Rosa Vidal", "The orders from Monday onwards are coming in now. Ninety-two of them."),
        ("Ahmed Khan", "Brilliant. Also, the pastry chef said the oven timer app logs him out."),
        ("Rosa Vidal", "That's a different product, sorry. The baking team there is small."),  # 7
        ("Ahmed Khan", "Fair enough. The evening crew could use the new tablets, maybe."),  # 8
        ("Rosa Vidal", "Our developers are going to ship offline mode in the spring release."),
        ("Ahmed Khan", "We were charged twice in April, forty pounds each time."),  # 10
        ("Rosa Vidal", "Yes, I've refunded the second one just now."),  # 11
        ("Ahmed Khan", "The new firmware is valid until 2029, the installer told me."),  # 12
        ("Rosa Vidal", "Good. Our two depots are Leith and Govan, if you ever need a part."),
    ],
    seller="Rosa Vidal",
    title="Crumbline support",
)


@pytest.mark.parametrize(
    ("question", "value", "line"),
    [
        # "N of them": the thing counted is in the sentence before
        ("How many orders came through?", "ninety-two", 5),
        # a change with "how much" wants an amount or a share
        ("How much were they overcharged?", "forty pounds", 10),
        # a year is a date
        ("Until when is the firmware valid?", "2029", 12),
        # a list after a place noun names places
        ("Where are the depots?", "leith", 13),
    ],
)
def test_values_said_in_their_exchange(question: str, value: str, line: int) -> None:
    answer, lines = ask(BAKERY, question)
    assert value in answer.lower() and line in lines


@pytest.mark.parametrize(
    "question",
    [
        # "How many X <verb>": the noun is what is counted, not the verb ("five working days")
        "How many bakers work at Saltmarsh?",
        # a hypothetical count ("could use the new tablets") counts nothing there is
        "How many tablets did the evening crew order?",
        # a promise is no answer to "when was"
        "When was the last terminal update?",
    ],
)
def test_declines_what_the_conversation_does_not_say(question: str) -> None:
    answer, lines = ask(BAKERY, question)
    assert answer == NOT_COVERED and not lines


def test_the_other_one_leaves_out_only_the_value_given() -> None:
    first, _ = ask(BAKERY, "Which shop has the problem?")
    assert "Harbour Street" in first
    answer, _ = ask(BAKERY, "And the other shop?", (("Which shop has the problem?", first),))
    assert "Millbank" in answer


def test_a_typed_question_with_give_is_a_fact_not_a_discussion() -> None:
    plan = plan_question(Question("What discount did Corvex give them?"), BAKERY)
    assert plan.kind == "fact" and plan.slot is Slot.SHARE


def test_a_question_naming_its_own_subject_is_no_follow_up() -> None:
    history = (("Which shop has the problem?", "Ahmed Khan said the Harbour Street shop."),)
    plan = plan_question(Question("What discount did Corvex give them?", history), BAKERY)
    assert "shop" not in plan.text.lower()
    plan = plan_question(Question("Who fixed it?", history), BAKERY)
    assert "shop" in plan.text.lower()  # a bare pronoun follows up


@pytest.mark.parametrize(
    ("counted", "head"),
    [("dentists work", "dentists"), ("people work", "people"), ("tractor units", "tractor units")],
)
def test_counted_head(counted: str, head: str) -> None:
    assert counted_head(counted) == head


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("How fast is the new site?", Slot.DURATION),
        ("How much fuel do the vans use?", Slot.COUNT),
        ("How much has overtime dropped?", Slot.SHARE),
        ("How much cheaper was the winner?", Slot.MONEY),
    ],
)
def test_answer_types(question: str, slot: Slot) -> None:
    assert plan_question(Question(question), BAKERY).slot is slot


TALLER = make_conversation(
    "es",
    [
        ("Irene Casas", "Soporte de Cuadra, le atiende Irene."),  # 0
        ("Pablo Ruiz", "Hola, soy Pablo, de Ruiz Hermanos. No puedo enviar albaranes."),  # 1
        ("Irene Casas", "Veo que la licencia caducó el día nueve."),  # 2
        ("Irene Casas", "Ya está renovada, es válida hasta dos mil treinta."),  # 3
        ("Pablo Ruiz", "Perfecto. Nuestro almacén de Teruel ya puede trabajar."),  # 4
        ("Irene Casas", "Otra cosa: la dirección va a abrir una oficina en Huesca."),  # 5
    ],
    seller="Irene Casas",
    title="Soporte Cuadra",
)


def test_spanish_year_and_place() -> None:
    answer, lines = ask(TALLER, "¿Hasta cuándo es válida la licencia?")
    assert "dos mil treinta" in answer and 3 in lines
    answer, _ = ask(TALLER, "¿Cuántos camiones tienen en Teruel?")
    assert answer == NO_TRATA
