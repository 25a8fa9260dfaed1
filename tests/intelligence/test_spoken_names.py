"""Competitors in lowercase speech-to-text transcripts: candidates from the slots where vendors
sit in sales talk, decided by the competitor head. Sentences written for these tests (English
and Spanish), never taken from an evaluation set; real embedder and shipped head, no mocks."""

from __future__ import annotations

from summary_support import make

from meetsight.intelligence.builtin.competitors import find_competitors
from meetsight.intelligence.builtin.spoken_names import is_lowercase, spoken_names

S, C = "Noor Haddad", "Pieter Vos"


def keys(texts: list[str]) -> list[str]:
    return [c.key for c in spoken_names(texts, set())]


def test_vendor_slots_give_candidates_and_generic_words_do_not() -> None:
    found = keys(
        [
            "yeah we looked at crew nest too but honestly it felt clunky",
            "we're on top of it and we talked to the board on monday",
            "we keep it all in a spreadsheet on the shared drive",
        ]
    )
    assert found == ["crew nest"]


def test_spelled_letters_make_one_name_and_fillers_are_skipped() -> None:
    found = spoken_names(["the other vendor we talked to um r t x quoted us less"], set())
    assert [(c.key, c.shown) for c in found] == [("r t x", "RTX")]


def test_a_broad_slot_needs_the_name_twice() -> None:
    assert keys(["we're on paylocity for payroll"]) == []
    assert keys(["we're on paylocity for payroll", "and we export from paylocity weekly"]) == [
        "paylocity"
    ]


def test_a_verb_form_after_a_slot_is_no_name() -> None:
    # "on managing", "with scheduling", "con llevando": the rest of a clause, twice over.
    texts = [
        "we spend the whole morning on managing the crews",
        "and then more time on managing the crews again on friday",
        "we're still with scheduling by hand with scheduled visits",
        "seguimos con llevando todo en papel",
    ]
    assert keys(texts) == []


def test_participants_are_not_candidates() -> None:
    assert spoken_names(["i talked to pieter yesterday about it"], {"pieter"}) == []


def test_lowercase_detection() -> None:
    assert is_lowercase(["so um we're on it", "i think so yeah", "sounds good"])
    assert not is_lowercase(["We use Zendesk today.", "Sounds good, I think so.", "ok"])


def test_rivals_in_a_lowercase_call_are_found_title_cased() -> None:
    call = make(
        [
            (S, "so what are you using today for the crews"),
            (C, "we've been on crewlio for like four years and the contract ends in may"),
            (C, "and we also did a demo with shift wise last week they were pretty slick"),
            (S, "okay what did you think of shift wise compared to crewlio"),
            (C, "honestly shift wise quoted us about thirty percent less than crewlio"),
            (C, "payroll stays where it is though that part isn't changing"),
        ],
        sellers=[S],
        title="hollandia installers discovery",
    )
    found = [c.name for c in find_competitors(call)]
    assert "Shift Wise" in found and "Crewlio" in found


def test_spanish_lowercase_call() -> None:
    call = make(
        [
            (S, "y ahorita cómo llevan las rutas"),
            (C, "pues usamos rutanet desde hace dos años pero se traba mucho"),
            (C, "y también nos mandó cotización de logimax un señor la semana pasada"),
            (C, "o sea logimax salió más barato que rutanet"),
        ],
        sellers=[S],
        title="llamada",
    )
    found = [c.name for c in find_competitors(call)]
    assert "Logimax" in found


def test_people_and_places_in_a_lowercase_call_are_not_listed() -> None:
    call = make(
        [
            (S, "hi pieter how's the weather out there"),
            (C, "pretty grey we're in rotterdam and i talked to marguerite about the budget"),
            (C, "marguerite says anything above forty thousand goes to her for sign off"),
            (S, "got it we'll keep it under that then"),
        ],
        sellers=[S],
        title="discovery call",
    )
    assert find_competitors(call) == ()


def test_a_vendor_courting_the_caller_is_a_candidate_before_its_verb() -> None:
    """No slot comes before a vendor that is the subject ("x is offering me"): the words before
    a courting verb are the candidate, up to a stopword; the head still decides."""
    texts = [
        "yeah because northwind mobile is offering me three lines for ninety bucks",
        "my sister called me about it yesterday",
    ]
    assert keys(texts) == ["northwind mobile"]
    call = make(
        [
            (S, "thanks for holding how can i help you today"),
            (C, "my bill went up again and honestly northwind mobile is offering me three lines"),
            (C, "for ninety bucks so i don't really need to stay with you guys"),
            (S, "i understand let me see what i can do on the plan"),
        ],
        sellers=[S],
        title="billing call",
    )
    assert "Northwind Mobile" in [c.name for c in find_competitors(call)]
