"""A sales manager's questions about calls they missed (issue 16, chat4): the product in use,
the vendor that won, people counted under another name, a deal named earlier in a meeting's
side exchange, a reply that is only a name, a price said after another price, roles that
approve. Conversations written for these tests."""

from __future__ import annotations

import pytest
from test_chat import NO_TRATA, NOT_COVERED, ask, make_conversation

from meetsight.intelligence.builtin.chat_numbers import number_runs
from meetsight.intelligence.builtin.chat_question import Slot, asks_product, slot_of
from meetsight.intelligence.builtin.reported import reported


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("what are they using today", Slot.NAME),
        ("what is the warehouse team running for picking", Slot.NAME),
        ("what are they on for payroll", Slot.NAME),
        ("did they look at anyone else", Slot.NAME),
        ("who did we lose the harbor account to", Slot.NAME),
        ("who did they go with in the end", Slot.NAME),
        # still a person
        ("who is running the pilot", Slot.PERSON),
        ("who did they talk to about the contract", Slot.PERSON),
        ("what are they worried about", None),
    ],
)
def test_product_questions_ask_for_a_name(question: str, slot: Slot | None) -> None:
    assert slot_of(question)[0] is slot


def test_asks_product() -> None:
    assert asks_product("what do they use for billing")
    assert asks_product("who did we lose the harbor account to")
    assert not asks_product("what did they say about billing")


def test_a_number_before_a_preposition_counts_nothing() -> None:
    runs = number_runs("We'd be at three twenty across the network.")
    assert [(r.text, r.counted) for r in runs] == [("three twenty", False)]


WAREHOUSE = make_conversation(
    "en",
    [
        ("Nadia Brandt", "Thanks for making time, Owen. How do you run the warehouses today?"),
        ("Owen Pryce", "We run all nine warehouses on Boxwell. We renewed it in March."),
        ("Nadia Brandt", "And how big is the team on the floor?"),
        ("Owen Pryce", "The night shift is forty pickers, and the support desk is six agents."),
        ("Owen Pryce", "Across the company we're about three hundred employees."),
        ("Nadia Brandt", "What's the main problem with Boxwell?"),
        ("Owen Pryce", "Returns. Every return is keyed in by hand and it takes hours."),
        ("Nadia Brandt", "Understood. I'll send you a proposal on Friday."),
    ],
    seller="Nadia Brandt",
)


def test_the_product_in_use() -> None:
    answer, lines = ask(WAREHOUSE, "What are they using today?")
    assert "Boxwell" in answer and 1 in lines


def test_people_counted_as_employees_or_agents() -> None:
    answer, _ = ask(WAREHOUSE, "How many people are on the support desk?")
    assert "six" in answer
    # a headcount of the whole company does not say how many work one shift elsewhere
    answer, _ = ask(WAREHOUSE, "How many people work at the Leeds depot?")
    assert answer == NOT_COVERED


PIPELINE = make_conversation(
    "en",
    [
        ("Ruth Okafor", "Morning. Quick pipeline review. Dario, start with Halden Mills."),
        ("Dario Venn", "Halden Mills, sixty thousand, I have it as best case."),
        ("Ruth Okafor", "Is there any competitor in there?"),
        ("Dario Venn", "Ostrava. They demoed to the plant manager last week."),
        ("Ruth Okafor", "Okay. Priya, Corbett Bank."),
        ("Priya Shah", "Corbett Bank is ninety thousand. We lost their sister company to Lumen."),
        ("Ruth Okafor", "Right. Let's not fight Lumen on price."),
    ],
    seller="Ruth Okafor",
)


def test_a_deal_named_earlier_in_the_side_exchange() -> None:
    answer, lines = ask(PIPELINE, "Which competitor is in the Halden Mills deal?")
    assert "Ostrava" in answer and 3 in lines


def test_the_vendor_that_won() -> None:
    answer, _ = ask(PIPELINE, "Who did we lose the sister company to?")
    assert "Lumen" in answer


def test_a_reply_that_is_only_a_name_keeps_its_capital() -> None:
    assert "Ostrava." in reported("Ostrava.", "Dario Venn", "en")


CLINICS = make_conversation(
    "en",
    [
        ("Hugo Marsh", "So where does pricing land for the whole network?"),
        ("Lena Ibsen", "Today the dental side pays four dollars ten per seat per month."),
        ("Lena Ibsen", "With all nine clinics on it we'd be at three twenty across the network."),
        ("Hugo Marsh", "That works. I'll take it to our board on the twelfth."),
    ],
    seller="Lena Ibsen",
)


def test_a_price_said_after_another_price_in_the_same_turn() -> None:
    # (the first price is another part's; the figure after it, with no currency, is the price)
    answer, _ = ask(CLINICS, "What is the network price per seat?")
    assert "three twenty" in answer


RECLAMO = make_conversation(
    "es",
    [
        ("Irene Calvo", "¿Cómo va lo del seguro de la furgoneta?"),
        ("Tomás Vidal", "El tasador vino el martes y dio el visto bueno. Pagan este mes."),
        ("Irene Calvo", "Perfecto, gracias."),
    ],
    seller="Irene Calvo",
)


def test_a_role_that_approves_answers_who() -> None:
    answer, _ = ask(RECLAMO, "¿Quién dio el visto bueno al seguro?")
    assert "tasador" in answer
    assert ask(RECLAMO, "¿Cuántos empleados tienen?")[0] == NO_TRATA
