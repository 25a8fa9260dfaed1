"""The vocal-tract split (warp.py): the factor of a synthetic vowel, and the stopping rule's
statistic on two groups and on one."""

from __future__ import annotations

import numpy as np
from scipy.signal import lfilter

from meetsight.speakers.warp import SPLIT_SCORE, best_split, run_spectrum, warp_factor

RATE = 16_000


def vowel(formants: list[float], seconds: float = 2.0, pitch: float = 110.0) -> np.ndarray:
    """An impulse train at `pitch` through one resonator per formant."""
    source = np.zeros(int(seconds * RATE))
    source[:: int(RATE / pitch)] = 1.0
    out = source
    for hz in formants:
        radius = np.exp(-np.pi * 80.0 / RATE)
        theta = 2 * np.pi * hz / RATE
        out = lfilter([1.0], [1.0, -2 * radius * np.cos(theta), radius**2], out)
    return (0.1 * out / np.abs(out).max()).astype(np.float32)


def test_a_longer_vocal_tract_gives_its_scale() -> None:
    formants = [550.0, 1500.0, 2500.0, 3400.0]
    frames = 2 * RATE // 160 - 3
    reference = run_spectrum(vowel(formants), 0, frames)
    longer = run_spectrum(vowel([0.95 * f for f in formants]), 0, frames)
    assert reference is not None and longer is not None
    assert abs(warp_factor(reference, reference) - 1.0) < 1e-9
    assert abs(warp_factor(longer, reference) - 0.95) <= 0.01


def test_silence_gives_no_spectrum() -> None:
    assert run_spectrum(np.zeros(RATE, np.float32), 0, 90) is None


def test_two_groups_pass_and_one_spread_does_not() -> None:
    rng = np.random.default_rng(0)
    two = np.concatenate([rng.normal(1.0, 0.008, 25), rng.normal(0.95, 0.008, 25)])
    one = rng.normal(1.0, 0.012, 50)
    score, threshold = best_split(two)
    assert score >= SPLIT_SCORE and 0.95 < threshold < 1.0
    assert best_split(one)[0] < SPLIT_SCORE
