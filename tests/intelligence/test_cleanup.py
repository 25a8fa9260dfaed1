"""Spoken lines made fit to quote (builtin/cleanup.py), on sentences written for these tests."""

from __future__ import annotations

import pytest

from meetsight.intelligence.builtin.cleanup import clean, clean_sentences, is_backchannel


@pytest.mark.parametrize(
    ("spoken", "written"),
    [
        # fillers, wherever they are, with their commas
        ("Um, the renewal is, uh, due in March.", "The renewal is due in March."),
        ("So we were, um, thinking about the blue one.", "We were thinking about the blue one."),
        ("The vendor wants, you know, a longer term.", "The vendor wants a longer term."),
        ("I mean, the dashboard is slow, you know.", "The dashboard is slow."),
        ("Mm-hmm, the pilot starts on Monday.", "The pilot starts on Monday."),
        # stutters and pieces of words
        ("w w we should test the battery first", "We should test the battery first."),
        ("th- the budget is already approved.", "The budget is already approved."),
        ("So i if Okay, the clinic opens at nine.", "The clinic opens at nine."),
        ("It was a a really long a afternoon.", "It was a really long afternoon."),
        # repeats and false starts
        ("I I think the the form is too long.", "I think the form is too long."),
        ("We, we can ship it in May.", "We can ship it in May."),
        ("we should we should call the landlord", "We should call the landlord."),
        ("He's um he's not the one who signs.", "He's not the one who signs."),
        ("a sort of spe a sort of special cable", "A sort of special cable."),
        # openers and dangling ends
        ("Yeah, so, well, the trucks leave at six, and", "The trucks leave at six."),
        ("Okay and then the lawyer reads it,", "Then the lawyer reads it."),
        # words that look like openers or fillers but carry meaning are kept
        (
            "Right now we keep the orders in a spreadsheet.",
            "Right now we keep the orders in a spreadsheet.",
        ),
        ("I think so.", "I think so."),
        ("I agree with that.", "I agree with that."),
        (
            "In twenty twenty we bought forty forty-foot containers.",
            "In twenty twenty we bought forty forty-foot containers.",
        ),
        ("Is the price per seat?", "Is the price per seat?"),
    ],
)
def test_english_speech_is_cleaned(spoken: str, written: str) -> None:
    assert clean(spoken, "en") == written


@pytest.mark.parametrize(
    ("spoken", "written"),
    [
        (
            "Pues, eh, usamos la hoja de cálculo, o sea, desde siempre.",
            "Usamos la hoja de cálculo desde siempre.",
        ),
        ("Bueno, vale, el contrato vence en junio, ¿sabes?", "El contrato vence en junio."),
        ("la la factura llega tarde y", "La factura llega tarde."),
    ],
)
def test_spanish_speech_is_cleaned(spoken: str, written: str) -> None:
    assert clean(spoken, "es") == written


@pytest.mark.parametrize(
    "sentence",
    [
        "Okay.",
        "Yeah, sure.",
        "Mm-hmm.",
        "That makes sense.",
        "Right, right.",
        "Sí, claro.",
        "Vale, perfecto.",
    ],
)
def test_acknowledgements_are_backchannel(sentence: str) -> None:
    assert is_backchannel(sentence)
    assert clean(sentence) == ""


@pytest.mark.parametrize(
    "sentence",
    [
        "Okay, the price is too high.",
        "No, we never got the invoice.",
        "Sí, tenemos tres almacenes.",
    ],
)
def test_sentences_with_content_are_not_backchannel(sentence: str) -> None:
    assert not is_backchannel(sentence)


def test_clean_sentences_drops_acknowledgements_and_cleans_the_rest() -> None:
    line = (
        "Okay. Yeah, got it. So the, um, warehouse closes at eight. Right. "
        "And the the trucks come at nine."
    )
    assert clean_sentences(line, "en") == [
        "The warehouse closes at eight.",
        "The trucks come at nine.",
    ]


def test_nothing_to_clean_gives_empty_text() -> None:
    assert clean("") == ""
    assert clean("  um, uh ... ") == ""
    assert clean_sentences("") == []
