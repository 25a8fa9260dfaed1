"""Competitors by meaning: the names the customer weighs against us, not the customer's own
tools, our own company, people or places. Conversations written for these tests (English and
Spanish), never taken from an evaluation set; real embedder and shipped head, no mocks."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from summary_support import make

from meetsight.intelligence.builtin.competitors import (
    MAX_MENTIONS,
    _decide,
    _mask,
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


# Issue 16: names the finder used to miss or list wrongly, in conversations written for these
# tests (none taken from an evaluation set).


def test_a_rival_named_in_several_weaker_mentions_adds_up() -> None:
    call = make(
        [
            (S, "How do you build the weekly rota at the moment?"),
            (C, "We use Rostrix. It does the job, mostly."),
            (C, "What we pay Rostrix is about nine hundred a month for both depots."),
            (C, "If we left Rostrix before March, would you cover the overlap?"),
            (S, "We usually can. Our onboarding team handles the move."),
        ],
        sellers=[S],
        title="Vos Logistics / Taskmere rota discovery",
    )
    assert "Rostrix" in names(call)


def test_weaker_readings_pool_but_one_stray_reading_does_not() -> None:
    labels = ("competitor", "other", "ours", "person", "place", "tool")
    # three mentions, none sure, each leaning to a rival: 1 - 0.45 * 0.5 * 0.4 = 0.91
    leaning = np.array(
        [
            [0.55, 0.2, 0.0, 0.15, 0.0, 0.1],
            [0.5, 0.1, 0.0, 0.1, 0.0, 0.3],
            [0.6, 0.05, 0.05, 0.1, 0.0, 0.2],
        ]
    )
    assert _decide(leaning, labels)
    # the same rival readings, but the name reads as a tool on average: not pooled
    tool = np.array([[0.55, 0.0, 0.0, 0.0, 0.0, 0.45], [0.3, 0.0, 0.0, 0.0, 0.0, 0.7]] * 2)
    assert not _decide(tool, labels)
    assert not _decide(np.array([[0.45, 0.3, 0.0, 0.1, 0.0, 0.15]]), labels)  # once, unsure


def test_brands_written_without_an_opening_capital_and_subjects_at_a_sentence_start() -> None:
    call = make(
        [
            (S, "Who else is in the running for the ticketing project?"),
            (C, "We sat through a demo with kitBridge on Monday, and they were keen."),
            (C, "Velorant quoted us twenty percent less than you, to be honest."),
            (C, "Nobody else, really. Gotcha, you want the shortlist in writing."),
            (S, "Understood. We'll make sure the proposal is in before then."),
        ],
        sellers=[S],
        title="City Arena / Taskmere ticketing",
    )
    found = names(call)
    assert "kitBridge" in found
    assert "Velorant" in found  # said once, at a sentence start, as the clause's subject
    candidates = set(_mentions(call))
    assert not {"Nobody", "Gotcha"} & candidates  # words, or no subject after them


def test_plan_tiers_and_business_acronyms_are_not_vendors() -> None:
    call = make(
        [
            (S, "The Growth plan is nine hundred a month, and the Scale tier adds single sign-on."),
            (C, "Our DSO went from forty to fifty-five days, so cash matters this year."),
            (C, "And OTE for the new reps is split sixty-forty, so commissions need to be right."),
            (S, "Then I'd start you on Growth and move to Scale when the team doubles."),
        ],
        sellers=[S],
        title="Hollandia Installers - pricing call",
    )
    found = names(call)
    assert not {"Growth", "Scale", "DSO", "OTE"} & set(found), found


def test_spoken_names_may_hold_a_word_of_the_title() -> None:
    call = make(
        [
            (S, "so how are you booking patients today"),
            (C, "um we had a demo with clinic flow last week and they sent a price"),
            (C, "and clinic flow is like forty dollars less than you per month"),
            (S, "okay that's fair we include the reminders though"),
        ],
        sellers=[S],
        title="Riverside Clinic / Taskmere booking call",
    )
    assert "Clinic Flow" in names(call)


def test_a_possessive_is_read_as_the_company() -> None:
    text = "Zentrio's rep called me on Saturday morning, right after the outage."
    assert _mask(text, "Zentrio", "Zorvex").startswith("Zorvex's rep")


def test_a_short_sentence_is_read_alone_as_well_as_with_the_one_before() -> None:
    from meetsight.intelligence.builtin.competitors import _context

    before = "The pilot covers the two depots."
    readings = _context(before, "And Veltrix was cheaper.", "Veltrix", [])
    assert readings == (
        "The pilot covers the two depots. And Zorvex was cheaper.",
        "And Zorvex was cheaper.",
    )
    long = "We also sat through a demo with Veltrix last Tuesday afternoon."
    assert _context("Earlier sentence.", long, "Veltrix", []) == (
        "We also sat through a demo with Zorvex last Tuesday afternoon.",
    )


def test_a_price_said_in_a_short_sentence_after_another_topic_is_a_rival() -> None:
    call = make(
        [
            (S, "Where did the other quotes land, if you can share?"),
            (C, "We got a quote from Tallyfin at forty dollars a seat on a two-year term."),
            (S, "That's helpful. Does that include the onboarding and training days?"),
            (C, "It does, plus a dedicated success manager for the first quarter."),
            (C, "And Brexmora came in around thirty-five."),
            (S, "Understood. Our number will be in the proposal on Friday."),
        ],
        sellers=[S],
        title="Hollandia Installers - pricing follow-up",
    )
    found = names(call)
    assert "Tallyfin" in found and "Brexmora" in found


def test_rivals_in_the_running_listed_together_and_a_switch_threatened() -> None:
    call = make(
        [
            (S, "How many vendors are still in the running?"),
            (C, "Three. You, Quorvane and Lidderstone, and the board decides in June."),
            (C, "If Lidderstone dropped its price again, I think they'd win it."),
            (S, "What would make you pick us over Quorvane?"),
        ],
        sellers=[S],
        title="Vos Logistics / Taskmere shortlist",
    )
    found = names(call)
    assert "Quorvane" in found and "Lidderstone" in found


def test_platforms_a_product_supports_and_where_data_flows_are_not_rivals() -> None:
    call = make(
        [
            (S, "How do your people sign in today, and where do the orders end up?"),
            (C, "Everyone signs in through Keyloom, and orders flow into Stockwise each night."),
            (S, "We support single sign-on with Keyloom, and our Stockwise connector is certified"),
            (C, "Good, because most of our web traffic comes from Pinmarket."),
        ],
        sellers=[S],
        title="Hollandia Installers - integration review",
    )
    found = names(call)
    assert not {"Keyloom", "Stockwise", "Pinmarket"} & set(found)


@pytest.mark.xfail(
    reason="known gap: a Spanish complaint phrased outside the corpus ('se nos cuelga') reads "
    "as a tool (0.39 competitor); the English 'We use X, and it keeps failing' reads 0.75",
    strict=True,  # an XPASS fails: the gap closed, drop the mark
    raises=AssertionError,  # a crash is no known gap
)
def test_the_incumbent_named_once_with_what_goes_wrong_with_it() -> None:
    call = make(
        [
            (S, "¿Con qué gestionáis las reservas ahora mismo?"),
            (C, "Trabajamos con Reservalia y se nos cuelga cada vez que hay un puente largo."),
            (S, "Entiendo. Nosotros hacemos la migración de los datos sin coste."),
        ],
        sellers=[S],
        title="Hostal Miramar - reservas",
    )
    assert "Reservalia" in names(call)


def test_a_brand_said_once_at_a_sentence_start() -> None:
    """Said once, a name that opens its sentence must look like no ordinary word: two words
    written as one ("Fieldstack") count when they open the clause as its subject, and a word
    of no language said as a sentence of its own is read with what follows it ("Vendrix. They
    quoted..."). Ordinary words in the same places stay out."""
    call = make(
        [
            (S, "Who else are you looking at for the rollout?"),
            (C, "Fieldstack also pitched us last month, and their quote was lower than yours."),
            (C, "Vendrix. They quoted us nineteen a seat and threw in the onboarding."),
            (C, "Paperwork. That's where my team loses most of its week."),
            (S, "Understood. Let me show you how the approvals work."),
        ],
        sellers=[S],
    )
    found = names(call)
    assert "Fieldstack" in found and "Vendrix" in found
    assert "Paperwork" not in found and "Understood" not in found


def test_a_vendor_named_like_a_person_is_kept_by_what_it_has() -> None:
    """'Harwell' and 'Valoria' read as people's names on their own; a rep and a quote are
    things only a company has. A person named in the same way stays out."""
    call = make(
        [
            (S, "Are you looking at anyone else for the scheduling piece?"),
            (C, "Harwell's rep called me twice last week, and their quote was lower than yours."),
            (C, "We also had Valoria's sales team in for a demo on Tuesday."),
            (C, "Oskarsson from our finance team will join the next call."),
            (S, "Thanks, that helps. What did you make of the Valoria demo?"),
        ],
        sellers=[S],
    )
    found = names(call)
    assert "Harwell" in found and "Valoria" in found
    assert "Oskarsson" not in found


def test_a_rival_courting_the_customer_or_a_switch_if_we_fail() -> None:
    """What only a rival does, said of a name: it pitches the customer, keeps calling with an
    offer, or the customer would go to it if we fail. People who call and places named in the
    same grammar stay out."""
    meeting = make(
        [
            (S, "Before the roadmap, anything from the field this month?"),
            (C, "Trellisoft pitched our operations director last week, the whole bundle."),
            (C, "One of our biggest accounts said they'd look at Quarrymint if we don't fix it."),
            (C, "Magdalena called me about the invoice, that one is sorted."),
            (C, "We're moving to Rotterdam in the spring if the lease works out."),
            (S, "Understood, sync is first on the list for the next release."),
        ],
        sellers=[S],
        title="Hollandia Installers - monthly check-in",
    )
    found = names(meeting)
    assert "Trellisoft" in found and "Quarrymint" in found
    assert "Magdalena" not in found and "Rotterdam" not in found
