"""senko (CAM++ speaker embeddings, silero VAD, spectral clustering), when it is installed.

Two adjustments to senko 0.2.x, both through the attributes its `Diarizer` exposes:
- Filterbank features come from `meetsight.speakers.features` (numpy): senko's native extractor
  is compiled for AVX-512 and kills the process with SIGILL on CPUs without it.
- Spectral clustering at every length: senko switches to UMAP+HDBSCAN past 20 minutes, which
  over-splits speakers. On long recordings the spectral step (an N x N eigendecomposition) runs
  on an even stride of at most MAX_SPECTRAL_WINDOWS embeddings and the rest join the nearest
  centroid, which keeps time and memory bounded.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from functools import lru_cache
from typing import Any

import numpy as np

from meetsight.speakers.features import FRAME_LENGTH, FRAME_SHIFT, SAMPLE_RATE, log_mel
from meetsight.speakers.types import Diarization, SpeakerTurn

MAX_SPECTRAL_WINDOWS = 4000  # ~40 min of speech at senko's 0.6 s hop; eigh of 4000^2 takes ~10 s
MERGE_COSINE = 0.875  # senko's default: clusters with closer centroids are one speaker

_lock = threading.Lock()  # one Diarizer per process; its clustering objects hold state
# torch intra-op threads for senko's embeddings; None: senko's own choice, every core. senko sets
# it again on every call (after its single-threaded VAD), so it is kept here and handed to it.
_threads: int | None = None


def senko_available() -> bool:
    return importlib.util.find_spec("senko") is not None


class _StridedSpectral:
    """Stands in for senko's UMAP+HDBSCAN step: its spectral clustering on a stride of the
    embeddings, every embedding then labelled by the nearest cluster centroid."""

    def __init__(self, spectral: Any) -> None:
        self.spectral = spectral

    def __call__(self, embeddings: np.ndarray) -> np.ndarray:
        stride = int(np.ceil(len(embeddings) / MAX_SPECTRAL_WINDOWS))
        if stride <= 1:
            return np.asarray(self.spectral(embeddings))
        sample = embeddings[::stride]
        labels = np.asarray(self.spectral(sample))
        unit = embeddings / (np.linalg.norm(embeddings, axis=1, keepdims=True) + 1e-9)
        clusters = np.unique(labels)
        centroids = np.stack([unit[::stride][labels == c].mean(axis=0) for c in clusters])
        return clusters[np.argmax(unit @ centroids.T, axis=1)]


def _numpy_fbank(
    audio: np.ndarray, subsegments: list[tuple[float, float]], sample_offset: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """senko's `_extract_fbank_features` contract: the features of every subsegment, flat, with
    frames per subsegment, offsets into the flat array and the feature size. The recording's
    filterbank is computed once and sliced (frames on a 10 ms grid), each slice mean-normalised
    as senko does."""
    feats = log_mel(audio)
    parts: list[np.ndarray] = []
    frames, offsets = [], []
    offset = 0
    for start_s, end_s in subsegments:
        start = int(start_s * SAMPLE_RATE) - sample_offset
        length = max(FRAME_LENGTH, int((end_s - start_s) * SAMPLE_RATE))
        count = 1 + (length - FRAME_LENGTH) // FRAME_SHIFT
        first = min(max(0, round(start / FRAME_SHIFT)), max(0, len(feats) - count))
        block = feats[first : first + count]
        block = block - block.mean(axis=0, keepdims=True)
        parts.append(block.ravel())
        frames.append(len(block))
        offsets.append(offset)
        offset += block.size
    flat = np.concatenate(parts) if parts else np.zeros(0, np.float32)
    return flat.astype(np.float32), np.asarray(frames), np.asarray(offsets), feats.shape[1]


@lru_cache(maxsize=1)
def _diarizer(device: str) -> Any:
    import senko

    class Diarizer(senko.Diarizer):  # type: ignore[misc, name-defined]
        def _extract_fbank_features(
            self, audio_source: Any, subsegments: Any, *, sample_offset: int = 0
        ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
            if not isinstance(audio_source, np.ndarray):
                raise TypeError("meetsight passes audio to senko in memory")
            return _numpy_fbank(audio_source, subsegments, sample_offset)

    # warmup=False: senko's warm-up runs UMAP on 4250 random vectors (tens of seconds of numba
    # compilation) for a clustering path we never take.
    diarizer = Diarizer(device=device, warmup=False, quiet=True, mer_cos=MERGE_COSINE)
    diarizer.umap_hdbscan_cluster = _StridedSpectral(diarizer.spectral_cluster)
    return diarizer


def limit_threads(threads: int | None) -> None:
    """The torch threads senko's embeddings may use in this process (None: every core). Beside
    a recognition that already takes the cores, one thread is much faster than a thread per
    core competing with it (docs/benchmarks.md, Processing)."""
    global _threads
    _threads = max(1, threads) if threads else None


def import_runtime() -> None:
    """Import torch (senko's, and any torch diarizer's, runtime) now: before CTranslate2
    (faster-whisper) when both run in a process. Both ship an OpenMP runtime (libgomp); torch
    makes its copy global, and a CTranslate2 loaded before it binds its OpenMP calls partly to
    its own copy and partly to torch's once torch is loaded, which deadlocked recognition (two
    threads spinning at a barrier for good) when torch was imported while recognition ran.
    Imported first, torch's copy serves both."""
    if importlib.util.find_spec("torch") is not None:
        import torch  # noqa: F401


def preload_senko() -> bool:
    """Load senko's models now (seconds), so that the first recording does not wait for them;
    False when senko is not installed."""
    if not senko_available():
        return False
    with _lock:
        _diarizer("auto")
    return True


def diarize_senko(
    samples: np.ndarray,
    max_speakers: int | None = None,
    num_speakers: int | None = None,
    device: str = "auto",
) -> Diarization:
    """Who spoke when in 16 kHz mono float audio, with senko. `num_speakers` fixes the count;
    `max_speakers` (e.g. the number of participants) only caps it."""
    with _lock:
        diarizer = _diarizer(device)
        # What senko's _set_torch_num_threads() sets after its VAD.
        diarizer.logical_cores = _threads or os.cpu_count() or 1
        spectral = diarizer.spectral_cluster.cluster  # senko's SpectralCluster
        saved = (spectral.k, spectral.max_num_spks)
        spectral.k = num_speakers
        if max_speakers:
            spectral.max_num_spks = max(1, min(saved[1], max_speakers))
        try:
            audio = np.clip(np.ascontiguousarray(samples, dtype=np.float32), -1.0, 1.0)
            result = diarizer.diarize_samples(audio)
        finally:
            spectral.k, spectral.max_num_spks = saved
    if not result:
        return Diarization("senko", [])
    # senko names speakers SPEAKER_01.. by talk time; turns keep a 0-based index.
    turns = [
        SpeakerTurn(float(s["start"]), float(s["end"]), int(s["speaker"].rsplit("_", 1)[1]) - 1)
        for s in result["merged_segments"]
    ]
    return Diarization(
        "senko",
        turns,
        {"speakers": result["merged_speakers_detected"], "timing": result.get("timing_stats")},
    )
