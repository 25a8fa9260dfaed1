"""AI opinion: built from what was detected, in the conversation's language."""

from __future__ import annotations

from datetime import date

import pytest
from summary_support import (
    analytics_of,
    eval_next_steps,
    eval_notes,
    from_eval,
    make,
    note,
    open_eval_set,
    vectors_of,
)

from meetsight.intelligence.builtin.insights import build_insights
from meetsight.intelligence.builtin.opinion import ai_opinion
from meetsight.intelligence.builtin.scoring import score_conversation
from meetsight.intelligence.results import NextStep, ObjectiveScore, Scorecard
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES

S, C = "Dana", "Chris"
CALL = make(
    [
        (S, "What are you using today?"),
        (C, "We use FleetPilot, and it keeps failing on port windows."),
        (C, "Honestly, I'm worried the rollout will take too long."),
        (C, "Our budget is twenty thousand dollars a year."),
        (S, "For your fleet the price is twenty-five thousand dollars a year."),
    ],
    sellers=[S],
)
NOTES = [note(CALL, 1, "competitors"), note(CALL, 2, "objections"), note(CALL, 3, "budget_pricing")]


def _opinion(conversation, notes, steps, card=None) -> str:  # type: ignore[no-untyped-def]
    analytics = analytics_of(conversation)
    insights = build_insights(conversation, notes, steps, analytics)
    if card is None:
        card = score_conversation(
            conversation, DEFAULT_OBJECTIVES, notes, steps, analytics, vectors_of(conversation)
        )
    return ai_opinion(conversation, insights, steps, card)


def test_english_opinion_names_what_was_found() -> None:
    text = _opinion(CALL, NOTES, [])
    assert "The customer raised 1 objection" in text
    assert "worried the rollout will take too long" in text
    assert "FleetPilot came up as alternative" in text
    # 25,000 against a 20,000 budget: 25% more.
    assert "price gap" in text and "twenty thousand dollars" in text and "25% more" in text
    assert "No next steps were agreed" in text
    assert "Weakest objective:" in text
    assert "\n" not in text


def test_weakest_objective_gives_the_advice() -> None:
    card = Scorecard(
        55.0,
        "",
        (
            ObjectiveScore("discovery_questions", "Discovery questions", 90.0, ""),
            ObjectiveScore("decision_process_known", "Decision process known", 20.0, ""),
        ),
    )
    text = _opinion(CALL, NOTES, [], card)
    assert "“Decision process known” (20)" in text
    assert "who decides, who signs" in text


def test_all_objectives_good() -> None:
    card = Scorecard(90.0, "", (ObjectiveScore("custom", "Custom", 80.0, ""),))
    assert "Every scorecard objective went well" in _opinion(CALL, NOTES, [], card)


def test_next_steps_and_no_objections() -> None:
    steps = [NextStep("send the proposal", (S,), "by Friday", date(2026, 10, 16), 4)]
    text = _opinion(CALL, [], steps)
    assert "No objections came up." in text
    assert "1 next step agreed (1 with a date), starting with send the proposal (Dana)." in text
    # Competitors are read from the conversation itself, with or without a note.
    assert "FleetPilot came up as alternative" in text


def test_no_price_talk() -> None:
    call = make([(S, "How do you plan routes?"), (C, "By hand.")], sellers=[S])
    assert "Price and budget never came up." in _opinion(call, [], [])


def test_spanish_opinion() -> None:
    call = make(
        [
            ("Gabriel", "¿Qué usáis ahora?"),
            ("Nuria", "Usamos RateBoost, pero nos preocupa el soporte."),
            ("Nuria", "Nuestro presupuesto es de treinta mil euros al año."),
            ("Gabriel", "Nuestra propuesta son treinta mil euros al año."),
        ],
        sellers=["Gabriel"],
        language="es",
    )
    notes = [note(call, 1, "competitors"), note(call, 1, "objections")]
    steps = [NextStep("enviar la propuesta", ("Gabriel",), "mañana", None, 3)]
    text = _opinion(call, notes, steps)
    assert "El cliente planteó 1 objeción" in text
    assert "Se mencionó a RateBoost como alternativa" in text
    assert "encaja con lo que mencionó el cliente" in text
    assert "Se acordó 1 próximo paso (1 con fecha)" in text
    assert "Objetivo más flojo" in text or "Todos los objetivos" in text


@pytest.mark.parametrize("ev", open_eval_set(), ids=lambda e: e.id)
def test_eval_set_smoke(ev) -> None:  # type: ignore[no-untyped-def]
    conversation = from_eval(ev)
    text = _opinion(conversation, eval_notes(ev, conversation), eval_next_steps(ev))
    assert len(text) > 80
    if ev.language == "es":
        assert "próximo" in text or "Próximo" in text
    else:
        assert "next step" in text
