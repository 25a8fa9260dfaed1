"""The things a next step's pronouns stand for: noun phrases and their antecedents (English and
Spanish sentences written for these tests)."""

from __future__ import annotations

import pytest

from meetsight.intelligence.builtin.commitment_context import (
    antecedent,
    last_person,
    noun_phrases,
    topic,
)


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        (
            "Our insurer sent a twelve-page questionnaire last week.",
            "en",
            ["Our insurer", "a twelve-page questionnaire"],
        ),
        (
            "Can you add the spike on caching to the board?",
            "en",
            ["the spike on caching", "the board"],
        ),
        ("Annual billing at net 30 is fine by me.", "en", ["net 30"]),
        ("Te paso el certificado del fabricante.", "es", ["el certificado del fabricante"]),
        ("Lo de la factura electrónica va aparte.", "es", ["Lo de la factura electrónica"]),
    ],
)
def test_noun_phrases(text: str, language: str, expected: list[str]) -> None:
    assert [p.text for p in noun_phrases(text, language)] == expected


def test_a_date_is_not_a_thing() -> None:
    found = [p.text for p in noun_phrases("I'll put the domains in the guide on Thursday.", "en")]
    assert found == ["the domains in the guide"]


def test_the_nearest_thing_is_taken_and_made_definite() -> None:
    contexts = ["Got it.", "Our insurer sent a twelve-page questionnaire last week."]
    assert antecedent(contexts, "en") == "the twelve-page questionnaire"


def test_them_takes_two_things_joined() -> None:
    text = "Support will want the error logs from last night and your browser version."
    assert antecedent([text], "en", plural=True) == (
        "the error logs from last night and your browser version"
    )


def test_a_source_after_from_is_not_what_it_means() -> None:
    contexts = ["Sure, I can export that from the CRM.", "Could you pull the renewal list?"]
    assert antecedent(contexts, "en") == "the renewal list"


def test_a_subordinate_clause_does_not_hold_the_thing() -> None:
    text = "We owe you the audit letter, since our review period ended in June."
    assert antecedent([text], "en") == "the audit letter"


def test_people_and_vague_words_are_not_things() -> None:
    assert antecedent(["Dev, that's the thing."], "en", people=frozenset({"dev"})) is None


def test_topic_prefers_numbers_and_names() -> None:
    found = topic(["Could we do net 60 on the annual plan?"], "en")
    assert found is not None and found.startswith("net 60")


def test_last_person_named() -> None:
    known = {"nora": "Nora Quint"}
    assert last_person(["Mi socio, Andrés, es el que firma."], known) == "Andrés"
    assert last_person(["Eso se lo enseño a Andrés."], known) == "Andrés"
    assert last_person(["I talked to Nora yesterday."], known) == "Nora"
