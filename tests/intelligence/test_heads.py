"""The learned heads: deterministic training, and shipped models in step with their corpora."""

from __future__ import annotations

import numpy as np
import pytest

from meetsight.embedder import embed
from meetsight.intelligence.builtin.heads import model as head_model
from meetsight.intelligence.builtin.heads import train as head_train
from meetsight.intelligence.builtin.heads.features import HASH_DIM, lexical, tokens

SHIPPED = sorted(head_model.MODEL_DIR.glob("*.npz"))

_TOY = {
    "promise": [
        "I'll send you the contract tomorrow.",
        "We will get the quote over by Friday.",
        "Te mando la propuesta el lunes.",
        "I'm going to book the follow-up for next week.",
        "Let me get you the pricing sheet this afternoon.",
        "Le envío el contrato mañana.",
    ],
    "other": [
        "I sent you the contract last week.",
        "The quote was too high for us.",
        "Ya te mandé la propuesta el lunes.",
        "We booked the follow-up last time.",
        "The pricing sheet is confusing.",
        "El contrato llegó tarde.",
    ],
}


def _write_toy(tmp_path, monkeypatch) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    rows = [f"{label}\tmixed\t{t}" for label, texts in _TOY.items() for t in texts]
    (corpus / "toy.tsv").write_text("# toy\n" + "\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.setattr(head_train, "CORPUS_DIR", corpus)


def test_tokens_fold_accents_and_numbers() -> None:
    folded = ["proximo", "martes", "0", "de", "octubre", "?"]
    assert tokens("Próximo Martes, 27 de Octubre?") == folded


def test_lexical_rows_are_unit_length_and_stable() -> None:
    rows = lexical(["I'll send it Friday", "", "I'll send it Friday"])
    assert rows.shape == (3, HASH_DIM)
    assert np.isclose(np.linalg.norm(rows[0]), 1.0)
    assert not rows[1].any()
    assert np.array_equal(rows[0], rows[2])


def test_training_is_deterministic_and_learns(tmp_path, monkeypatch) -> None:
    _write_toy(tmp_path, monkeypatch)
    examples = head_train.read_corpus("toy")
    first = head_train.train("toy", examples)
    second = head_train.train("toy", examples)
    assert np.array_equal(first.weights, second.weights)
    texts = [e.text for e in examples]
    predicted = first.probabilities(embed(texts), texts).argmax(axis=1)
    assert [first.labels[p] for p in predicted] == [e.label for e in examples]
    first.save(tmp_path / "toy.npz")
    loaded = head_model.read_head(tmp_path / "toy.npz")
    assert loaded.labels == first.labels
    assert loaded.corpus_sha256 == head_train.corpus_sha256("toy")
    assert np.allclose(loaded.weights, first.weights, atol=1e-2)


def test_a_corpus_line_without_three_fields_is_refused(tmp_path, monkeypatch) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "bad.tsv").write_text("promise\tI'll send it\n", encoding="utf-8")
    monkeypatch.setattr(head_train, "CORPUS_DIR", corpus)
    with pytest.raises(ValueError, match="line 1"):
        head_train.read_corpus("bad")


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_model_was_trained_on_its_corpus(path) -> None:
    """Editing a corpus without running the trainer again fails here."""
    head = head_model.read_head(path)
    assert head.corpus_sha256 == head_train.corpus_sha256(path.stem)
    assert len(head.labels) >= 2


def test_a_bagged_head_averages_its_members(tmp_path, monkeypatch) -> None:
    """Members fitted on their own bootstrap resamples (deterministic); the head's
    probabilities are the members' mean, and the file keeps the members apart."""
    _write_toy(tmp_path, monkeypatch)
    examples = head_train.read_corpus("toy")
    bagged = head_train.train("toy", examples, members=3)
    again = head_train.train("toy", examples, members=3)
    assert bagged.weights.shape[0] == 3
    assert np.array_equal(bagged.weights, again.weights)
    assert not np.array_equal(bagged.weights[0], bagged.weights[1])  # resamples differ
    texts = [e.text for e in examples]
    vectors = embed(texts)
    members = [
        head_model.Head("toy", bagged.labels, w, b, "").probabilities(vectors, texts)
        for w, b in zip(bagged.weights, bagged.bias, strict=True)
    ]
    assert np.allclose(bagged.probabilities(vectors, texts), np.mean(members, axis=0), atol=1e-6)
    bagged.save(tmp_path / "toy.npz")
    loaded = head_model.read_head(tmp_path / "toy.npz")
    assert loaded.weights.shape == bagged.weights.shape
    assert np.allclose(
        loaded.probabilities(vectors, texts), bagged.probabilities(vectors, texts), atol=1e-2
    )


def test_the_competitor_head_ships_bagged() -> None:
    head = head_model.load_head("competitor")
    assert head.weights.ndim == 3 and head.weights.shape[0] == head_train.BAG["competitor"]
