"""Scorecard: exact scores for the documented rules, custom objectives by similarity."""

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

from meetsight.intelligence.builtin.scoring import balance_score, score_conversation
from meetsight.intelligence.conversation import ObjectiveSpec
from meetsight.intelligence.results import NextStep
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES

S, C = "Dana", "Chris"
CALL = make(
    [
        (S, "Hi Chris, thanks for your time."),
        (C, "Hi Dana."),
        (S, "What does a bad day look like for your dispatch team?"),
        (C, "Every Monday my dispatchers spend two hours re-planning routes by hand."),
        (S, "Two hours every Monday? How much does that cost you?"),
        (C, "About thirty thousand dollars a quarter in overtime and late fees."),
        (S, "Is there a budget set aside for this?"),
        (C, "Our budget is around fifty thousand dollars a year."),
        (S, "Who signs off on a purchase like this?"),
        (C, "Our CFO signs anything above forty thousand dollars."),
        (S, "I'll send the proposal by Friday."),
        (C, "Great, thanks."),
    ],
    sellers=[S],
)
NOTES = [
    note(CALL, 3, "pain_points"),
    note(CALL, 5, "pain_points"),
    note(CALL, 7, "budget_pricing"),
    note(CALL, 9, "decision_process"),
]
STEPS = [
    NextStep("send the proposal", (S,), "by Friday", date(2026, 10, 16), 10),
    NextStep("check the overtime numbers", (C,), "", None, 5),
]


def _score(conversation, notes, steps, objectives=DEFAULT_OBJECTIVES):  # type: ignore[no-untyped-def]
    return score_conversation(
        conversation, objectives, notes, steps, analytics_of(conversation), vectors_of(conversation)
    )


def _by_key(card) -> dict:  # type: ignore[no-untyped-def]
    return {o.key: o for o in card.objectives}


def test_default_objectives_exact_scores() -> None:
    card = _score(CALL, NOTES, STEPS)
    scores = {k: o.score for k, o in _by_key(card).items()}
    assert scores == {
        "discovery_questions": 85.0,  # 3 open x 25 + 2 closed x 5
        "talk_listen_balance": 100.0,  # 50% is within 5 points of 45%
        "pain_identified": 100.0,  # 50 + 10 (two) + 20 (a number) + 20 (seller follow-up)
        "budget_discussed": 100.0,  # 40 + 30 (amount) + 30 (customer spoke to it)
        "decision_process_known": 100.0,  # 60 + 20 (CFO) + 20 (signs)
        "next_steps_dated": 70.0,  # 40 + 60 x 1/2
    }
    assert card.score == 92.5
    assert "Talk-listen balance" in card.justification
    assert "Next steps with a date" in card.justification
    assert [o.key for o in card.objectives] == [o.key for o in DEFAULT_OBJECTIVES]


def test_explanations_cite_what_was_found() -> None:
    why = {k: o.explanation for k, o in _by_key(_score(CALL, NOTES, STEPS)).items()}
    assert why["discovery_questions"].startswith("The seller asked 3 open questions and 2 closed")
    assert "What does a bad day look like" in why["discovery_questions"]
    assert "50%" in why["talk_listen_balance"]
    assert "2 pain points" in why["pain_identified"]
    assert "thirty thousand dollars" in why["budget_discussed"]
    assert "CFO" in why["decision_process_known"]
    assert "2 next steps agreed, 1 with an owner and a date" in why["next_steps_dated"]


@pytest.mark.parametrize(
    ("share", "expected"),
    [(0.45, 100.0), (0.40, 100.0), (0.5, 100.0), (0.6, 75.0), (0.2, 50.0), (0.9, 0.0), (0.0, 0.0)],
)
def test_balance_score(share: float, expected: float) -> None:
    assert balance_score(share) == pytest.approx(expected)


def test_weak_conversation_scores_low() -> None:
    call = make(
        [
            (S, "Our platform has forty integrations and a mobile app."),
            (S, "It also has dashboards, alerts and a route optimiser."),
            (S, "Customers love the new release."),
            (C, "Reporting is painful for us."),
            (S, "Okay."),
            (C, "It depends on timing for us."),
        ],
        sellers=[S],
    )
    notes = [note(call, 3, "pain_points"), note(call, 5, "decision_process")]
    card = _score(call, notes, [])
    scores = {k: o.score for k, o in _by_key(card).items()}
    assert scores == {
        "discovery_questions": 0.0,
        "talk_listen_balance": 58.2,  # 4 of 6 lines: 0.667, 100 - 2.5 x (21.7 - 5)
        "pain_identified": 50.0,
        "budget_discussed": 0.0,
        "decision_process_known": 60.0,
        "next_steps_dated": 0.0,
    }
    assert card.score == round(sum(scores.values()) / 6, 1)
    why = {k: o.explanation for k, o in _by_key(card).items()}
    assert why["discovery_questions"] == "The seller asked no questions."
    assert why["budget_discussed"] == "Price and budget never came up."
    assert "the decision maker was not named" in why["decision_process_known"]
    assert why["next_steps_dated"] == "The conversation ended without agreed next steps."


def test_seller_amount_without_customer_budget() -> None:
    call = make([(S, "The plan costs twelve thousand euros a year."), (C, "I see.")], sellers=[S])
    card = _score(call, [], [], (DEFAULT_OBJECTIVES[3],))
    assert card.objectives[0].score == 70.0
    assert "not qualified" in card.objectives[0].explanation


def test_no_seller_known() -> None:
    call = make([("A", "What do you need?"), ("B", "A faster tool.")], sellers=[])
    scores = {k: o.score for k, o in _by_key(_score(call, [], [])).items()}
    assert scores["discovery_questions"] == 0.0
    assert scores["talk_listen_balance"] == 50.0


def test_spanish_explanations() -> None:
    call = make(
        [
            ("Lucía", "¿Cómo cerráis el mes ahora mismo?"),
            ("Javier", "Tardamos diez días en cuadrar las facturas a mano."),
            ("Lucía", "¿Diez días? ¿Y cuánto os cuesta eso?"),
            ("Javier", "La decisión la tomo yo con el director general."),
        ],
        sellers=["Lucía"],
        language="es",
    )
    notes = [note(call, 1, "pain_points"), note(call, 3, "decision_process")]
    card = _score(call, notes, [])
    why = {k: o.explanation for k, o in _by_key(card).items()}
    assert why["discovery_questions"].startswith(
        "El vendedor hizo 2 preguntas abiertas y 1 cerrada"
    )
    assert _by_key(card)["discovery_questions"].score == 55.0
    assert _by_key(card)["pain_identified"].score == 90.0  # 50 + number + follow-up
    assert _by_key(card)["decision_process_known"].score == 100.0  # director + "decisión"
    assert why["next_steps_dated"].startswith("La conversación terminó sin próximos pasos")
    assert card.justification.startswith("Puntuación global")


SECURITY_OBJECTIVE = ObjectiveSpec(
    "security_covered",
    "Security covered",
    "The customer's security, compliance and data protection requirements were discussed.",
)


def test_custom_objective_by_similarity() -> None:
    security_call = make(
        [
            (C, "Our security team needs single sign-on and encryption at rest."),
            (S, "All customer data is encrypted and we have a SOC 2 report."),
            (C, "Legal will also ask about GDPR and data protection."),
            (S, "We sign a data processing agreement with every customer."),
        ],
        sellers=[S],
    )
    on_topic = _score(security_call, [], [], (SECURITY_OBJECTIVE,)).objectives[0]
    off_topic = _score(CALL, NOTES, STEPS, (SECURITY_OBJECTIVE,)).objectives[0]
    assert 0 <= off_topic.score < on_topic.score <= 100
    assert on_topic.score >= 50
    assert on_topic.key == "security_covered"
    assert any(ln.text[:40] in on_topic.explanation for ln in security_call.lines)


def test_no_objectives() -> None:
    card = _score(CALL, NOTES, STEPS, ())
    assert card.score == 0.0 and card.objectives == ()


@pytest.mark.parametrize("ev", open_eval_set(), ids=lambda e: e.id)
def test_eval_set_smoke(ev) -> None:  # type: ignore[no-untyped-def]
    conversation = from_eval(ev)
    card = _score(conversation, eval_notes(ev, conversation), eval_next_steps(ev))
    assert len(card.objectives) == len(DEFAULT_OBJECTIVES)
    assert all(0 <= o.score <= 100 and o.explanation for o in card.objectives)
    assert card.score == round(sum(o.score for o in card.objectives) / len(card.objectives), 1)
    start = "Puntuación global" if ev.language == "es" else "Overall"
    assert card.justification.startswith(start)


def test_decision_maker_named_but_not_a_participant() -> None:
    def card(line: str) -> float:
        call = make(
            [("Dana Whitfield", "Who else should be involved?"), ("Chris Okafor", line)],
            sellers=["Dana Whitfield"],
        )
        notes = [note(call, 1, "decision_process")]
        return _score(call, notes, [], (DEFAULT_OBJECTIVES[4],)).objectives[0].score

    assert card("It depends on timing, and Maria Jensen has a say.") == 80.0  # a third person
    assert card("It depends on timing for Chris Okafor, that is me.") == 60.0  # a participant
