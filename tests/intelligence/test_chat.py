"""Chat answers from the built-in engine: small hand-made conversations in English and Spanish
(cross-language questions included), and a hit-rate floor on the labelled evaluation set."""

from __future__ import annotations

import unicodedata
from datetime import date

import numpy as np
import pytest
from eval_set import EvalConversation, load_eval_set

from meetsight.intelligence.builtin.chat import answer_question
from meetsight.intelligence.builtin.embedder import embed
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker

HELD_OUT = frozenset(
    {
        "en_meeting_vantage_negotiation",
        "es_meeting_transportes_rioja_demo",
        "en_call_keystone_security_objection",
    }
)


def make_conversation(language: str, turns: list[tuple[str, str]], seller: str) -> Conversation:
    names = dict.fromkeys(speaker for speaker, _ in turns)
    return Conversation(
        kind="call",
        title="test",
        language=language,
        day=date(2026, 5, 4),
        speakers=tuple(Speaker(name, name == seller) for name in names),
        lines=tuple(
            Line(index=i, start=i * 30.0 + 2, end=i * 30.0 + 20, speaker=speaker, text=text)
            for i, (speaker, text) in enumerate(turns)
        ),
    )


ENGLISH = make_conversation(
    "en",
    [
        ("Sara Lee", "Hi Tom, thanks for making time today."),
        ("Tom Price", "Sure. Our biggest problem is that invoices are matched by hand every week."),
        ("Sara Lee", "What are you using today?"),
        ("Tom Price", "We use Ledgerly, but support only answers by email."),
        ("Tom Price", "How much would it cost for forty users?"),
        ("Sara Lee", "It would be twelve dollars per user per month, about five hundred a month."),
        ("Tom Price", "Our finance director, Paula Greene, signs anything above ten thousand."),
        ("Sara Lee", "Great, I'll send the proposal on Friday."),
    ],
    seller="Sara Lee",
)
SPANISH = make_conversation(
    "es",
    [
        ("Ana Gil", "Hola, Pedro, gracias por atenderme."),
        ("Pedro Sanz", "El problema es que cuadramos los pedidos a mano y tardamos tres días."),
        ("Pedro Sanz", "¿Cuánto costaría para veinte usuarios?"),
        ("Ana Gil", "Serían trescientos euros al mes, con el soporte incluido."),
        ("Pedro Sanz", "La decisión la toma nuestra directora general, Marta Ruiz."),
        ("Pedro Sanz", "Queremos tenerlo funcionando antes de septiembre."),
    ],
    seller="Ana Gil",
)
VECTORS: dict[str, np.ndarray] = {}


def vectors_of(conversation: Conversation) -> np.ndarray:
    if conversation.language not in VECTORS:
        VECTORS[conversation.language] = embed([line.text for line in conversation.lines])
    return VECTORS[conversation.language]


def ask(conversation: Conversation, text: str) -> tuple[str, list[int]]:
    answer = answer_question(conversation, Question(text), vectors_of(conversation))
    assert [c.line for c in answer.citations] == sorted({c.line for c in answer.citations})
    for citation in answer.citations:
        line = conversation.lines[citation.line]
        assert (citation.speaker, citation.start) == (line.speaker, line.start)
    return answer.answer, [c.line for c in answer.citations]


def test_quotes_the_price_with_speaker_and_time() -> None:
    answer, lines = ask(ENGLISH, "How much does it cost?")
    assert 5 in lines
    assert 'Sara Lee (02:32): "It would be twelve dollars per user' in answer
    assert answer.startswith("From the conversation:")


def test_who_question_finds_the_signer() -> None:
    answer, lines = ask(ENGLISH, "Who signs off on the purchase?")
    assert 6 in lines
    assert "Paula Greene" in answer


def test_competitor_question_finds_the_tool_in_use() -> None:
    answer, lines = ask(ENGLISH, "Which competitor do they use today?")
    assert 3 in lines
    assert "Ledgerly" in answer


def test_spanish_question_answered_in_spanish() -> None:
    answer, lines = ask(SPANISH, "¿Quién toma la decisión?")
    assert 4 in lines
    assert answer.startswith("Según la conversación:")
    assert "Marta Ruiz" in answer


def test_english_question_on_a_spanish_conversation() -> None:
    answer, lines = ask(SPANISH, "What price did the seller quote?")
    assert 3 in lines
    assert "trescientos euros" in answer
    assert answer.startswith("Según la conversación:")  # the conversation's language


def test_spanish_question_on_an_english_conversation() -> None:
    answer, lines = ask(ENGLISH, "¿Cuál es el principal problema del cliente?")
    assert 1 in lines
    assert "by hand" in answer


@pytest.mark.parametrize(
    ("conversation", "question", "expected"),
    [
        (ENGLISH, "What is the customer's favourite football team?", "does not cover"),
        (ENGLISH, "Did they talk about the weather in Tokyo?", "does not cover"),
        (SPANISH, "¿Cuál es la receta de la paella?", "no trata"),
        (SPANISH, "Who won the election?", "no trata"),
    ],
)
def test_off_topic_questions_cite_nothing(
    conversation: Conversation, question: str, expected: str
) -> None:
    answer, lines = ask(conversation, question)
    assert lines == []
    assert expected in answer


def test_follow_up_borrows_the_previous_question() -> None:
    question = Question("And for forty users?", history=(("How much would it cost?", "..."),))
    answer = answer_question(ENGLISH, question, vectors_of(ENGLISH))
    assert 5 in [c.line for c in answer.citations]


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
    # Floors at the measured figures; the held-out three were never read nor tuned on.
    assert hit_rate(dev) >= 0.93  # measured 46/49 = 0.939
    assert hit_rate(held) >= 0.93  # measured 14/15 = 0.933
    assert hit_rate(evaluated) >= 0.93  # measured 60/64 = 0.938


def test_answers_on_a_long_conversation(evaluated: list) -> None:
    lines = [line for _, conversation, _ in evaluated for line in conversation.lines]
    stacked = np.vstack([vectors for *_, vectors in evaluated])
    repeat = 400 // len(lines) + 1
    lines, stacked = (lines * repeat)[:400], np.vstack([stacked] * repeat)[:400]
    long = Conversation(
        kind="meeting",
        title="long",
        language="en",
        day=date(2026, 1, 1),
        speakers=evaluated[0][1].speakers,
        lines=tuple(
            Line(i, i * 5.0, i * 5.0 + 4, line.speaker, line.text) for i, line in enumerate(lines)
        ),
    )
    question = Question("Who has to sign off on the purchase?")
    # Speed is measured in benchmarks/intelligence_eval.py; here, that 400 lines still answer.
    answer = answer_question(long, question, stacked)
    assert answer.citations
