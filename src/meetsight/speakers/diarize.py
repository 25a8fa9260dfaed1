"""Mono diarization: senko when installed, else the numpy fallback."""

from __future__ import annotations

import logging
from typing import Literal

import numpy as np

from meetsight.speakers.fallback import diarize_numpy
from meetsight.speakers.senko_backend import diarize_senko, senko_available
from meetsight.speakers.types import Diarization

log = logging.getLogger(__name__)

Backend = Literal["auto", "senko", "numpy"]


def diarize(
    samples: np.ndarray,
    *,
    max_speakers: int | None = None,
    num_speakers: int | None = None,
    backend: Backend = "auto",
) -> Diarization:
    """Who spoke when in 16 kHz mono float audio. "auto" takes senko when it is installed;
    "senko" insists on it (ImportError when missing)."""
    if backend == "senko" or (backend == "auto" and senko_available()):
        return diarize_senko(samples, max_speakers=max_speakers, num_speakers=num_speakers)
    if backend == "auto":
        log.info("senko is not installed: numpy fallback diarization")
    return diarize_numpy(samples, max_speakers=max_speakers, num_speakers=num_speakers)
