"""A learned head: a linear classifier (softmax over its labels) over :mod:`.features`, trained by
:mod:`.train` on a corpus of labelled sentences shipped beside it (``corpus/<name>.tsv``) and
stored as ``models/<name>.npz`` (float16 weights, a few tens of KB).

A head may be a bagged ensemble (``weights`` of shape (members, features, labels)): each member
was trained on its own bootstrap resample of the corpus and the head's probabilities are the
members' mean. A single fit lets names near a decision threshold swap sides on every corpus
edit; the mean of several resampled fits moves much less (issue 16).

Each model file records the SHA-256 of the corpus it was trained on; the test suite retrains
and compares, so a corpus edit without a new model cannot land.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from meetsight.intelligence.builtin.heads.features import features

HERE = Path(__file__).resolve().parent
CORPUS_DIR = HERE / "corpus"
MODEL_DIR = HERE / "models"
BLOCK = 512  # rows read at a time (bounded memory on long transcripts)
# Heads that read the embedding alone: their texts are bare names, whose own letters as word
# features would be memorised rather than generalised (the lexical half is left empty).
EMBEDDING_ONLY = frozenset({"name_kind"})


@dataclass(frozen=True)
class Head:
    name: str
    labels: tuple[str, ...]
    weights: np.ndarray  # (features, labels) float32, or (members, features, labels) when bagged
    bias: np.ndarray  # (labels,), or (members, labels)
    corpus_sha256: str

    def probabilities(self, vectors: np.ndarray, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), len(labels)): each row sums to 1. Read in blocks of ``BLOCK`` rows: the
        features of one row are 4,608 floats (18 kB), so a whole 20,000-line transcript at once
        would take 370 MB."""
        if len(texts) != len(vectors):
            raise ValueError("one embedding per text")
        out = np.zeros((len(texts), len(self.labels)), dtype=np.float32)
        if self.name in EMBEDDING_ONLY:
            texts = [""] * len(texts)
        for start in range(0, len(texts), BLOCK):
            rows = slice(start, start + BLOCK)
            x = features(vectors[rows], texts[rows])
            if self.weights.ndim == 2:
                out[rows] = _softmax(x @ self.weights + self.bias)
            else:  # bagged: the mean of the members' probabilities
                out[rows] = np.mean(
                    [_softmax(x @ w + b) for w, b in zip(self.weights, self.bias, strict=True)],
                    axis=0,
                )
        return out

    def probability(self, label: str, vectors: np.ndarray, texts: Sequence[str]) -> np.ndarray:
        """The probability of one label for each text."""
        return self.probabilities(vectors, texts)[:, self.labels.index(label)]

    def save(self, path: Path) -> None:
        np.savez_compressed(
            path,
            labels=np.array(self.labels),
            weights=self.weights.astype(np.float16),
            bias=self.bias.astype(np.float32),
            corpus_sha256=np.array(self.corpus_sha256),
        )


def _softmax(logits: np.ndarray) -> np.ndarray:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return exp / exp.sum(axis=1, keepdims=True)


def read_head(path: Path) -> Head:
    with np.load(path, allow_pickle=False) as data:
        return Head(
            name=path.stem,
            labels=tuple(str(x) for x in data["labels"]),
            weights=data["weights"].astype(np.float32),
            bias=data["bias"].astype(np.float32),
            corpus_sha256=str(data["corpus_sha256"]),
        )


_lock = threading.Lock()
_loaded: dict[str, Head] = {}


def load_head(name: str) -> Head:
    """The shipped head ``name``, loaded once per process."""
    with _lock:
        head = _loaded.get(name)
        if head is None:
            head = read_head(MODEL_DIR / f"{name}.npz")
            _loaded[name] = head
        return head
