"""Train a head from its corpus: ``python -m meetsight.intelligence.builtin.heads.train NAME``.

A corpus is ``corpus/NAME.tsv``: one sentence a line, ``label<TAB>language<TAB>text``; lines
starting with ``#`` are comments. Training is deterministic (fixed seed, full-batch L-BFGS-free
gradient descent with Adam on a softmax with L2): the same corpus gives the same model, which
the test suite checks. ``--holdout 0.2`` keeps a fifth of each label out and prints its
accuracy and per-label precision and recall instead of writing a model.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.heads.features import features
from meetsight.intelligence.builtin.heads.model import CORPUS_DIR, EMBEDDING_ONLY, MODEL_DIR, Head

EPOCHS = 300
LEARNING_RATE = 0.05
L2 = 1e-4
SEED = 7
# Heads fitted more closely to their corpus: (epochs, L2). The competitor head's corpus spells
# out many near-identical structures whose difference is one word order ("we lost A to B":
# A an account, B a rival); at the default L2 it stayed unsure on its own templates (64% of its
# competitor sentences above 0.75).
FIT = {"competitor": (600, 5e-5)}
# Heads shipped as a bagged ensemble: so many members, each fitted on its own bootstrap resample
# of the corpus (seeded SEED + member), their probabilities averaged at inference. The
# competitor head decides on a threshold over a few mentions of a name; one fit let names near
# it swap on every corpus edit (comp3: dev +1, shared set -2), the mean of resampled fits
# steadies them (issue 16).
BAG = {"competitor": 5}


@dataclass(frozen=True)
class Example:
    label: str
    language: str
    text: str


def corpus_path(name: str) -> Path:
    return CORPUS_DIR / f"{name}.tsv"


def corpus_sha256(name: str) -> str:
    return hashlib.sha256(corpus_path(name).read_bytes()).hexdigest()


def read_corpus(name: str) -> list[Example]:
    out: list[Example] = []
    for number, raw in enumerate(corpus_path(name).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not parts[2].strip():
            raise ValueError(f"{name}.tsv line {number}: want label<TAB>language<TAB>text")
        out.append(Example(parts[0].strip(), parts[1].strip(), parts[2].strip()))
    return out


def _fit(
    x: np.ndarray,
    y: np.ndarray,
    classes: int,
    epochs: int = EPOCHS,
    l2: float = L2,
    draws: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression by full-batch Adam; class-balanced so a rare label is not ignored.
    ``draws``: how often each example was drawn (a bootstrap resample as weights, so the
    features are not copied)."""
    n, d = x.shape
    drawn = np.ones(n, dtype=np.float32) if draws is None else draws.astype(np.float32)
    counts = np.bincount(y, weights=drawn, minlength=classes).astype(np.float32)
    sample_weight = (n / (classes * np.maximum(counts, 1)))[y] * drawn
    onehot = np.eye(classes, dtype=np.float32)[y]
    w = np.zeros((d, classes), dtype=np.float32)
    b = np.zeros(classes, dtype=np.float32)
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b, v_b = np.zeros_like(b), np.zeros_like(b)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, epochs + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        err = (p - onehot) * sample_weight[:, None] / n
        g_w = x.T @ err + l2 * w
        g_b = err.sum(axis=0)
        for param, grad, m, v in ((w, g_w, m_w, v_w), (b, g_b, m_b, v_b)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            m_hat = m / (1 - beta1**step)
            v_hat = v / (1 - beta2**step)
            param -= LEARNING_RATE * m_hat / (np.sqrt(v_hat) + eps)
    return w, b


def bootstrap(n: int, member: int) -> np.ndarray:
    """How often each of ``n`` examples is drawn in member ``member``'s resample (n draws)."""
    rng = np.random.default_rng(SEED + member)
    return np.bincount(rng.integers(0, n, n), minlength=n)


def train(name: str, examples: list[Example], members: int | None = None) -> Head:
    labels = tuple(sorted({e.label for e in examples}))
    texts = [e.text for e in examples]
    x = features(embed(texts), [""] * len(texts) if name in EMBEDDING_ONLY else texts)
    y = np.array([labels.index(e.label) for e in examples])
    epochs, l2 = FIT.get(name, (EPOCHS, L2))
    members = BAG.get(name, 1) if members is None else members
    if members == 1:
        w, b = _fit(x, y, len(labels), epochs, l2)
        return Head(name, labels, w, b, corpus_sha256(name))
    fits = [_fit(x, y, len(labels), epochs, l2, bootstrap(len(y), k)) for k in range(members)]
    w = np.stack([f[0] for f in fits])
    b = np.stack([f[1] for f in fits])
    return Head(name, labels, w, b, corpus_sha256(name))


def _split(examples: list[Example], share: float) -> tuple[list[Example], list[Example]]:
    rng = np.random.default_rng(SEED)
    order = rng.permutation(len(examples))
    held: list[Example] = []
    kept: list[Example] = []
    per_label = Counter(e.label for e in examples)
    taken: Counter[str] = Counter()
    for i in order:
        e = examples[i]
        if taken[e.label] < per_label[e.label] * share:
            taken[e.label] += 1
            held.append(e)
        else:
            kept.append(e)
    return kept, held


def evaluate(head: Head, examples: list[Example]) -> str:
    texts = [e.text for e in examples]
    said = [head.labels[p] for p in head.probabilities(embed(texts), texts).argmax(axis=1)]
    truth = [e.label for e in examples]
    right = sum(s == t for s, t in zip(said, truth, strict=True))
    rows = [f"accuracy {right / max(len(truth), 1):.3f} on {len(truth)}"]
    for label in head.labels:
        tp = sum(s == t == label for s, t in zip(said, truth, strict=True))
        precision = tp / max(said.count(label), 1)
        recall = tp / max(truth.count(label), 1)
        rows.append(f"  {label:24} P {precision:.3f}  R {recall:.3f}  (n={truth.count(label)})")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name")
    parser.add_argument("--holdout", type=float, default=0.0)
    args = parser.parse_args(argv)
    examples = read_corpus(args.name)
    counts = Counter((e.label, e.language) for e in examples)
    print(f"{args.name}: {len(examples)} examples {dict(sorted(counts.items()))}", file=sys.stderr)
    if args.holdout:
        kept, held = _split(examples, args.holdout)
        print(evaluate(train(args.name, kept), held))
        return
    head = train(args.name, examples)
    MODEL_DIR.mkdir(exist_ok=True)
    head.save(MODEL_DIR / f"{args.name}.npz")
    print(f"wrote {MODEL_DIR / (args.name + '.npz')}", file=sys.stderr)


if __name__ == "__main__":
    main()
