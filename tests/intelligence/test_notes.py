"""Smart-category notes from the built-in engine: small hand-made conversations in English and
Spanish, and a quality floor on the labelled evaluation set (real embedder, no mocks)."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from eval_set import EvalConversation, load_eval_set

from meetsight.embedder import embed
from meetsight.intelligence.builtin.notes import DEFAULT_SPECS, classify_notes
from meetsight.intelligence.builtin.prototypes import embed_texts
from meetsight.intelligence.conversation import CategorySpec, Conversation, Line, Speaker

# Tuning used only these ten; the other three are held out and reported apart.
HELD_OUT = frozenset(
    {
        "en_meeting_vantage_negotiation",
        "es_meeting_transportes_rioja_demo",
        "en_call_keystone_security_objection",
    }
)


def make_conversation(language: str, turns: list[tuple[str, str]], seller: str) -> Conversation:
    lines = tuple(
        Line(index=i, start=i * 10.0, end=i * 10.0 + 8.0, speaker=speaker, text=text)
        for i, (speaker, text) in enumerate(turns)
    )
    names = dict.fromkeys(speaker for speaker, _ in turns)
    return Conversation(
        kind="call",
        title="test",
        language=language,
        day=date(2026, 5, 4),
        speakers=tuple(Speaker(name, name == seller) for name in names),
        lines=lines,
    )


def vectors_of(conversation: Conversation) -> np.ndarray:
    return embed([line.text for line in conversation.lines])


def by_line(conversation: Conversation, categories: tuple[CategorySpec, ...]) -> dict:
    notes = classify_notes(conversation, categories, vectors_of(conversation))
    per_line: dict[int, list[str]] = {}
    for n in notes:
        per_line.setdefault(n.line, []).append(n.category_key)
    # one category per line, but for a rival named in an objection: competitor, then objection
    assert all(len(k) == 1 or k == ["competitors", "objections"] for k in per_line.values())
    return {n.line: n for n in reversed(notes)}


def test_a_rival_named_in_an_objection_is_filed_under_both() -> None:
    """A switch threat names a rival and is an objection: the line gets both notes, so neither
    the Competitors nor the Objections category loses it."""
    conversation = make_conversation(
        "en",
        [
            ("Sara Lee", "Thanks for calling, how can I help today?"),
            (
                "Tom Price",
                "You billed me twice again. Honestly, Vexaline has been calling me every week "
                "with an offer, and I'm this close to switching if this isn't fixed today.",
            ),
            ("Sara Lee", "I'm sorry about that, let me look at the account right now."),
        ],
        seller="Sara Lee",
    )
    notes = classify_notes(conversation, DEFAULT_SPECS, vectors_of(conversation))
    on_threat = sorted(n.category_key for n in notes if n.line == 1)
    assert on_threat == ["competitors", "objections"]


def test_english_lines_get_their_categories() -> None:
    conversation = make_conversation(
        "en",
        [
            ("Sara Lee", "Hi Tom, thanks for joining, how was your weekend?"),
            ("Tom Price", "Good, thanks. We went hiking with the kids."),
            ("Tom Price", "We are also looking at Quotient, they quoted us twenty dollars a seat."),
            ("Sara Lee", "Our plan is thirty dollars per seat per month, billed annually."),
            ("Tom Price", "Honestly I'm worried my team won't have time to learn another tool."),
            ("Sara Lee", "I'll send you the security whitepaper by Friday."),
        ],
        seller="Sara Lee",
    )
    notes = by_line(conversation, DEFAULT_SPECS)
    assert 0 not in notes and 1 not in notes  # greeting and small talk
    assert notes[2].category_key == "competitors"
    assert notes[2].tag == "Quotient"
    assert notes[2].priority == "high"
    assert notes[3].category_key == "budget_pricing"
    assert notes[3].priority == "high"  # an amount
    assert notes[4].category_key == "objections"
    assert notes[5].category_key == "next_steps"
    assert notes[5].tag == "security whitepaper"
    assert (notes[5].start, notes[5].end, notes[5].line) == (50.0, 58.0, 5)
    assert notes[5].content == conversation.lines[5].text


def test_spanish_lines_get_their_categories() -> None:
    conversation = make_conversation(
        "es",
        [
            ("Ana Gil", "Hola, Pedro, buenos días, ¿qué tal el fin de semana?"),
            ("Pedro Sanz", "Muy bien, gracias, estuvimos en la playa."),
            ("Pedro Sanz", "¿Cuánto cuesta el precio por usuario al mes?"),
            ("Pedro Sanz", "El problema es que cerramos el mes a mano y tardamos diez días."),
            ("Pedro Sanz", "La decisión final la toma nuestro director general."),
            ("Pedro Sanz", "Queremos tenerlo funcionando antes de septiembre."),
        ],
        seller="Ana Gil",
    )
    notes = by_line(conversation, DEFAULT_SPECS)
    assert 0 not in notes and 1 not in notes
    assert notes[2].category_key == "budget_pricing"
    assert notes[2].tag is not None and "precio" in notes[2].tag.lower()
    assert notes[3].category_key == "pain_points"
    assert notes[4].category_key == "decision_process"
    assert notes[5].category_key == "timeline"


def test_custom_category_uses_its_description_and_examples() -> None:
    hiring = CategorySpec(
        id="c1",
        key="hiring_plans",
        name="Hiring plans",
        description="Hiring plans, new employees joining and how the team will grow.",
        examples=("We're hiring ten engineers next year.", "Vamos a contratar a cinco personas."),
    )
    conversation = make_conversation(
        "en",
        [
            ("Sara Lee", "Good morning, can everyone hear me?"),
            ("Tom Price", "We plan to hire fifteen new support agents over the summer."),
        ],
        seller="Sara Lee",
    )
    notes = by_line(conversation, (hiring,))
    assert list(notes) == [1]
    assert notes[1].category_key == "hiring_plans"
    assert notes[1].priority in {"low", "medium"}


def test_category_prototypes_are_cached_by_text() -> None:
    conversation = make_conversation("en", [("Tom Price", "What does it cost?")], "Sara Lee")
    vectors = vectors_of(conversation)
    classify_notes(conversation, DEFAULT_SPECS, vectors)
    before = embed_texts.cache_info()
    classify_notes(conversation, DEFAULT_SPECS, vectors)
    after = embed_texts.cache_info()
    assert after.misses == before.misses
    assert after.hits == before.hits + len(DEFAULT_SPECS)


def test_empty_inputs() -> None:
    conversation = make_conversation("en", [], "Sara Lee")
    assert classify_notes(conversation, DEFAULT_SPECS, np.zeros((0, 512), np.float32)) == []
    one = make_conversation("en", [("Tom Price", "What does it cost?")], "Sara Lee")
    assert classify_notes(one, (), vectors_of(one)) == []


# --- quality floor on the labelled evaluation set -------------------------------------------


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
        out.append((c, conversation, vectors_of(conversation)))
    return out


def category_accuracy(rows: list[tuple[EvalConversation, Conversation, np.ndarray]]) -> float:
    correct = total = 0
    for c, conversation, vectors in rows:
        filed: dict[int, set[str]] = {}
        for n in classify_notes(conversation, DEFAULT_SPECS, vectors):
            filed.setdefault(n.line, set()).add(n.category_key)
        for mark in c.categories:
            total += 1
            correct += mark.category in filed.get(mark.segment, set())
    return correct / total


def test_category_accuracy_floor(evaluated: list) -> None:
    dev = [row for row in evaluated if row[0].id not in HELD_OUT]
    held = [row for row in evaluated if row[0].id in HELD_OUT]
    assert len(dev) == 10 and len(held) == 3
    # Floors at the measured figures, so that a regression fails. The held-out three were never
    # read nor tuned on. Objections and named competitors now come from learned heads that were
    # not fitted to this set (the word cues before them were, to its ten: 0.932 / 0.737 / 0.889);
    # the heads hold on conversations nobody here has read (docs/benchmarks.md), where the cues
    # did not. Most of the difference: a competitor's best mention is filed as Competitors even
    # inside a pain story, and some lines labelled pain or budget read as objections.
    assert category_accuracy(dev) >= 0.80  # measured 108/133 = 0.812
    assert category_accuracy(held) >= 0.70  # measured 27/38 = 0.711
    assert category_accuracy(evaluated) >= 0.78  # measured 135/171 = 0.789


def test_notes_stay_selective(evaluated: list) -> None:
    lines = notes = 0
    for _, conversation, vectors in evaluated:
        lines += len(conversation.lines)
        notes += len({n.line for n in classify_notes(conversation, DEFAULT_SPECS, vectors)})
    assert notes <= 0.7 * lines  # lines with a note: greetings, thanks and small talk get none


def test_sorts_a_long_conversation(evaluated: list) -> None:
    lines, vectors = [], []
    for _, conversation, vecs in evaluated:
        lines.extend(conversation.lines)
        vectors.append(vecs)
    lines = (lines * (400 // len(lines) + 1))[:400]
    long = Conversation(
        kind="meeting",
        title="long",
        language="en",
        day=date(2026, 1, 1),
        speakers=(),
        lines=tuple(
            Line(i, i * 5.0, i * 5.0 + 4, line.speaker, line.text) for i, line in enumerate(lines)
        ),
    )
    stacked = np.vstack(vectors * (400 // sum(len(v) for v in vectors) + 1))[:400]
    # Speed is measured in benchmarks/intelligence_eval.py; here, that 400 lines are sorted.
    notes = classify_notes(long, DEFAULT_SPECS, stacked)
    assert len({n.category_key for n in notes}) >= 5
