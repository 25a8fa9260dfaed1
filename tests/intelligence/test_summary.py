"""The summary: framing sentence, key points and figures told in reported speech in reading
order, agreed next steps; English and Spanish."""

from __future__ import annotations

from datetime import date

import pytest
from summary_support import eval_next_steps, from_eval, make, open_eval_set, vectors_of

from meetsight.intelligence.builtin.summary import framing, quote, subjects_sentence, summarize
from meetsight.intelligence.builtin.summary_points import choose_points
from meetsight.intelligence.results import NextStep

SELLER, BUYER = "Dana Whitfield", "Chris Okafor"
ENGLISH = make(
    [
        (SELLER, "Hi Chris, thanks for taking the call."),
        (BUYER, "Hi Dana, sure."),
        (SELLER, "How does your team plan the delivery routes today?"),
        (BUYER, "We plan every route by hand in spreadsheets, and it takes my dispatchers hours."),
        (BUYER, "Last quarter we paid thirty thousand dollars in late fees at the port."),
        (SELLER, "That's a lot. Who else is involved in a decision like this?"),
        (BUYER, "Our CFO has to approve anything above fifty thousand a year."),
        (SELLER, "Our customers usually cut late fees by half in the first quarter."),
        (BUYER, "We also looked at FleetPilot, but it could not handle port windows."),
        (SELLER, "We integrate with the port booking systems directly."),
        (BUYER, "Okay, that sounds promising for our operations team."),
        (SELLER, "I'll send you the ROI calculator by Friday."),
        (BUYER, "Great, thanks Dana, talk soon."),
    ],
    sellers=[SELLER],
)
STEPS = [NextStep("send the ROI calculator", (SELLER,), "by Friday", date(2026, 10, 16), 11)]

SPANISH = make(
    [
        ("Gabriel Soto", "Hola, Nuria. ¿Qué tal?"),
        ("Nuria Peña", "Hola, Gabriel. Bien, gracias."),
        ("Gabriel Soto", "¿Cómo gestionáis ahora las tarifas de los hoteles?"),
        ("Nuria Peña", "Las cambiamos a mano cada mañana y perdemos muchas reservas."),
        ("Nuria Peña", "El año pasado perdimos unos sesenta mil euros en Semana Santa."),
        ("Gabriel Soto", "Nuestro modelo ajusta las tarifas con los eventos locales."),
        ("Nuria Peña", "La decisión es del director general, pero necesita mi visto bueno."),
        ("Gabriel Soto", "Con ocho hoteles el precio baja a trescientos cincuenta por hotel."),
        ("Nuria Peña", "Te envío mañana la propuesta con el nuevo precio."),
        ("Gabriel Soto", "Perfecto, gracias, hasta luego."),
    ],
    sellers=["Gabriel Soto"],
    language="es",
)


def _body(summary: str) -> str:
    """What lies between the framing sentence and the next steps."""
    lines = summary.split("\n")[1:]
    kept = [ln for ln in lines if not ln.startswith(("Agreed next steps", "Próximos pasos"))]
    return "\n".join(kept)


def test_english_summary_shape() -> None:
    summary = summarize(ENGLISH, vectors_of(ENGLISH), STEPS)
    parts = summary.split("\n")
    assert parts[0].startswith(
        "Outbound call of about 2 minutes: Dana Whitfield with Chris Okafor. The talk was about "
    )
    assert parts[-1] == "Agreed next steps: send the ROI calculator (Dana Whitfield, by Friday)."
    body = _body(summary)
    # Written prose in reported speech, attributed, not "Speaker: quote" lines.
    assert "Chris Okafor said" in body or "Chris Okafor thought" in body
    assert not any(ln.startswith(f"{BUYER}:") for ln in body.split("\n"))
    assert " my " not in body and " I " not in body
    # The numbers of the call are told: the late fees and the approval threshold.
    assert "thirty thousand" in body and "fifty thousand" in body


def test_points_come_from_the_transcript_in_reading_order() -> None:
    points, _ = choose_points(ENGLISH, vectors_of(ENGLISH), {11})
    assert points
    order = [(p.line, p.position) for p in points]
    assert order == sorted(order) and len(set(order)) == len(order)
    for p in points:
        assert ENGLISH.lines[p.line].speaker == p.speaker


def test_greetings_and_next_step_lines_are_skipped() -> None:
    points, _ = choose_points(ENGLISH, vectors_of(ENGLISH), {11})
    assert not {0, 1, 11, 12} & {p.line for p in points}


def test_spanish_summary_is_framed_in_spanish() -> None:
    steps = [NextStep("enviar la propuesta", ("Nuria Peña",), "mañana", None, 8)]
    summary = summarize(SPANISH, vectors_of(SPANISH), steps)
    parts = summary.split("\n")
    assert parts[0].startswith(
        "Llamada saliente de unos 2 minutos: Gabriel Soto con Nuria Peña. Se habló de "
    )
    assert parts[-1] == "Próximos pasos acordados: enviar la propuesta (Nuria Peña, mañana)."
    body = _body(summary)
    assert "Nuria Peña dijo que" in body or "Nuria Peña opinó que" in body
    assert "sesenta mil" in body


def test_no_next_steps_no_closing_sentence() -> None:
    summary = summarize(SPANISH, vectors_of(SPANISH), [])
    assert "Próximos pasos" not in summary
    assert summary.startswith("Llamada saliente")


def test_fillers_and_stutters_do_not_reach_the_summary() -> None:
    call = make(
        [
            ("Rita Gomes", "Um, so, uh, thanks for joining today."),
            ("Omar Haddad", "Uh, we we run, um, about two hundred forklifts across four sites."),
            ("Rita Gomes", "And, uh, how do you track their maintenance today?"),
            ("Omar Haddad", "Um, honestly, it's it's all paper forms and, uh, a shared inbox."),
            ("Rita Gomes", "Our app schedules the services and keeps every inspection record."),
            ("Omar Haddad", "Uh, the safety audit last spring flagged, um, missing records."),
            ("Rita Gomes", "Right, the audit trail is exactly what the app keeps for you."),
            ("Omar Haddad", "Okay. Um, the price would need to stay under, uh, nine thousand."),
        ],
        sellers=["Rita Gomes"],
    )
    summary = summarize(call, vectors_of(call), [])
    body = _body(summary).lower()
    assert body
    for noise in (" um", " uh", "we we ", "it's it's"):
        assert noise not in f" {body}"
    assert "two hundred forklifts" in body


def test_long_meetings_get_a_bounded_summary() -> None:
    topics = [
        "The supplier in Porto delivered the valves two weeks late again.",
        "Marketing wants the spring catalogue printed before the trade fair.",
        "The new warehouse racks arrive in March and need an inspection.",
        "Customer complaints about the mobile app doubled since the update.",
        "Finance asked every team to cut travel spending by ten percent.",
    ]
    turns = [
        (f"Person {i % 4}", f"{topics[(i // 40) % 5]} Point {i} on this was raised.")
        for i in range(400)
    ]
    meeting = make(turns, sellers=[], kind="meeting")
    summary = summarize(meeting, vectors_of(meeting), [])
    words = len(_body(summary).split())
    assert 40 <= words <= 250


def test_subjects_name_what_the_talk_was_about_never_who() -> None:
    sentence = subjects_sentence(ENGLISH, 3)
    assert sentence.startswith("The talk was about ") and sentence.endswith(".")
    lowered = sentence.lower()
    assert "late fees" in lowered or "port" in lowered
    assert not {"dana", "chris", "whitfield", "okafor"} & set(lowered.rstrip(".").split())
    assert subjects_sentence(make([], sellers=[]), 3) == ""


def test_framing_of_meetings_and_short_calls() -> None:
    meeting = make(
        [("Ana", "Hola a todos."), ("Luis", "Hola."), ("Marta", "Empezamos.")],
        sellers=["Ana"],
        language="es",
        kind="meeting",
    )
    assert framing(meeting) == "Reunión de menos de un minuto: Ana con Luis y Marta."
    inbound = make([("A", "Hello"), ("B", "Hi")], sellers=[], direction="inbound", seconds=45)
    assert framing(inbound) == "Inbound call of about 2 minutes: A and B."


def test_quote_drops_leading_filler_and_cuts_long_lines() -> None:
    assert quote("Perfect. Our rollout takes six weeks.") == "Our rollout takes six weeks."
    long = " ".join(["This sentence is about routes and trucks."] * 20)
    assert len(quote(long, 100)) <= 100


def test_empty_conversation() -> None:
    empty = make([], sellers=[])
    assert summarize(empty, vectors_of(empty), []) == "Outbound call."


@pytest.mark.parametrize("ev", open_eval_set(), ids=lambda e: e.id)
def test_eval_set_smoke(ev) -> None:  # type: ignore[no-untyped-def]
    conversation = from_eval(ev)
    summary = summarize(conversation, vectors_of(conversation), eval_next_steps(ev))
    first = summary.split("\n")[0]
    if ev.language == "es":
        assert first.startswith(("Llamada", "Reunión"))
    else:
        assert first.startswith(("Inbound call", "Outbound call", "Call", "Meeting"))
    body = _body(summary)
    assert 30 <= len(body.split()) <= 260
    speakers = {ln.speaker for ln in conversation.lines}
    assert any(name in body for name in speakers)


def test_objections_are_key_points() -> None:
    call = make(
        [
            (SELLER, "Thanks for joining, everyone."),
            (SELLER, "Today we will walk through the product and the plan."),
            (BUYER, "Sure, we have half an hour."),
            (SELLER, "The dashboard shows every route on one map."),
            (BUYER, "Honestly, I'm worried my dispatchers won't adopt another tool."),
            (SELLER, "The map updates every thirty seconds from the trucks."),
            (SELLER, "You can filter routes by depot and by driver."),
            (BUYER, "Let's not worry about the colours for now."),
            (SELLER, "Exports go to Excel or to your data warehouse."),
            (BUYER, "Fine."),
        ],
        sellers=[SELLER],
    )
    points, _ = choose_points(call, vectors_of(call), set())
    lines = {p.line for p in points}
    assert 4 in lines  # the concern
    assert not {0, 2, 9} & lines  # greetings and filler
