"""Extractive summary: framing sentence, key moments from the transcript in reading order,
agreed next steps; English and Spanish."""

from __future__ import annotations

from datetime import date

import pytest
from summary_support import eval_next_steps, from_eval, make, open_eval_set, vectors_of

from meetsight.intelligence.builtin.summary import framing, pick_lines, quote, summarize
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


def _moments(summary: str) -> list[str]:
    """The "Speaker: text" lines between the framing sentence and the next steps."""
    lines = summary.split("\n")[1:]
    return [ln for ln in lines if not ln.startswith(("Agreed next steps", "Próximos pasos"))]


def test_english_summary_shape() -> None:
    summary = summarize(ENGLISH, vectors_of(ENGLISH), STEPS)
    parts = summary.split("\n")
    assert parts[0] == "Outbound call of about 2 minutes: Dana Whitfield with Chris Okafor."
    assert parts[-1] == "Agreed next steps: send the ROI calculator (Dana Whitfield, by Friday)."
    moments = _moments(summary)
    assert 4 <= len(moments) <= 8


def test_moments_come_from_the_transcript_in_reading_order() -> None:
    summary = summarize(ENGLISH, vectors_of(ENGLISH), STEPS)
    positions = []
    for moment in _moments(summary):
        speaker, text = moment.split(": ", 1)
        index = next(ln.index for ln in ENGLISH.lines if text in ln.text)
        assert ENGLISH.lines[index].speaker == speaker
        positions.append(index)
    assert positions == sorted(positions)
    assert len(set(positions)) == len(positions)


def test_greetings_and_next_step_lines_are_skipped() -> None:
    picked = pick_lines(ENGLISH, vectors_of(ENGLISH), {11})
    assert not {0, 1, 11, 12} & set(picked)
    # The quantified problem is a key moment.
    assert 4 in picked


def test_spanish_summary_is_framed_in_spanish() -> None:
    steps = [NextStep("enviar la propuesta", ("Nuria Peña",), "mañana", None, 8)]
    summary = summarize(SPANISH, vectors_of(SPANISH), steps)
    parts = summary.split("\n")
    assert parts[0] == "Llamada saliente de unos 2 minutos: Gabriel Soto con Nuria Peña."
    assert parts[-1] == "Próximos pasos acordados: enviar la propuesta (Nuria Peña, mañana)."
    assert 4 <= len(_moments(summary)) <= 8


def test_no_next_steps_no_closing_sentence() -> None:
    summary = summarize(SPANISH, vectors_of(SPANISH), [])
    assert "Próximos pasos" not in summary
    assert summary.startswith("Llamada saliente")


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
    moments = _moments(summary)
    assert 4 <= len(moments) <= 8
    texts = [ln.text for ln in conversation.lines]
    for moment in moments:
        _, text = moment.split(": ", 1)
        assert any(text.rstrip("…") in t for t in texts)


def test_objections_are_key_moments() -> None:
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
    picked = pick_lines(call, vectors_of(call), set())
    assert 4 in picked  # the concern
    assert not {0, 2, 9} & set(picked)  # greetings and filler
