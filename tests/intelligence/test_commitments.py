"""Next-step extraction: hand-made conversations in English and Spanish, and a quality floor on
the labelled evaluation set."""

from __future__ import annotations

from datetime import date

import pytest
from eval_set import EvalConversation, load_eval_set

from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.conversation import Conversation, Line, Speaker
from meetsight.intelligence.results import NextStep

WED = date(2026, 10, 14)
SELLER, BUYER, ENGINEER = "Ana Gómez", "Bob Stone", "Sam Lee"


def conversation(language: str, turns: list[tuple[str, str]], day: date = WED) -> Conversation:
    names = list(dict.fromkeys(speaker for speaker, _ in turns))
    speakers = tuple(Speaker(name, name != BUYER) for name in names)
    lines = tuple(Line(i, 5.0 * i, 5.0 * i + 4, s, t) for i, (s, t) in enumerate(turns))
    return Conversation("call", "test", language, day, speakers, lines)


def steps(language: str, turns: list[tuple[str, str]], day: date = WED) -> list[NextStep]:
    return extract_next_steps(conversation(language, turns, day))


def only(language: str, text: str, speaker: str = SELLER) -> NextStep | None:
    found = steps(language, [(speaker, text)])
    assert len(found) <= 1
    return found[0] if found else None


# --- English -----------------------------------------------------------------------------------


def test_first_person_future_with_deadline() -> None:
    step = only("en", "Here's what I suggest: I'll send you the ROI calculator by Friday.")
    assert step == NextStep(
        "send the ROI calculator", (SELLER,), "by Friday", date(2026, 10, 16), 0
    )


@pytest.mark.parametrize(
    ("text", "action", "deadline"),
    [
        ("I will email you a formal quote tomorrow.", "email a formal quote", "tomorrow"),
        ("I'm going to set up a trial workspace today.", "set up a trial workspace", "today"),
        ("We'll complete your security questionnaire.", "complete the security questionnaire", ""),
        ("Let me get you the pen test summary.", "get the pen test summary", ""),
        ("Our data team will run the comparison next week.", "run the comparison", "next week"),
        ("What I'll do is forward this to our CFO tonight.", "forward this to the CFO", "tonight"),
        ("I can get that to you by Thursday.", "get that to you", "by Thursday"),
        (
            "Okay. I'll pull our usage reports so you can plug in real numbers.",
            "pull the usage reports",
            "",
        ),
        (
            "Absolutely. Let's schedule the workshop for Tuesday the 20th, with legal.",
            "schedule the workshop with legal",
            "for Tuesday the 20th",
        ),
    ],
)
def test_english_commitments(text: str, action: str, deadline: str) -> None:
    step = only("en", text)
    assert step is not None
    assert (step.action, step.actors, step.deadline) == (action, (SELLER,), deadline)


@pytest.mark.parametrize(
    "text",
    [
        "If IT wants to join, maybe we could add them later.",
        "If you can do fifteen percent, we'll sign by the end of the month.",
        "We would probably stay if the numbers are close.",
        "I sent the deck over yesterday.",
        "We built a similar case for a client last month.",
        "I won't be able to join on Friday.",
        "I will not send anything before legal signs off.",
        "We'll be in touch.",
        "We'll keep you posted.",
        "Happy to help anytime.",
        "I'll be honest, the renewal is not a given.",
        "I'll need to justify the gap.",
        "I'll have to check with legal first.",
        "Okay, let's regroup on the eighth.",
        "Let's not worry about that yet.",
        "Let me share my screen.",
        "Let me pull it up.",
        "That's exactly the use case we'll show.",
        "People who'll be gone by winter don't need seats.",
        "Ha, we'll see.",
        "I can bring the price down to five twenty-five.",
        "I'll walk you through the dashboard.",
        "Maybe I'll send something next week.",
    ],
)
def test_english_non_commitments(text: str) -> None:
    assert only("en", text) is None


def test_proposal_needs_the_other_side() -> None:
    proposal = "Let's schedule a demo with your team next Tuesday, say ten a.m.?"
    taken = steps("en", [(SELLER, proposal), (BUYER, "Tuesday at ten is fine.")])
    assert [(s.line, s.actors, s.due) for s in taken] == [(0, (SELLER,), date(2026, 10, 20))]
    refused = steps("en", [(SELLER, proposal), (BUYER, "No, next week is impossible for us.")])
    assert refused == []
    unanswered = steps("en", [(SELLER, proposal)])
    assert unanswered == []


def test_request_taken_by_a_plain_yes() -> None:
    found = steps(
        "en",
        [(BUYER, "Can you send me the MSA redlines by Wednesday?"), (SELLER, "Sure, will do.")],
    )
    assert found == [
        NextStep("send Bob the MSA redlines", (SELLER,), "by Wednesday", date(2026, 10, 21), 1)
    ]


def test_request_answered_with_own_words_keeps_its_date() -> None:
    found = steps(
        "en",
        [(BUYER, "Could you send the security package by Friday?"), (SELLER, "Yes, I'll send it.")],
    )
    assert [(s.line, s.actors, s.due) for s in found] == [(1, (SELLER,), date(2026, 10, 16))]


def test_vague_request_is_not_a_step() -> None:
    found = steps("en", [(BUYER, "Helen, you'll loop me in?"), (SELLER, "I will. Bye.")])
    assert found == []


def test_offer_taken() -> None:
    found = steps(
        "en",
        [(BUYER, "Shall I send you our vendor questionnaire?"), (SELLER, "Yes please.")],
    )
    assert [(s.line, s.actors, s.action) for s in found] == [
        (0, (BUYER,), "send Ana the vendor questionnaire")
    ]
    assert steps("en", [(BUYER, "Shall I send you our questionnaire?"), (SELLER, "No need.")]) == []


def test_actors() -> None:
    found = steps(
        "en",
        [
            (SELLER, "I'll send the proposal by Friday, and Sam will set up the sandbox tomorrow."),
            (BUYER, "Great. I'll get our CFO to sign it by the end of the month."),
            (ENGINEER, "And Ana and I will review your playbook rules on Monday."),
        ],
    )
    assert [(s.line, s.actors, s.due) for s in found] == [
        (0, (SELLER,), date(2026, 10, 16)),
        (0, (ENGINEER,), date(2026, 10, 15)),
        (1, (BUYER,), date(2026, 10, 31)),
        (2, (ENGINEER, SELLER), date(2026, 10, 19)),
    ]
    assert found[0].action == "send the proposal"
    assert found[1].action == "set up the sandbox"


def test_two_promises_in_a_line_are_two_steps() -> None:
    found = steps("en", [(SELLER, "I'll send the deck. And I'll book a follow-up on Friday.")])
    assert [(s.action, s.due) for s in found] == [
        ("send the deck", None),
        ("book a follow-up", date(2026, 10, 16)),  # each promise keeps its own date
    ]


def test_a_later_sentence_that_refers_back_completes_the_step() -> None:
    found = steps(
        "en",
        [
            (BUYER, "Where are we on the security review?"),
            (SELLER, "We still owe you the pen test letter. I'll get that over by Friday."),
        ],
    )
    assert [(s.action, s.due) for s in found] == [("send the pen test letter", date(2026, 10, 16))]


def test_dates_said_first_and_deliveries_promised() -> None:
    found = steps(
        "en",
        [
            (SELLER, "By Friday I'll send you the updated order form."),
            (BUYER, "Great. You'll have the signed copy from us tomorrow."),
            (SELLER, "I'll be sending you the invite shortly."),
            (SELLER, "I'll have our legal team review the MSA."),
        ],
    )
    assert [(s.line, s.actors, s.action, s.due) for s in found] == [
        (0, (SELLER,), "send Bob the updated order form", date(2026, 10, 16)),
        (1, (BUYER,), "send the signed copy", date(2026, 10, 15)),
        (2, (SELLER,), "send Bob the invite shortly", None),
        (3, (SELLER,), "have the legal team review the MSA", None),
    ]


def test_the_one_spoken_to_commits() -> None:
    found = steps(
        "en",
        [
            (SELLER, "I'll send the ROI calculator by Friday."),
            (BUYER, "Sounds good."),
            (SELLER, "And you'll send me the detention reports by Monday."),
            (BUYER, "Will do."),
            (SELLER, "You'll love the new dashboard."),
            (BUYER, "You'll send the contract tomorrow?"),
        ],
    )
    assert [(s.line, s.actors, s.due) for s in found] == [
        (0, (SELLER,), date(2026, 10, 16)),
        (2, (BUYER,), date(2026, 10, 19)),
    ]


def test_recap_does_not_repeat_steps() -> None:
    found = steps(
        "en",
        [
            (SELLER, "I'll send the ROI calculator by Friday."),
            (BUYER, "And I'll pull the detention reports."),
            (SELLER, "So to recap: I'll send you the ROI calculator by Friday."),
        ],
    )
    assert [(s.line, s.actors) for s in found] == [(0, (SELLER,)), (1, (BUYER,))]


@pytest.mark.parametrize(
    "text",
    [
        "We're going to have a hard time with that budget.",
        "We'll get there.",
        "I'll do my best.",
        "We'll probably go with the annual plan.",
        "We'll cover that in the demo.",
        "I'll start with a quick overview.",
        "I said I'll send it, didn't I?",
    ],
)
def test_more_english_non_commitments(text: str) -> None:
    assert only("en", text) is None


# --- Spanish -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action", "deadline"),
    [
        (
            "Le envío una propuesta ajustada el viernes.",
            "enviar una propuesta ajustada",
            "el viernes",
        ),
        (
            "Te mando el acuerdo de disponibilidad mañana.",
            "mandar el acuerdo de disponibilidad",
            "mañana",
        ),
        (
            "Yo le paso el contacto de sistemas hoy mismo.",
            "pasar el contacto de sistemas",
            "hoy mismo",
        ),
        ("Voy a preparar la demo para el martes.", "preparar la demo", "para el martes"),
        ("Os enviaremos la propuesta a dos años.", "enviar la propuesta a dos años", ""),
        (
            "Yo presentaré la propuesta al consejo el veinticinco.",
            "presentar la propuesta al consejo",
            "el veinticinco",
        ),
        (
            "Reviso la propuesta con Elena y le respondo el lunes.",
            "revisar la propuesta con Elena y responder",
            "el lunes",
        ),
        (
            "Me comprometo a tener la integración lista en dos semanas.",
            "tener la integración lista",
            "en dos semanas",
        ),
        ("Vale, yo me encargo de enviar el contrato firmado.", "enviar el contrato firmado", ""),
        ("Y si le parece, le llamo el martes que viene.", "llamar", "el martes que viene"),
        (
            "Nuestro equipo de datos preparará el informe esta semana.",
            "preparar el informe",
            "esta semana",
        ),
    ],
)
def test_spanish_commitments(text: str, action: str, deadline: str) -> None:
    step = only("es", text)
    assert step is not None
    assert (step.action, step.actors, step.deadline) == (action, (SELLER,), deadline)


@pytest.mark.parametrize(
    "text",
    [
        "Si al final el director general quiere verlo, ya le avisaría.",
        "Si vemos que funciona, igual lo usamos también para los poderes.",
        "Podríamos ver la integración más adelante.",
        "Ya os mandé el resumen de la demo el lunes.",
        "Ya os enviamos hace un mes el listado de médicos.",
        "No te voy a mandar nada hasta que lo apruebe el comité.",
        "Lo hablo con Manuel.",
        "Pues mire, le cuento cómo lo hacemos.",
        "Por eso la puesta en marcha la hacemos nosotros, y en dos semanas ya propone tarifas.",
        "Normalmente enviamos las facturas el lunes.",
        "Vamos a lo económico.",
        "Vamos a ver qué dice el comité.",
        "Lo vamos a pensar.",
        "Igual te mando algo la semana que viene.",
        "Claro, eso lo podemos ver más adelante.",
        "Bueno, esta vez le acompañamos en el arranque.",
        "Te voy a contar lo que pasó.",
    ],
)
def test_spanish_non_commitments(text: str) -> None:
    assert only("es", text) is None


def test_spanish_proposal_and_agreements() -> None:
    proposal = (
        "Y agendamos una demostración con sistemas el martes de la próxima semana, ¿le parece?"
    )
    taken = steps("es", [(SELLER, proposal), (BUYER, "Me parece bien.")], day=date(2026, 10, 21))
    assert [(s.line, s.actors, s.due) for s in taken] == [(0, (SELLER,), date(2026, 10, 27))]
    assert taken[0].action == "agendar una demostración con sistemas"
    refused = steps("es", [(SELLER, proposal), (BUYER, "No, el martes no puedo.")])
    assert refused == []
    agreed = steps(
        "es",
        [
            (SELLER, "¿Entonces?"),
            (BUYER, "Perfecto. Quedamos en que me envías la propuesta esta semana."),
        ],
    )
    assert [(s.line, s.actors, s.action, s.due) for s in agreed] == [
        (1, (SELLER,), "enviar la propuesta", date(2026, 10, 16))
    ]


def test_spanish_dates_first_and_the_one_spoken_to() -> None:
    found = steps(
        "es",
        [
            (SELLER, "El viernes le envío la propuesta."),
            (BUYER, "Vale."),
            (SELLER, "Y usted me envía los datos de facturación el lunes."),
            (BUYER, "De acuerdo."),
            (SELLER, "Entonces quedamos así: le envío la propuesta el viernes."),
        ],
    )
    assert [(s.line, s.actors, s.action, s.due) for s in found] == [
        (0, (SELLER,), "enviar la propuesta", date(2026, 10, 16)),
        (2, (BUYER,), "enviar los datos de facturación", date(2026, 10, 19)),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Haremos todo lo posible.",
        "Volveremos a hablar.",
        "Te paso con mi compañera.",
        "Os mantendremos informados.",
        "Ya veremos.",
        "Le digo una cosa: el precio es alto.",
        "Los viernes enviamos el informe.",
    ],
)
def test_more_spanish_non_commitments(text: str) -> None:
    assert only("es", text) is None


def test_spanish_handing_over_needs_no_date() -> None:
    step = only("es", "Le mando también el caso de éxito de una empresa de transporte.")
    assert step is not None and step.action.startswith("mandar también el caso de éxito")
    assert only("es", "Te paso con mi compañera.") is None


def test_bare_answer_takes_the_request_words() -> None:
    found = steps(
        "es",
        [
            (BUYER, "¿Nos podéis enviar las condiciones del piloto?"),
            (SELLER, "Claro, os las envío esta tarde."),
        ],
    )
    assert [(s.line, s.actors, s.action, s.due) for s in found] == [
        (1, (SELLER,), "enviar las condiciones del piloto", WED)
    ]
    found = steps(
        "en", [(BUYER, "Could you send the pricing sheet?"), (SELLER, "Sure, I'll send it over.")]
    )
    assert [(s.line, s.actors, s.action) for s in found] == [
        (1, (SELLER,), "send the pricing sheet")
    ]


def test_spanish_request_taken() -> None:
    found = steps(
        "es", [(BUYER, "Y a mí mándame la documentación de la integración."), (SELLER, "Claro.")]
    )
    assert [(s.line, s.actors, s.action) for s in found] == [
        (1, (SELLER,), "mandar la documentación de la integración")
    ]


def test_no_steps_in_small_talk() -> None:
    talk = [
        (SELLER, "Hi Bob, is now still a good time?"),
        (BUYER, "Yes, I've got about twenty minutes."),
        (SELLER, "Great. What does a bad day look like?"),
        (BUYER, "Every Monday the routes change and we re-plan by hand."),
    ]
    assert steps("en", talk) == []
    assert steps("en", []) == []


# Held out of all tuning: only the figures over them are reported.
HELD_OUT = {
    "en_meeting_vantage_negotiation",
    "es_meeting_transportes_rioja_demo",
    "en_call_keystone_security_objection",
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_400_line_conversation(language: str) -> None:
    """Sales talk of the development conversations, repeated to 400 lines."""
    sources = [
        as_conversation(c)
        for c in load_eval_set()
        if c.language == language and c.id not in HELD_OUT
    ]
    texts = [(line.speaker, line.text) for c in sources for line in c.lines]
    turns = (texts * (400 // len(texts) + 1))[:400]
    long = Conversation(
        "meeting",
        "long",
        language,
        WED,
        tuple({s.name: s for c in sources for s in c.speakers}.values()),
        tuple(Line(i, 5.0 * i, 5.0 * i + 4, s, t) for i, (s, t) in enumerate(turns)),
    )
    # Speed is measured in benchmarks/intelligence_eval.py; here, what 400 lines give.
    found = extract_next_steps(long)
    assert len(found) >= 10  # repeated commitments count once


# --- quality floor on the labelled evaluation set ---------------------------------------------


def as_conversation(c: EvalConversation) -> Conversation:
    return Conversation(
        kind="meeting" if c.kind == "meeting" else "call",
        title=c.title,
        language=c.language,
        day=c.date,
        speakers=tuple(Speaker(p.name, p.internal) for p in c.participants),
        lines=tuple(
            Line(i, s.start_time, s.end_time, s.participant_name, s.content)
            for i, s in enumerate(c.segments)
        ),
        direction=c.direction,
    )


def matches(predicted: list[NextStep], c: EvalConversation, strict: bool) -> int:
    """Each expected step matches at most one prediction: same line, actor among the
    predicted actors and, when strict, the same resolved date."""
    used: set[int] = set()
    count = 0
    for expected in c.next_steps:
        for k, p in enumerate(predicted):
            if k in used or p.line != expected.segment or expected.actor not in p.actors:
                continue
            if strict and p.due != expected.deadline:
                continue
            used.add(k)
            count += 1
            break
    return count


# Reached on all 13 conversations when this floor was set (40 of 43 predictions match 40 of the
# 42 expected steps: 0.930 and 0.952); a regression fails.
PRECISION_FLOOR = 0.93
RECALL_FLOOR = 0.95


def test_quality_floor_on_the_eval_set() -> None:
    strict = loose = predicted = expected = 0
    for c in load_eval_set():
        found = extract_next_steps(as_conversation(c))
        strict += matches(found, c, strict=True)
        loose += matches(found, c, strict=False)
        predicted += len(found)
        expected += len(c.next_steps)
    assert expected >= 40
    precision, recall = strict / predicted, strict / expected
    assert precision >= PRECISION_FLOOR, f"precision {precision:.3f}"
    assert recall >= RECALL_FLOOR, f"recall {recall:.3f}"
    assert loose >= strict
