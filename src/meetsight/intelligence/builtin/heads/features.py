"""What a learned head reads of a sentence: its sentence embedding (meaning) beside a hashed bag
of its words and word pairs (form: tense, negation, person, "if", "by Friday").

The embedding alone cannot tell "I'll send it Friday" from "I sent it Friday" (cosine 0.90 with
USE multilingual); the words alone miss paraphrase. A linear head over both learns each side's
share. Words are accent-folded and lowercased, digits become "0", and the sentence's first two
words are marked, so "^ i'll" (a promise) differs from a later "i'll" inside a conditional.
Hashing uses CRC32, stable across processes and Python versions (``hash()`` is salted).
"""

from __future__ import annotations

import itertools
import re
import zlib
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from meetsight.intelligence.builtin.folding import fold

HASH_DIM = 4096
_TOKEN = re.compile(r"[a-zñ]+(?:'[a-z]+)?|\d+|[?¿]")
_DIGITS = re.compile(r"\d+")


def tokens(text: str) -> list[str]:
    """Lowercase, accent-folded words; numbers as "0"; question marks kept as tokens."""
    return [_DIGITS.sub("0", t) for t in _TOKEN.findall(fold(text).replace("\u2019", "'"))]


def _grams(toks: Sequence[str]) -> list[str]:
    grams = [f"w:{t}" for t in toks]
    grams += [f"b:{a} {b}" for a, b in itertools.pairwise(toks)]
    grams += [f"s:{t}" for t in toks[:2]]
    if len(toks) >= 2:
        grams.append(f"s2:{toks[0]} {toks[1]}")
    if toks:
        grams.append(f"e:{toks[-1]}")
    return grams


@lru_cache(maxsize=65536)
def _slot(gram: str) -> int:
    return zlib.crc32(gram.encode("utf-8")) % HASH_DIM


def lexical(texts: Sequence[str]) -> np.ndarray:
    """(len(texts), HASH_DIM) float32: each present gram hashed to a slot, rows L2-normalised
    so long turns do not outweigh short ones."""
    out = np.zeros((len(texts), HASH_DIM), dtype=np.float32)
    for row, text in enumerate(texts):
        slots = [_slot(g) for g in _grams(tokens(text))]
        if slots:
            out[row, slots] = 1.0
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    return out / np.maximum(norms, 1e-12)


def features(vectors: np.ndarray, texts: Sequence[str]) -> np.ndarray:
    """The head's input: embeddings (unit length) beside the lexical bag."""
    if len(texts) != len(vectors):
        raise ValueError("one embedding per text")
    return np.hstack([np.asarray(vectors, dtype=np.float32), lexical(texts)])
