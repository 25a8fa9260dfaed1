"""Embeddings of short fixed texts (category descriptions and examples, questions), cached by
their text so repeated analyses of the same organization's categories never re-embed them."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from meetsight.embedder import embed


@lru_cache(maxsize=256)
def embed_texts(texts: tuple[str, ...]) -> np.ndarray:
    """(len(texts), 512) unit rows; read-only, since the cache shares the array."""
    out = embed(list(texts))
    out.setflags(write=False)
    return out


def embed_one(text: str) -> np.ndarray:
    return embed_texts((text,))[0]
