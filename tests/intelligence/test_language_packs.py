"""The built-in engine's languages as packs behind one lookup (intelligence/builtin/languages):
English and Spanish have their own, "" (too little text to tell) reads as English, and any
other language gets the English pack with a warning in the log rather than silently."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterator
from datetime import date

import pytest

from meetsight.intelligence.builtin.commitments import extract_next_steps
from meetsight.intelligence.builtin.languages import (
    FALLBACK,
    PACKS,
    has_pack,
    pack_for,
    stopwords_for,
)
from meetsight.intelligence.conversation import Conversation, Line, Speaker

LOGGER = "meetsight.intelligence.builtin.languages"


@pytest.fixture(autouse=True)
def fresh_lookup() -> Iterator[None]:
    pack_for.cache_clear()  # the warning is logged once a process: each test starts afresh
    yield
    pack_for.cache_clear()


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER]


@pytest.mark.parametrize("code", ["en", "es"])
def test_english_and_spanish_have_packs_of_their_own(code: str) -> None:
    assert has_pack(code)
    assert pack_for(code).code == code


def test_the_packs_differ_where_the_languages_do() -> None:
    en, es = PACKS["en"], PACKS["es"]
    assert (en.stem("fixed"), es.stem("costaria"), es.stem("quieren")) == ("fix", "cost", "quer")
    assert en.promise("", "i'll send the deck.", "Ana", {}) is not None
    assert es.promise("Te mando la propuesta.", "te mando la propuesta.", "Ana", {}) is not None
    assert en.promise("", "te mando la propuesta.", "Ana", {}) is None


def test_an_undetected_language_reads_as_english_without_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert pack_for("") is FALLBACK is PACKS["en"]
    assert not has_pack("")
    assert _warnings(caplog) == []


def test_a_language_without_a_pack_gets_english_and_the_log_says_so(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert pack_for("fr") is FALLBACK
        assert pack_for("fr") is FALLBACK  # the same language again: no second warning
        assert pack_for("de") is FALLBACK
    found = _warnings(caplog)
    assert len(found) == 2
    assert "'fr'" in found[0] and "English" in found[0]
    assert "'de'" in found[1]
    assert not has_pack("fr")


def test_a_language_without_a_pack_gets_no_next_steps() -> None:
    """English promise rules are not run on French: the fallback stops short of next steps."""
    said = ["I'll send you the proposal by Friday.", "Great, thanks."]
    conversation = Conversation(
        kind="call",
        title="test",
        language="fr",
        day=date(2026, 3, 10),
        speakers=(Speaker("Ana", True), Speaker("Ben", False)),
        lines=tuple(
            Line(index=i, start=i * 10.0, end=i * 10.0 + 8, speaker=("Ana", "Ben")[i], text=t)
            for i, t in enumerate(said)
        ),
    )
    assert extract_next_steps(conversation) == []
    english = dataclasses.replace(conversation, language="en")
    assert len(extract_next_steps(english)) == 1


def test_keyphrases_cut_at_every_known_function_word_when_the_language_has_no_pack() -> None:
    assert stopwords_for("es") is PACKS["es"].stopwords
    for code in ("", "fr"):
        assert {"the", "que"} <= stopwords_for(code)
    assert "que" not in stopwords_for("en")
