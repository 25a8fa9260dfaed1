"""The labelled set for mentions by meaning: every (tracker, sentence) pair of a file, scored
by the sentence's cosine to the tracker's nearest example. The dev file chose
MEANING_THRESHOLD; the held-out file only reports it (docs/trackers.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from meetsight.embedder import embed
from meetsight.trackers.matching import BACKGROUND, long_enough, meaning_scores

DATA = Path(__file__).parent.parent / "data" / "trackers"


@dataclass(frozen=True)
class Pair:
    tracker: str
    text: str
    score: float
    positive: bool


def scored_pairs(file_name: str) -> list[Pair]:
    trackers: dict[str, list[str]] = json.loads((DATA / "meaning_trackers.json").read_text())
    rows = [json.loads(line) for line in (DATA / file_name).read_text().splitlines() if line]
    texts = [r["text"] for r in rows]
    vectors = embed(texts)
    background = embed(list(BACKGROUND))
    pairs = []
    for name, examples in trackers.items():
        best, _ = meaning_scores(vectors, embed(examples), background)
        for row, score in zip(rows, best, strict=True):
            usable = long_enough(row["text"])
            score = float(score) if usable else -1.0
            pairs.append(Pair(name, row["text"], score, name in row["trackers"]))
    return pairs


def precision_recall(pairs: list[Pair], threshold: float) -> tuple[float, float, int, int, int]:
    tp = sum(1 for p in pairs if p.positive and p.score >= threshold)
    fp = sum(1 for p in pairs if not p.positive and p.score >= threshold)
    fn = sum(1 for p in pairs if p.positive and p.score < threshold)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, tp, fp, fn


def best_threshold(pairs: list[Pair]) -> float:
    """The threshold with the best F1 (ties: the higher, the more precise)."""
    best, best_f1 = 0.5, -1.0
    for t in np.arange(0.0, 0.6, 0.01):
        p, r, *_ = precision_recall(pairs, float(t))
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        if f1 >= best_f1:
            best, best_f1 = round(float(t), 2), f1
    return best
