"""Competitors by meaning: the names the customer weighs against us, not the customer's own
tools, our own company, people or places. Conversations written for these tests (English and
Spanish), never taken from an evaluation set; real embedder and shipped head, no mocks."""

from __future__ import annotations

import dataclasses

from summary_support import make

from meetsight.intelligence.builtin.competitors import (
    MAX_MENTIONS,
    _mentions,
    _name_kinds,
    find_competitors,
    find_names,
)

S, C = "Noor Haddad", "Pieter Vos"


def names(conversation) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.name for c in find_competitors(conversation)]


def test_rivals_evaluated_quoting_and_incumbent_are_found() -> None:
    call = make(
        [
            (S, "Thanks for making time, Pieter. How do you schedule the crews today?"),
            (C, "We've been on Crewlio for four years and the contract runs out in May."),
            (C, "We also sat through a demo with Shiftwise last Tuesday."),
            (S, "What did you make of the Shiftwise demo?"),
            (C, "Slick, and honestly Shiftwise quoted us about thirty percent less than you."),
            (C, "Our payroll runs in Paybridge and that stays, so you'd have to sync with it."),
            (S, "We have a native Paybridge connector, so hours flow across every night."),
        ],
        sellers=[S],
        title="Hollandia Installers - scheduling discovery",
    )
    found = names(call)
    assert "Shiftwise" in found and "Crewlio" in found
    assert "Paybridge" not in found  # the customer's own system we integrate with
    best = next(c for c in find_competitors(call) if c.name == "Shiftwise").best
    assert best.line in {2, 3, 4} and 0.0 < best.probability <= 1.0


def test_people_places_and_our_own_company_are_not_competitors() -> None:
    call = make(
        [
            (S, "Hi Pieter, this is Noor from Taskmere. How's the weather in Rotterdam?"),
            (C, "Grey as always. Marguerite from finance will join us in a minute."),
            (C, "Anything above forty thousand goes to our controller, Marguerite, for approval."),
            (S, "At Taskmere we host everything in the EU, and Marguerite can have a sandbox."),
        ],
        sellers=[S],
        title="Discovery call",
    )
    call = dataclasses.replace(call, organization="Taskmere")
    assert names(call) == []


def test_spanish_rival_and_threatened_switch() -> None:
    call = make(
        [
            ("Lucas Prieto", "¿Cómo lleváis hoy la facturación?"),
            ("Marta Gil", "Usamos Factunor desde hace años, pero se nos queda corto."),
            (
                "Marta Gil",
                "Si no mejora el soporte nos pasamos a Contabix, que nos ofreció un año gratis.",
            ),
            ("Lucas Prieto", "Entiendo. Nosotros incluimos la migración sin coste."),
        ],
        sellers=["Lucas Prieto"],
        language="es",
        title="Llamada de descubrimiento",
    )
    assert set(names(call)) >= {"Contabix", "Factunor"}


def test_internal_meeting_talks_about_rivals() -> None:
    meeting = make(
        [
            ("Ana Ruiz", "We lost the Pellham renewal to Routefox last week."),
            ("Ben Ode", "Routefox keeps undercutting us by about twenty percent in every deal."),
            ("Ana Ruiz", "Let's put the roadmap in Notion before Friday."),
        ],
        sellers=["Ana Ruiz", "Ben Ode"],
        kind="meeting",
        title="Weekly sales sync",
    )
    found = names(meeting)
    assert "Routefox" in found
    assert "Notion" not in found


def test_no_names_no_competitors() -> None:
    call = make([(S, "How are things?"), (C, "Busy, but fine, thanks.")], sellers=[S])
    assert find_competitors(call) == ()
    assert find_competitors(make([], sellers=[])) == ()


def test_mentions_are_bounded_per_name() -> None:
    turns = [
        (C, f"Crewlio failed again on day {i}, we want to replace Crewlio.") for i in range(30)
    ]
    call = make(turns, sellers=[])
    spots = _mentions(call)
    assert list(spots) == ["Crewlio"]
    assert len(spots["Crewlio"]) == MAX_MENTIONS


def test_candidate_names() -> None:
    assert find_names("We compared Shiftwise and Arctic Falcon last month.", set(), set()) == [
        "Shiftwise",
        "Arctic Falcon",
    ]
    assert find_names("Sage 50 is what we pay for today.", set(), {"sage"}) == ["Sage 50"]
    # Plural acronyms, number words, role acronyms and titled people are not candidates.
    assert find_names("The PDFs and the QBRs are late, says our CFO.", set(), set()) == []
    assert find_names("Twenty-six is the number.", set(), set()) == []
    assert find_names("We met Dr. Okafor at the clinic.", set(), set()) == []
    # A sentence's first word opens a name only when it is no ordinary word or verb.
    assert find_names("Usamos Factunor desde hace años.", set(), set()) == ["Factunor"]
    # An ordinary word ("Mechanical") belongs to a name when it is written capitalised
    # mid-sentence somewhere in the conversation.
    assert find_names("Northgate Mechanical called again.", set(), set()) == ["Northgate"]
    assert find_names("Northgate Mechanical called again.", set(), {"mechanical"}) == [
        "Northgate Mechanical"
    ]


def test_structure_tells_the_rival_from_the_account_we_lost() -> None:
    """Two names in one sentence: "we lost A to B" makes B the rival and A our account; an
    event where a rival had a booth is not a rival; a handle before "@" is no name."""
    meeting = make(
        [
            (S, "Quick one on the pipeline before we start."),
            (C, "We lost Draycott Foods to Tillerform in March, mostly on price."),
            (S, "Tillerform keeps undercutting us, they did the same at two other accounts."),
            (C, "They also had a huge stand at Packworld, right by the entrance."),
            (S, "Send the notes to ops@ or ask Wendeline, she has the list."),
        ],
        sellers=[S, C],
        title="Weekly pipeline review",
    )
    found = names(meeting)
    assert found == ["Tillerform"]


def test_a_rival_named_once_in_a_long_turn_is_found() -> None:
    """The name is read in a window of words around it, so a long turn about other things
    does not drown the one clause that weighs a rival."""
    call = make(
        [
            (S, "Where are you in the process?"),
            (
                C,
                "So we have two warehouses, about ninety people on the floor, and the night "
                "shift runs on paper tickets that someone types in the next morning, which is "
                "slow and nobody likes it, and last month we also got a quote from Stockvane "
                "that came in well under your number, so I need to understand the difference.",
            ),
        ],
        sellers=[S],
        title="Warehouse scanning follow-up",
    )
    assert names(call) == ["Stockvane"]


def test_spanish_rival_quoting_and_own_tool() -> None:
    call = make(
        [
            (S, "¿Con qué trabajáis ahora?"),
            (C, "La contabilidad la llevamos en Cuentalia y eso no se toca."),
            (C, "Y Firmadora nos pasó un presupuesto más barato, pero cobraban por usuario."),
        ],
        sellers=[S],
        language="es",
        title="Llamada de seguimiento",
    )
    found = names(call)
    assert "Firmadora" in found
    assert "Cuentalia" not in found


def test_name_kind_tells_places_and_people_from_vendors() -> None:
    """Names the ``name_kind`` corpus does not hold: the prior comes from the encoder."""
    kinds = _name_kinds(["Eindhoven", "Marisol", "Gainsight"])
    assert max(kinds["Eindhoven"], key=kinds["Eindhoven"].get) == "place"
    assert max(kinds["Marisol"], key=kinds["Marisol"].get) == "person"
    assert max(kinds["Gainsight"], key=kinds["Gainsight"].get) == "organisation"


def test_small_talk_places_and_people_are_not_rivals() -> None:
    call = make(
        [
            (S, "Morning Pieter. How's Eindhoven treating you? Still raining?"),
            (C, "Every day. Sorry, Marisol Duarte from procurement just pinged me."),
            (C, "Honestly Marisol Duarte has been pushing hard on this one."),
            (C, "We also had a demo with Shiftwise last week, and they were cheaper."),
            (S, "What did you think of the Shiftwise demo?"),
        ],
        sellers=[S],
        title="Hollandia Installers - discovery",
    )
    found = names(call)
    assert "Shiftwise" in found
    assert "Eindhoven" not in found and "Marisol Duarte" not in found
