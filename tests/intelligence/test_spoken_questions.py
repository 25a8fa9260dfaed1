"""Questions in unpunctuated (ASR) transcripts, counted by meaning. Every turn here is new text,
written for these tests (none is in the head's corpus or the evaluation sets)."""

from __future__ import annotations

from meetsight.intelligence.analytics import compute_analytics
from meetsight.intelligence.builtin.spoken_questions import (
    clause_starts,
    count_spoken_questions,
    unpunctuated,
    with_spoken_questions,
    words,
)
from meetsight.transcripts.types import SegmentData

SELLER, BUYER = "Priya Ostrander", "Walt Kimura"
ASR_CALL = [
    (SELLER, "hey walt thanks for hopping on so how many locations are you running right now"),
    (BUYER, "we got six bakeries and a commissary kitchen out by the airport"),
    (SELLER, "nice and who takes care of ordering flour and all the dry goods"),
    (BUYER, "my sister does all of it from a notebook honestly it's a lot"),
    (SELLER, "got it do you have a point of sale system already"),
    (BUYER, "yeah we run the one that came with the cash registers"),
    (SELLER, "okay that helps we plug into most of those"),
    (BUYER, "cool how long does it usually take to get set up"),
    (SELLER, "usually two weeks for a group your size"),
]


def test_a_transcript_without_sentence_marks_is_unpunctuated() -> None:
    assert unpunctuated([text for _, text in ASR_CALL])
    written = ["Hi Walt.", "We have six bakeries.", "Who orders flour?", "My sister.", "Nice."]
    assert not unpunctuated(written)
    assert not unpunctuated(["too few turns", "to judge"])


def test_clauses_start_at_question_words_inversions_and_after_markers() -> None:
    ws = words("nice and who takes care of ordering flour")
    assert [ws[i] for i in clause_starts(ws)] == ["nice", "who"]
    # The auxiliary of a question word's inversion does not start a clause of its own.
    ws = words("so what are you using for payroll")
    assert clause_starts(ws) == [0]
    ws = words("that works do you want the annual plan")
    assert [ws[i] for i in clause_starts(ws)] == ["that", "do"]


def test_questions_are_counted_per_speaker_without_question_marks() -> None:
    # The seller asks 3 questions, the buyer 1 ("?" counting finds none). The head is not exact
    # on every phrasing (docs/intelligence.md gives its error): at most 2 off over the call.
    counts = count_spoken_questions(ASR_CALL)
    assert counts[BUYER] == 1
    assert 1 <= counts[SELLER] <= 3
    assert abs(counts[SELLER] - 3) + abs(counts[BUYER] - 1) <= 2


def test_statements_opening_with_question_words_are_not_questions() -> None:
    turns = [
        (BUYER, "what we usually do is bake the night before and deliver at five"),
        (BUYER, "how we track it is a spreadsheet my sister keeps"),
        (BUYER, "i don't know what the margin is on the rye"),
    ]
    assert count_spoken_questions(turns) == {BUYER: 0}


def test_spanish_questions_without_marks() -> None:
    turns = [
        ("Lucía Ferrer", "buenas tardes cuántas sucursales tienen ahorita"),
        ("Tomás Ibarra", "tenemos tres y una bodega en querétaro"),
        ("Lucía Ferrer", "perfecto y quién lleva el inventario de la bodega"),
        ("Tomás Ibarra", "lo lleva mi cuñado en una libreta"),
    ]
    counts = count_spoken_questions(turns)
    assert counts == {"Lucía Ferrer": 2, "Tomás Ibarra": 0}


def test_analytics_of_punctuated_text_keep_the_exact_question_marks() -> None:
    segments = [
        SegmentData(float(i), i + 0.9, speaker, text)
        for i, (speaker, text) in enumerate(
            [
                (SELLER, "How many locations do you run?"),
                (BUYER, "Six. And a kitchen."),
                (SELLER, "Who orders the flour?"),
                (BUYER, "My sister."),
                (SELLER, "Got it."),
            ]
        )
    ]
    analytics = compute_analytics(segments)
    turns = [(s.speaker, s.content) for s in segments]
    assert with_spoken_questions(analytics, turns) is analytics
    asr = [SegmentData(float(i), i + 0.9, s, t) for i, (s, t) in enumerate(ASR_CALL)]
    plain = compute_analytics(asr)
    assert plain.question_count == 0  # no "?" to count
    counted = with_spoken_questions(plain, ASR_CALL)
    expected = count_spoken_questions(ASR_CALL)
    assert {q.speaker_label: q.count for q in counted.questions_by_speaker} == expected
    assert counted.question_count == sum(expected.values()) > 0
