"""Call insights: exact values on a hand-made call, the amount and name finders, sentiment in
both languages, and a smoke run over the eval set."""

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
)

from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.intelligence.builtin.insights import build_insights, find_names, sentiment
from meetsight.intelligence.builtin.talk_cues import sentiment_hits
from meetsight.intelligence.results import NextStep

S, C = "Dana", "Chris"
CALL = make(
    [
        (S, "Hi Chris, thanks for joining."),
        (C, "Hi Dana."),
        (S, "What does your dispatch process look like today? How many trucks do you run?"),
        (C, "We run about forty trucks and plan routes by hand."),
        (C, "It is slow and frustrating, and we lose money on late deliveries."),
        (C, "We looked at FleetPilot and RouteMaster Pro last year."),
        (S, "Is cost a concern for you?"),
        (C, "Honestly, the price worries me. Our budget is around twenty thousand dollars a year."),
        (S, "Our plan for your fleet is twenty-four thousand dollars a year, with 10% off."),
        (C, "Can you send the proposal? Who would run the onboarding?"),
        (S, "I'll send the proposal by Friday."),
        (C, "Great, that sounds good, thanks."),
    ],
    sellers=[S],
)
NOTES = [
    note(CALL, 4, "pain_points"),
    note(CALL, 5, "competitors"),
    note(CALL, 7, "objections", "the price worries me"),
    note(CALL, 7, "budget_pricing"),
]
STEPS = [
    NextStep("send the proposal", (S,), "by Friday", date(2026, 10, 16), 10),
    NextStep("review the proposal", (C,), "", None, 9),
]


@pytest.fixture(scope="module")
def insights() -> dict:
    return build_insights(CALL, NOTES, STEPS, analytics_of(CALL))


def test_questions_ratio_and_story(insights: dict) -> None:
    assert insights["questionsAsked"] == {"total": 5, "seller": 3, "customer": 2}
    assert insights["talkListenRatio"] == 0.417  # 5 of 12 ten-second lines
    assert insights["longestCustomerStory"] == {
        "speaker": C,
        "start": 30.0,
        "end": 60.0,
        "duration": 30.0,
    }
    assert insights["nextStepsAgreed"] == {"count": 2, "withDate": 1}
    assert insights["language"] == "en"


def test_objections_competitors_and_pricing(insights: dict) -> None:
    assert insights["objections"] == [
        {"text": "the price worries me", "speaker": C, "start": 70.0, "line": 7}
    ]
    assert insights["competitors"] == ["FleetPilot", "RouteMaster Pro"]
    assert insights["pricingDiscussed"] is True
    amounts = [(a["text"], a["value"], a["speaker"]) for a in insights["pricingAmounts"]]
    assert amounts == [
        ("twenty thousand dollars", 20000.0, C),
        ("twenty-four thousand dollars", 24000.0, S),
        ("10%", 10.0, S),
    ]


def test_sentiment_leaves_out_pain_lines(insights: dict) -> None:
    # Customer lines minus the pain line: "great", "good" against "worries".
    assert insights["sentiment"] == {
        "label": "positive",
        "score": 0.2,
        "positive": 2,
        "negative": 1,
    }
    with_pain = sentiment(CALL, [])
    assert with_pain["negative"] > insights["sentiment"]["negative"]


def test_no_pricing_no_notes() -> None:
    call = make([(S, "How do you plan routes?"), (C, "By hand, every morning.")], sellers=[S])
    result = build_insights(call, [], [], analytics_of(call))
    assert result["pricingDiscussed"] is False
    assert result["pricingAmounts"] == []
    assert result["objections"] == [] and result["competitors"] == []
    assert result["nextStepsAgreed"] == {"count": 0, "withDate": 0}


def test_unmarked_speakers_give_null_ratio_and_story() -> None:
    call = make([("A", "Hello there, this is great."), ("B", "Indeed, very good.")], sellers=[])
    result = build_insights(call, [], [], analytics_of(call))
    assert result["talkListenRatio"] is None
    assert result["longestCustomerStory"] is None
    assert result["sentiment"]["label"] == "positive"  # every line counts when no seller is known


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Last quarter we paid thirty thousand dollars in fees.",
            [("thirty thousand dollars", 30000)],
        ),
        ("We have about a hundred and forty trucks.", []),
        ("Between forty and fifty-five thousand a year.", [("fifty-five thousand", 55000)]),
        ("It's $40k per year, or €12.500 in Spain.", [("$40k", 40000), ("€12.500", 12500)]),
        ("Cuatrocientos euros al mes por hotel.", [("Cuatrocientos euros", 400)]),
        ("Nos costaría treinta y cinco mil euros.", [("treinta y cinco mil euros", 35000)]),
        ("La renovación sube un ocho por ciento.", [("ocho por ciento", 8)]),
        ("Disponibilidad del noventa y nueve coma nueve por ciento.", []),  # no price talk
        ("El precio baja a trescientos cincuenta por hotel.", [("trescientos cincuenta", 350)]),
    ],
)
def test_find_amounts(text: str, expected: list[tuple[str, float]]) -> None:
    assert [(a.text, a.value) for a in find_amounts(text)] == expected


def test_find_names_rules() -> None:
    assert find_names("We use Salesforce and HubSpot today.", set(), set()) == [
        "Salesforce",
        "HubSpot",
    ]
    # Sentence-initial words count only with inner capitals, a mid-sentence sighting, or
    # when they look like no word of the languages (the tokenizer splits them into scraps).
    assert find_names("Descuento nos parece bien.", set(), set()) == []
    assert find_names("Integraciones nos preocupan.", set(), set()) == []
    assert find_names("Descuento nos parece bien.", set(), {"descuento"}) == ["Descuento"]
    assert find_names("Doctoralia nos ofreció un descuento.", set(), set()) == ["Doctoralia"]
    # Brands written without an opening capital.
    assert find_names("We got a quote from ezyVet and one from tracker9.", set(), set()) == [
        "ezyVet",
        "tracker9",
    ]
    assert find_names("RateBoost nos recomendó bajar precios.", set(), set()) == ["RateBoost"]
    # ...or when they look like no ordinary word (long, no verb/adverb/plural ending).
    assert find_names("Hmm. Firmatic nos dio un precio parecido.", set(), set()) == ["Firmatic"]
    assert find_names("Usamos hojas de cálculo. Honestly, no.", set(), set()) == []
    # Generic acronyms, months and excluded words (participants, the title) are no names.
    assert find_names("Our CFO wants the ERP live in March, says Maria.", {"maria"}, set()) == []
    assert find_names("We compared it with DocuSign's tool.", set(), set()) == ["DocuSign"]


def test_sentiment_negation_in_both_languages() -> None:
    assert sentiment_hits("We are happy with the support.") == (1, 0)
    assert sentiment_hits("We are not happy with the support.") == (0, 1)
    assert sentiment_hits("No estamos contentos con el soporte.") == (0, 1)
    assert sentiment_hits("Nos gusta mucho, es muy fácil.") == (2, 0)
    assert sentiment_hits("Es demasiado caro y el soporte es lento.")[1] >= 2


def test_spanish_call() -> None:
    call = make(
        [
            ("Gabriel", "¿Qué tal os funciona la herramienta actual?"),
            ("Nuria", "Mal. Pagamos veinticinco mil euros al año a RateBoost y falla mucho."),
            ("Gabriel", "Nuestro plan cuesta veintidós mil euros al año."),
            ("Nuria", "Me parece bien, nos gusta la propuesta."),
        ],
        sellers=["Gabriel"],
        language="es",
    )
    notes = [note(call, 1, "competitors"), note(call, 1, "budget_pricing")]
    result = build_insights(call, notes, [], analytics_of(call))
    assert result["language"] == "es"
    assert result["competitors"] == ["RateBoost"]
    assert [a["text"] for a in result["pricingAmounts"]] == [
        "veinticinco mil euros",
        "veintidós mil euros",
    ]
    assert result["questionsAsked"] == {"total": 1, "seller": 1, "customer": 0}


# A rival the competitor head misses: "pressure ... to move everyone to Framebook" reads as
# "other". Its smoke test passed before only through a wrong name (the customer's own client
# "Harlow"), now ruled out as a person's name by the name_kind prior; strict, so a fix shows.
# ("Signaturit me dio un precio parecido" is found since the head reads prices quoted by
# others, issue 16.)
_RIVAL_MISSED = {"en_call_inbound_lumen_upsell"}


def _smoke_cases() -> list[object]:
    return [
        pytest.param(
            ev,
            id=ev.id,
            marks=pytest.mark.xfail(strict=True, reason="the rival reads as 'other'"),
        )
        if ev.id in _RIVAL_MISSED
        else pytest.param(ev, id=ev.id)
        for ev in open_eval_set()
    ]


@pytest.mark.parametrize("ev", _smoke_cases())
def test_eval_set_smoke(ev) -> None:  # type: ignore[no-untyped-def]
    conversation = from_eval(ev)
    notes = eval_notes(ev, conversation)
    result = build_insights(conversation, notes, eval_next_steps(ev), analytics_of(conversation))
    assert result["language"] == ev.language
    assert -1 <= result["sentiment"]["score"] <= 1
    assert len(result["objections"]) == sum(1 for m in ev.categories if m.category == "objections")
    if any(m.category == "competitors" for m in ev.categories):
        assert result["competitors"]
    if any(m.category == "budget_pricing" for m in ev.categories):
        assert result["pricingDiscussed"]
    assert result["nextStepsAgreed"]["count"] == len(ev.next_steps)
    assert result["questionsAsked"]["total"] >= result["questionsAsked"]["seller"]


def test_robust_to_bad_note_lines_and_other_languages() -> None:
    call = make(
        [(S, "Bonjour, quel est votre budget ?"), (C, "Environ vingt mille euros.")],
        sellers=[S],
        language="fr",
    )
    stray = note(call, 1, "objections")
    stray = type(stray)("objections", "hors sujet", None, "low", 0.0, 1.0, 99)
    result = build_insights(call, [stray], [], analytics_of(call))
    assert result["language"] == "en"  # our wording falls back to English
    assert result["objections"] == [{"text": "hors sujet", "speaker": "", "start": 0.0, "line": 99}]
    assert result["competitors"] == []
