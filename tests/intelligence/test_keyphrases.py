"""Keyphrases: RAKE-style candidates between stopwords, counted accent-folded, returned as
written."""

from __future__ import annotations

from meetsight.intelligence.builtin.folding import words
from meetsight.intelligence.builtin.keyphrases import keyphrases
from meetsight.intelligence.builtin.stopwords import ENGLISH, SPANISH

ENGLISH_TALK = [
    "Our detention fees went up again last quarter.",
    "The detention fees are killing our margins, honestly.",
    "We pay detention fees at every port terminal.",
    "Does it read the Samsara feed?",
    "Yeah, okay, sure.",
]


def test_most_frequent_phrase_wins_in_english() -> None:
    top = keyphrases(ENGLISH_TALK, "en", 3)
    assert top[0] == "detention fees"
    assert len(top) == 3


def test_no_stopword_only_or_number_phrases() -> None:
    for phrase in keyphrases(ENGLISH_TALK, "en", 10):
        assert not all(w in ENGLISH for w in words(phrase))
        assert "quarter" not in words(phrase)  # calendar words break phrases
        assert not any(w in ("yeah", "okay", "sure") for w in words(phrase))


def test_original_casing_kept() -> None:
    top = keyphrases(ENGLISH_TALK, "en", 10)
    assert "Samsara feed" in top


def test_sentence_initial_capital_is_lowered() -> None:
    top = keyphrases(["Dispatch is slow.", "Dispatch is a mess."], "en", 5)
    assert top[0] == "dispatch"
    # A word with inner capitals is a name and keeps them even at a sentence start.
    top = keyphrases(["FleetPilot failed us.", "FleetPilot failed again."], "en", 1)
    assert top == ["FleetPilot failed"]


def test_accents_are_folded_for_counting() -> None:
    texts = [
        "La facturación nos lleva días.",
        "Con la facturacion electrónica iríamos más rápido.",
        "El problema es la facturación de los albaranes.",
        "Usamos una hoja de cálculo.",
    ]
    top = keyphrases(texts, "es", 5)
    folded = [" ".join(words(p)) for p in top]
    assert folded.count("facturacion") == 1
    assert top[0] == "facturación"  # the commonest written form
    for phrase in top:
        assert not all(w in SPANISH for w in words(phrase))


def test_numbers_break_phrases_in_spanish() -> None:
    top = keyphrases(["Cuarenta mil euros al año por ocho hoteles grandes."], "es", 5)
    for phrase in top:
        assert not {"cuarenta", "mil", "ocho"} & set(words(phrase))
    assert "hoteles grandes" in top


def test_no_phrase_inside_a_better_one() -> None:
    top = keyphrases(ENGLISH_TALK, "en", 10)
    sets = [set(words(p)) for p in top]
    for i, a in enumerate(sets):
        for b in sets[i + 1 :]:
            assert not (a <= b or b <= a)


def test_top_and_empty_input() -> None:
    assert keyphrases([], "en", 5) == []
    assert keyphrases(["Yes, okay, thanks!"], "en", 5) == []
    assert len(keyphrases(ENGLISH_TALK, "en", 1)) == 1


def test_fast_folding_matches_the_shared_helper() -> None:
    from summary_support import open_eval_set

    from meetsight.intelligence.builtin import folding, text

    samples = ["Próximo Martes", "ÑANDÚ Çava", "naïve café", "Œuvre straße", "日本語", "Ärger über"]
    samples += [s.content for ev in open_eval_set() for s in ev.segments]
    for sample in samples:
        assert folding.fold(sample) == text.fold(sample)
        assert folding.words(sample) == text.words(sample)
