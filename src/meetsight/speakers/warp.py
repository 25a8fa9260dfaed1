"""A second look at each speaker the d-vectors found: does it hold two vocal tracts?

Two voices alike in timbre and pitch but with vocal tracts of different length (espeak's
`en-us` and `en-us+m3`: m3 puts the formants 4-5% lower) are one cluster to GE2E (window AUC
0.72). The length of a vocal tract scales every formant by one factor, and the long-term average
spectrum of the voiced frames of a whole run of speech (a sentence or so) averages what is said
out: each run's spectrum is compared with the speaker's mean spectrum warped in frequency by
0.85 to 1.15, and the best factor is the run's. One voice gives factors spread around 1 (content
that does not average out, sentences that repeat); two voices give two groups about as far apart
as their tracts differ. A speaker is split when its runs' factors fall into two groups that are
both far apart (their means) and separated (the gap over the spread within the groups), measured
on development mixtures (docs/speakers.md): one voice at most 0.10 of the product, two voices
whose tracts differ by 5% at least 0.20.
"""

from __future__ import annotations

import numpy as np

from meetsight.speakers.fallback import run_of, speech_runs
from meetsight.speakers.features import SAMPLE_RATE

FRAME = 400  # 25 ms
HOP = 160  # 10 ms: the frames of `voiced`
FFT = 512
MIN_LAG, MAX_LAG = 40, 200  # 80-400 Hz: where a voice's period lies
PERIODIC = 0.5  # normalised autocorrelation peak: a voiced (periodic) frame
LOUD_RANGE_DB = 25.0  # voiced frames within this of the run's loud ones
MIN_VOICED = 30  # frames: a run with fewer voiced frames gives no factor
LOW_HZ, HIGH_HZ = 300.0, 4000.0  # the formants F1-F4 (and a telephone line's band)
FACTORS = np.linspace(0.85, 1.15, 121)
MIN_RUNS = 8  # a speaker with fewer long runs is not tested
MIN_GROUP = 0.2  # each group at least this share of the runs
SPLIT_SCORE = 0.15  # gap between the group means x (gap / spread within): split at or above
MIN_RUN_FRAMES = 160  # runs that form the groups (1.6 s, the d-vectors' windows)
SHORT_RUN_FRAMES = 80  # shorter runs down to 0.8 s take the nearer group

_FREQS = np.fft.rfftfreq(FFT, 1.0 / SAMPLE_RATE)
_IN_BAND = (_FREQS >= LOW_HZ) & (_FREQS <= HIGH_HZ)
_WINDOW = np.hanning(FRAME)


def run_spectrum(samples: np.ndarray, first: int, end: int) -> np.ndarray | None:
    """Log of the mean power spectrum of the periodic, loud frames of frames [first, end)."""
    count = min(end, (len(samples) - FRAME) // HOP + 1) - first
    if count < MIN_VOICED:
        return None
    span = samples[first * HOP : first * HOP + (count - 1) * HOP + FRAME].astype(np.float64)
    frames = np.lib.stride_tricks.sliding_window_view(span, FRAME)[::HOP]
    frames = frames - frames.mean(axis=1, keepdims=True)
    energy = (frames**2).mean(axis=1)
    power = np.abs(np.fft.rfft(frames, 2 * FRAME, axis=1)) ** 2
    autocorr = np.fft.irfft(power, axis=1)[:, : MAX_LAG + 1]
    peak = autocorr[:, MIN_LAG:].max(axis=1) / (autocorr[:, 0] + 1e-12)
    level = 10 * np.log10(energy + 1e-12)
    voiced = (peak > PERIODIC) & (level > np.percentile(level, 95) - LOUD_RANGE_DB)
    if voiced.sum() < MIN_VOICED:
        return None
    spectrum = np.abs(np.fft.rfft(frames[voiced] * _WINDOW, FFT, axis=1)) ** 2
    return np.log(spectrum.mean(axis=0) + 1e-10)


def warp_factor(spectrum: np.ndarray, reference: np.ndarray) -> float:
    """The frequency scale that best maps `reference` onto `spectrum` in the formant band
    (least squares after removing the level difference)."""
    freqs = _FREQS[_IN_BAND]
    warped = np.stack([np.interp(freqs / f, _FREQS, reference) for f in FACTORS])
    diff = spectrum[_IN_BAND][None, :] - warped
    diff -= diff.mean(axis=1, keepdims=True)
    return float(FACTORS[int(np.argmin((diff**2).mean(axis=1)))])


def best_split(factors: np.ndarray) -> tuple[float, float]:
    """(score, threshold) of the best split of the factors into a low and a high group, each
    at least MIN_GROUP of them: score = gap between the means x gap / pooled spread."""
    values = np.sort(factors)
    n = len(values)
    smallest = max(2, int(np.ceil(MIN_GROUP * n)))
    best = (0.0, float("inf"))
    for k in range(smallest, n - smallest + 1):
        low, high = values[:k], values[k:]
        spread = np.sqrt((low.var() * k + high.var() * (n - k)) / n) + 1e-4
        gap = float(high.mean() - low.mean())
        if gap * gap / spread > best[0]:
            best = (gap * gap / spread, float((low.mean() + high.mean()) / 2))
    return best


def split_vocal_tracts(
    samples: np.ndarray,
    voiced: np.ndarray,
    centres: np.ndarray,
    labels: np.ndarray,
    max_speakers: int | None = None,
) -> np.ndarray:
    """Window labels with every speaker whose runs hold two vocal tracts split in two (the
    high-factor runs become a new speaker); a run belongs to the speaker of most of its
    windows."""
    runs = [(a, b) for a, b in speech_runs(voiced) if b - a >= SHORT_RUN_FRAMES]
    if not runs:
        return labels
    index = run_of(centres, runs)
    members = [np.flatnonzero(index == i) for i in range(len(runs))]  # each run's windows
    labels = labels.copy()
    for speaker in range(int(labels.max()) + 1):
        if max_speakers is not None and labels.max() + 1 >= max_speakers:
            break
        mine = [
            i
            for i, windows in enumerate(members)
            if len(windows) and np.bincount(labels[windows]).argmax() == speaker
        ]
        found = {i: run_spectrum(samples, *runs[i]) for i in mine}
        spectra = {i: s for i, s in found.items() if s is not None}
        # Only runs long enough and wholly this speaker's form the groups: a run that holds an
        # overlap with another voice gives a factor between the two.
        long_runs = [
            i
            for i in spectra
            if runs[i][1] - runs[i][0] >= MIN_RUN_FRAMES and (labels[members[i]] == speaker).all()
        ]
        if len(long_runs) < MIN_RUNS:
            continue
        reference = np.mean([spectra[i] for i in long_runs], axis=0)
        factors = {i: warp_factor(s, reference) for i, s in spectra.items()}
        score, threshold = best_split(np.asarray([factors[i] for i in long_runs]))
        if score < SPLIT_SCORE:
            continue
        new = int(labels.max()) + 1
        for i, factor in factors.items():
            if factor > threshold:
                labels[members[i]] = new
    return labels
