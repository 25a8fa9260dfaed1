"""Reported speech (builtin/reported.py), on sentences written for these tests."""

from __future__ import annotations

import pytest

from meetsight.intelligence.builtin.reported import reported, speaker_label, third_person


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("Project Manager", "the Project Manager"),
        ("Sales Director", "the Sales Director"),
        ("Marketing", "Marketing"),
        ("PhD B", "PhD B"),
        ("Nadia Rahman", "Nadia Rahman"),
        ("Ms. Joan Little (Riverside, Ind.)", "Ms. Joan Little"),
        ("The Chair", "the Chair"),
    ],
)
def test_speaker_label(name: str, label: str) -> None:
    assert speaker_label(name) == label


@pytest.mark.parametrize(
    ("sentence", "speaker", "expected"),
    [
        (
            "I think we should use the aluminium case.",
            "Industrial Designer",
            "The Industrial Designer thought they should use the aluminium case.",
        ),
        (
            "I don't think the warehouse team will like it.",
            "Omar Haddad",
            "Omar Haddad did not think the warehouse team would like it.",
        ),
        (
            "The insurer wants quarterly audits from next year.",
            "Lena Fischer",
            "Lena Fischer said the insurer wants quarterly audits from next year.",
        ),
        (
            "We're paying too much for our current scanners.",
            "Omar Haddad",
            "Omar Haddad said they were paying too much for their current scanners.",
        ),
        (
            "I'll call you on Monday.",
            "Lena Fischer",
            "Lena Fischer said they would call them on Monday.",
        ),
        (
            "I'd like to see the roadmap first.",
            "Finance Lead",
            "The Finance Lead wanted to see the roadmap first.",
        ),
        (
            "Let's keep the yellow logo.",
            "Marketing",
            "Marketing suggested that they keep the yellow logo.",
        ),
        (
            "My guess is that the charger is the weak part.",
            "PhD C",
            "PhD C thought the charger was the weak part.",
        ),
        (
            "We need a second warehouse.",
            "Omar Haddad",
            "Omar Haddad said they needed a second warehouse.",
        ),
    ],
)
def test_english_statements(sentence: str, speaker: str, expected: str) -> None:
    assert reported(sentence, speaker, "en") == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "What are you using for payroll today?",
            "Lena asked what they were using for payroll today.",
        ),
        (
            "Do you have a data centre in Europe?",
            "Lena asked whether they had a data centre in Europe.",
        ),
        ("How many drivers do you employ?", "Lena asked how many drivers they employ."),
        ("Is the invoice monthly?", 'Lena asked: "Is the invoice monthly?"'),
    ],
)
def test_english_questions(sentence: str, expected: str) -> None:
    assert reported(sentence, "Lena", "en") == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Creo que la migración es arriesgada.", "Rosa Gil opinó que la migración es arriesgada."),
        (
            "Tenemos tres almacenes y usamos un programa antiguo.",
            "Rosa Gil dijo que tienen tres almacenes y usan un programa antiguo.",
        ),
        (
            "Antes pagábamos menos por nuestro contrato.",
            "Rosa Gil dijo que antes pagaban menos por su contrato.",
        ),
        ("Te envío el presupuesto mañana.", "Rosa Gil dijo que le envía el presupuesto mañana."),
        ("Los últimos meses fueron duros.", "Rosa Gil dijo que los últimos meses fueron duros."),
    ],
)
def test_spanish(sentence: str, expected: str) -> None:
    assert reported(sentence, "Rosa Gil", "es") == expected


def test_third_person_keeps_names_and_other_words() -> None:
    assert third_person("We sent Carla our figures.") == "They sent Carla their figures."
    assert third_person("Our CFO signs it.") == "Their CFO signs it."


def test_other_languages_and_empty_input() -> None:
    assert (
        reported("Wir brauchen das bis Freitag.", "Jan", "de")
        == "Jan: Wir brauchen das bis Freitag."
    )
    assert reported("", "Jan") == ""
