"""Chat answers from the built-in engine, on conversations written for these tests: the type of
answer asked for, follow-ups, declining what the conversation does not say, discussions and
recaps, written text (cleaned, reported speech), Spanish; and a hit-rate floor on the labelled
evaluation set."""

from __future__ import annotations

import unicodedata
from datetime import date

import numpy as np
import pytest
from eval_set import EvalConversation, load_eval_set

from meetsight.embedder import _load as embedder_model
from meetsight.embedder import embed
from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

HELD_OUT = frozenset(
    {
        "en_meeting_vantage_negotiation",
        "es_meeting_transportes_rioja_demo",
        "en_call_keystone_security_objection",
    }
)
NOT_COVERED = "The conversation does not cover that."
NO_TRATA = "La conversación no trata ese tema."


def make_conversation(
    language: str, turns: list[tuple[str, str]], seller: str, title: str = "test"
) -> Conversation:
    names = dict.fromkeys(speaker for speaker, _ in turns)
    return Conversation(
        kind="call",
        title=title,
        language=language,
        day=date(2026, 5, 4),
        speakers=tuple(Speaker(name, name == seller) for name in names),
        lines=tuple(
            Line(index=i, start=i * 30.0 + 2, end=i * 30.0 + 20, speaker=speaker, text=text)
            for i, (speaker, text) in enumerate(turns)
        ),
    )


FLEET = make_conversation(
    "en",
    [
        ("Sara Lee", "Hi Tom, thanks for making time today."),  # 0
        ("Tom Price", "Sure. Um, so our biggest problem is that, uh, routes are planned by hand."),
        ("Sara Lee", "How big is the operation today?"),  # 2
        ("Tom Price", "We have about forty drivers and six depots."),  # 3
        ("Sara Lee", "What are you using for planning right now?"),  # 4
        ("Tom Price", "We use Ledgerly, but support only answers by email."),  # 5
        ("Tom Price", "We also looked at Routemaster last year, it was too rigid."),  # 6
        ("Sara Lee", "Got it. Where is your main depot?"),  # 7
        ("Tom Price", "The main depot is in Rotterdam, the rest are smaller."),  # 8
        ("Tom Price", "How much would it cost for the forty drivers?"),  # 9
        ("Sara Lee", "It would be twelve dollars per driver per month, so about five hundred."),
        ("Tom Price", "Our cyber insurance renewal is in July and they keep asking about vendors."),
        ("Sara Lee", "We can send our security pack for that renewal."),  # 12
        ("Tom Price", "Our finance director, Paula Greene, signs anything above ten thousand."),
        ("Sara Lee", "Then let's plan a pilot. Could it start on March 3rd?"),  # 14
        ("Tom Price", "March 3rd works for us."),  # 15
        ("Sara Lee", "Great, I'll send the pilot plan on Friday."),  # 16
        ("Tom Price", "How long does onboarding take?"),  # 17
        ("Sara Lee", "Onboarding takes two weeks for a team your size."),  # 18
        ("Sara Lee", "Moving your old route data over is quicker, about three days."),  # 19
    ],
    seller="Sara Lee",
    title="Northline Logistics - routing discovery",
)


_VECTORS: dict[int, np.ndarray] = {}


def vectors_of(conversation: Conversation) -> np.ndarray:
    key = id(conversation)
    if key not in _VECTORS:
        _VECTORS[key] = embed([line.text for line in conversation.lines])
    return _VECTORS[key]


def ask(
    conversation: Conversation, text: str, history: tuple[tuple[str, str], ...] = ()
) -> tuple[str, list[int]]:
    answer = answer_question(conversation, Question(text, history), vectors_of(conversation))
    assert [c.line for c in answer.citations] == sorted({c.line for c in answer.citations})
    for citation in answer.citations:
        line = conversation.lines[citation.line]
        assert (citation.speaker, citation.start) == (line.speaker, line.start)
    return answer.answer, [c.line for c in answer.citations]


# --- the type of answer asked for ------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "line", "value"),
    [
        ("How many depots do they have?", 3, "six depots"),
        ("How many drivers work there?", 3, "forty drivers"),
        ("Who signs off on the purchase?", 13, "Paula Greene"),
        ("Which planning tool do they use today?", 5, "Ledgerly"),
        ("When does the pilot start?", 14, "March 3rd"),
        ("How much does it cost?", 10, "twelve dollars"),
        ("Where is the main depot?", 8, "Rotterdam"),
    ],
)
def test_answers_the_type_asked_with_its_moment(question: str, line: int, value: str) -> None:
    answer, lines = ask(FLEET, question)
    assert line in lines
    assert value in answer


# --- declining --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        # near the topic, but the conversation never says what is asked
        "Which insurance company covers them?",  # insurance is discussed; no insurer is named
        "How much do they pay for their cyber insurance?",  # no amount near the insurance
        "How many employees does Northline have?",  # drivers and depots are counted, not staff
        "What did Ledgerly charge them last year?",  # Ledgerly's price is never said
        "When did they sign with Ledgerly?",  # no date for it
        # never mentioned at all
        "How much does Northline pay for Fleetwise?",
        "What is the customer's favourite football team?",
        "Did they talk about the weather in Tokyo?",
    ],
)
def test_declines_what_the_conversation_does_not_say(question: str) -> None:
    answer, lines = ask(FLEET, question)
    assert answer == NOT_COVERED
    assert lines == []


# --- follow-ups -------------------------------------------------------------------------------


def test_follow_up_keeps_the_question_and_changes_what_is_counted() -> None:
    first, _ = ask(FLEET, "How many drivers do they have?")
    answer, lines = ask(FLEET, "And depots?", history=(("How many drivers do they have?", first),))
    assert 3 in lines
    assert "six depots" in answer


def test_follow_up_about_the_other_one_skips_the_first_answer() -> None:
    question = "Which other tools did they look at?"
    first, _ = ask(FLEET, question)
    assert "Ledgerly" in first or "Routemaster" in first
    answer, _ = ask(FLEET, "And the other one?", history=((question, first),))
    other = "Routemaster" if "Ledgerly" in first else "Ledgerly"
    assert other in answer


def test_what_about_reuses_the_previous_question() -> None:
    first, lines = ask(FLEET, "How long does onboarding take?")
    assert 18 in lines and "two weeks" in first
    history = (("How long does onboarding take?", first),)
    answer, lines = ask(FLEET, "What about moving the route data?", history=history)
    assert 19 in lines
    assert "three days" in answer


def test_a_reply_without_words_of_its_own_is_found_through_its_question() -> None:
    # "How big is the operation today?" / "We have about forty drivers and six depots."
    answer, lines = ask(FLEET, "How big is their operation?")
    assert 3 in lines
    assert "forty drivers" in answer


# --- written answers --------------------------------------------------------------------------


def test_answers_are_cleaned_and_reported() -> None:
    answer, lines = ask(FLEET, "What is their biggest problem?")
    assert 1 in lines
    assert "Tom Price said" in answer
    assert "routes were planned by hand" in answer
    for filler in (" um", " uh", "Um", "Uh"):
        assert filler not in answer


def test_answer_in_the_conversation_language_whatever_the_question() -> None:
    answer, lines = ask(FLEET, "¿Cuánto cuesta por conductor?")
    assert 10 in lines
    assert "said" in answer


# --- discussions and recaps -------------------------------------------------------------------

TOPICS = [
    ("Project Manager", "Let's start with the budget for the remote."),  # 0
    ("Finance Lead", "The budget is twelve euros per unit, including the battery."),  # 1
    ("Industrial Designer", "A rubber case would cost us about two euros more per unit."),
    ("Marketing", "People find the buttons on their remotes too small and confusing."),  # 3
    ("Marketing", "Our survey says younger users want fewer buttons and a clear layout."),  # 4
    ("Industrial Designer", "I think we should go with large rubber buttons, um, in two colours."),
    ("Project Manager", "Good. What about the shape of the case?"),  # 6
    ("Industrial Designer", "A curved case fits the hand better than a flat one."),  # 7
    ("Marketing", "A curved case also looks less like an old remote control."),  # 8
    ("Project Manager", "Back to money: can we still stay under twelve euros per unit?"),  # 9
    ("Finance Lead", "Only if we drop the LCD screen, which would cost three euros on its own."),
    ("Project Manager", "Then we drop the screen and keep the rubber buttons."),  # 11
    ("Marketing", "I agree, the screen was never important to the users we asked."),  # 12
    ("Project Manager", "Next meeting we look at the prototype. Thanks everyone."),  # 13
]
DESIGN = Conversation(
    kind="meeting",
    title="Remote control design",
    language="en",
    day=date(2026, 3, 2),
    speakers=tuple(Speaker(name, False) for name in dict.fromkeys(s for s, _ in TOPICS)),
    lines=tuple(Line(i, i * 20.0, i * 20.0 + 15, s, t) for i, (s, t) in enumerate(TOPICS)),
)


def test_summarize_the_discussion_covers_every_passage_about_it() -> None:
    answer, lines = ask(DESIGN, "Summarize the discussion about the cost per unit.")
    assert any(i in lines for i in (1, 2))  # the budget at the start
    assert any(i in lines for i in (9, 10))  # and when it came back
    assert "euros" in answer
    assert not {3, 4, 7, 8} & set(lines)  # not the buttons' users or the shape
    assert 40 <= len(answer.split()) <= 160


def test_what_did_a_speaker_think_quotes_that_speaker() -> None:
    answer, lines = ask(DESIGN, "What did the Industrial Designer think about the buttons?")
    assert 5 in lines
    assert "The Industrial Designer thought they should go with large rubber buttons" in answer
    assert " um" not in answer


def test_general_question_gets_a_recap_of_the_whole_meeting() -> None:
    for question in (
        "Summarize the meeting",
        "What was the meeting about?",
        "Can you sum up the call for us?",
        "Could you give me a quick recap?",
    ):
        answer, lines = ask(DESIGN, question)
        assert lines and min(lines) <= 4 and max(lines) >= 9
        assert 30 <= len(answer.split()) <= 160


# --- Spanish ----------------------------------------------------------------------------------

SPANISH = make_conversation(
    "es",
    [
        ("Ana Gil", "Hola, Pedro, gracias por atenderme."),  # 0
        (
            "Pedro Sanz",
            "El problema es que, eh, cuadramos los pedidos a mano y tardamos tres días.",
        ),
        ("Pedro Sanz", "¿Cuánto costaría para veinte usuarios?"),  # 2
        ("Ana Gil", "Serían trescientos euros al mes, con el soporte incluido."),  # 3
        ("Pedro Sanz", "La decisión la toma nuestra directora general, Marta Ruiz."),  # 4
        ("Pedro Sanz", "Queremos tenerlo funcionando antes de septiembre."),  # 5
        ("Pedro Sanz", "Ahora usamos Contaplus y tenemos dos almacenes en Valencia."),  # 6
    ],
    seller="Ana Gil",
)


@pytest.mark.parametrize(
    ("question", "line", "value"),
    [
        ("¿Quién toma la decisión?", 4, "Marta Ruiz"),
        ("¿Cuánto cuesta?", 3, "trescientos euros"),
        ("¿Cuántos almacenes tienen?", 6, "dos almacenes"),
        ("¿Qué programa usan ahora?", 6, "Contaplus"),
        ("What price did the seller quote?", 3, "trescientos euros"),
    ],
)
def test_spanish_answers_in_spanish(question: str, line: int, value: str) -> None:
    answer, lines = ask(SPANISH, question)
    assert line in lines
    assert value in answer
    assert "dijo" in answer


@pytest.mark.parametrize(
    "question",
    [
        "¿Cuántos empleados tiene la empresa?",
        "¿Cuál es la receta de la paella?",
        "Who won the election?",
    ],
)
def test_spanish_declines_in_spanish(question: str) -> None:
    answer, lines = ask(SPANISH, question)
    assert (answer, lines) == (NO_TRATA, [])


# --- long meetings ----------------------------------------------------------------------------


MAX_ENCODED = 120  # texts a question over a thousand embedded lines may still embed


def test_a_thousand_lines_answer_without_embedding_them_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = [text for _, text in TOPICS] + [line.text for line in FLEET.lines]
    base = embed(texts)
    lines, rows = [], []
    for i in range(1000):
        k = i % len(texts)
        speaker = TOPICS[k][0] if k < len(TOPICS) else FLEET.lines[k - len(TOPICS)].speaker
        lines.append(Line(i, i * 5.0, i * 5.0 + 4, speaker, texts[k]))
        rows.append(base[k])
    long = Conversation(
        kind="meeting",
        title="long",
        language="en",
        day=date(2026, 1, 1),
        speakers=tuple(Speaker(n, False) for n in dict.fromkeys(li.speaker for li in lines)),
        lines=tuple(lines),
    )
    vectors = np.vstack(rows)
    answer_question(
        long, Question("What is the cost per unit?"), vectors
    )  # per-conversation caches
    # What a question costs once the lines are embedded, counted rather than timed (the suite
    # runs on a loaded machine): the texts the sentence encoder is given for it, never the
    # thousand lines again (the speed itself: benchmarks/chat_eval.py, docs/benchmarks.md).
    model = embedder_model()
    encode = model.encode
    encoded: list[int] = []

    def counting(texts: list[str]) -> object:
        encoded.append(len(texts))
        return encode(texts)

    monkeypatch.setattr(model, "encode", counting)
    for question in (
        "Summarize the discussion about the buttons.",
        "How many depots do they have?",
    ):
        encoded.clear()
        answer = answer_question(long, Question(question), vectors)
        assert sum(encoded) <= MAX_ENCODED, (question, encoded)
        assert answer.citations


# --- quality floor on the labelled evaluation set -------------------------------------------


def folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def to_conversation(c: EvalConversation) -> Conversation:
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


@pytest.fixture(scope="module")
def evaluated() -> list[tuple[EvalConversation, Conversation, np.ndarray]]:
    out = []
    for c in load_eval_set():
        conversation = to_conversation(c)
        out.append((c, conversation, embed([line.text for line in conversation.lines])))
    return out


def hit_rate(rows: list[tuple[EvalConversation, Conversation, np.ndarray]]) -> float:
    hits = total = 0
    for c, conversation, vectors in rows:
        for q in c.questions:
            answer = answer_question(conversation, Question(q.question), vectors)
            cited = {citation.line for citation in answer.citations}
            text = folded(answer.answer)
            total += 1
            hits += bool(cited & set(q.answer_segments)) and all(
                folded(k) in text for k in q.answer_keywords
            )
    return hits / total


def test_answer_hit_rate_floor(evaluated: list) -> None:
    dev = [row for row in evaluated if row[0].id not in HELD_OUT]
    held = [row for row in evaluated if row[0].id in HELD_OUT]
    assert len(dev) == 10 and len(held) == 3
    # Floors at the measured figures (docs/intelligence.md); the held-out three were never
    # read nor tuned on.
    assert hit_rate(dev) >= DEV_FLOOR
    assert hit_rate(held) >= HELD_FLOOR


DEV_FLOOR = 0.85  # measured 42/49 (0.94 with verbatim quotes before issue 16)
HELD_FLOOR = 0.66  # measured 10/15 (0.93 before)


# Questions written for this test on the labelled set's conversations (not its labels): near
# the conversation's topics, half of them not answered by it.
NEAR_TOPIC = {
    "en_call_harbor_discovery": [
        ("Which insurance company covers Harbor's trucks?", None),
        ("How many dispatchers does Harbor employ?", None),
        ("How much did FleetPilot cost them?", None),
        ("How many trucks does Harbor have?", "hundred and forty"),
        ("When does peak season start?", "February"),
    ],
    "en_call_inbound_lumen_upsell": [
        ("When did Lumen sign the Harlow contract?", None),
        ("How much does Framebook cost?", None),
        ("How long do the freelancers stay?", "three to six months"),
        ("Who has to sign off on the spend?", "Aisha"),
    ],
    "en_call_inbound_pricing_brightpath": [
        ("How many locations does ShiftNest support?", None),
        ("When did BrightPath start using Gusto?", None),
        ("How many staff does BrightPath have?", "ninety"),
        ("What did ShiftNest quote?", "four fifty"),
    ],
    "en_meeting_cobalt_renewal": [
        ("How many claims does Cobalt process per month?", None),
        ("Which reinsurer does Cobalt work with?", None),
        ("When does the vendor committee meet?", "September fifteenth"),
        ("How many adjusters does Cobalt have?", "three hundred"),
    ],
    "en_meeting_granite_ridge_evaluation": [
        ("How much did Lexflow cost?", None),
        ("Which law firm does Granite Ridge use?", None),
        ("How many lawyers are on the legal team?", "four"),
        ("What budget was approved for this fiscal year?", "fifty thousand"),
    ],
    "en_meeting_northwind_demo": [
        ("How much does Metricly cost?", None),
        ("How many stores does Northwind have?", None),
        ("Where is the data hosted?", "Frankfurt"),
        ("Who has final sign-off?", "Linda Park"),
    ],
    "es_call_distribuciones_norte_descubrimiento": [
        ("¿Cuántos empleados tiene Distribuciones Norte?", None),
        ("¿Cuánto cuesta Factunet?", None),
        ("¿Cuántas facturas emiten al mes?", "seis mil"),
        ("¿Qué ERP usan?", "Navision"),
    ],
    "es_call_entrante_precios_gestoria_vidal": [
        ("¿Cuánto cobra Signaturit?", None),
        ("¿Cuántos clientes tiene la gestoría?", None),
        ("¿Cuántas personas trabajan en la gestoría?", "doce"),
        ("¿Cuánto cuesta el plan Despacho?", "ciento veinte"),
    ],
    "es_call_saliente_objeciones_hotel_brisa": [
        ("¿Cuántas habitaciones tienen los hoteles?", None),
        ("¿Cuánto cobra Opera por la integración?", None),
        ("¿Cuánto pagan ahora a RateBoost?", "veinticinco mil"),
        ("¿Cuántas personas hay en el equipo de revenue?", "tres"),
    ],
    "es_meeting_clinicas_salud_renovacion": [
        ("¿Cuántos médicos tienen las clínicas?", None),
        ("¿Cuándo firmaron el contrato actual?", None),
        ("¿Cuándo se reúne el consejo?", "veinticinco de junio"),
        ("¿Qué ofreció Doctoralia?", "mitad de precio"),
    ],
}


def test_near_topic_questions_on_the_labelled_set(evaluated: list) -> None:
    answered = declined = answerable = unanswerable = 0
    for c, conversation, vectors in evaluated:
        for question, value in NEAR_TOPIC.get(c.id, []):
            answer = answer_question(conversation, Question(question), vectors)
            if value is None:
                unanswerable += 1
                declined += not answer.citations
            else:
                answerable += 1
                answered += bool(answer.citations) and folded(value) in folded(answer.answer)
    assert (answerable, unanswerable) == (20, 21)
    assert answered >= 19  # measured 20
    assert declined >= 17  # measured 18 (not: the date of signing the Harlow contract, the
    # law firm, when the current contract was signed: a date or a name is there, of another
    # thing)
