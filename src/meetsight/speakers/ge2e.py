"""GE2E d-vectors: the speaker encoder whose trained weights ship in the Resemblyzer wheel.

Resemblyzer 0.1.4 (Apache-2.0, Resemble AI) carries `resemblyzer/pretrained.pt`, a generalised
end-to-end (GE2E) speaker encoder: a 3-layer LSTM (hidden 256) over 40 mel bands of 16 kHz audio
(25 ms window, 10 ms hop, mel power, not log), whose last hidden state goes through a linear
layer and a ReLU and is L2-normalised into a 256-d voice vector. Its wheel is installed with
`--no-deps` (Makefile): we never import the package (it imports webrtcvad and librosa at module
level); this module defines the network itself and loads the state dict from the installed file,
and computes the mel input in numpy.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib import util
from pathlib import Path
from typing import Any

import numpy as np

SAMPLE_RATE = 16_000
N_FFT = 400  # 25 ms
HOP = 160  # 10 ms
MEL_BANDS = 40
HIDDEN = 256

_lock = threading.Lock()


def weights_path() -> Path | None:
    """Where pip put the encoder's weights, or None when the wheel is not installed."""
    spec = util.find_spec("resemblyzer")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "pretrained.pt"
    return path if path.exists() else None


def ge2e_available() -> bool:
    return weights_path() is not None and util.find_spec("torch") is not None


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's mel scale (linear below 1 kHz, logarithmic above): the scale the encoder was
    trained on (librosa's default)."""
    hz = np.asarray(hz, dtype=np.float64)
    mel = hz / (200.0 / 3)
    log_part = hz >= 1000.0
    mel[log_part] = 15.0 + np.log(hz[log_part] / 1000.0) / (np.log(6.4) / 27.0)
    return mel


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    mel = np.asarray(mel, dtype=np.float64)
    hz = mel * (200.0 / 3)
    log_part = mel >= 15.0
    hz[log_part] = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel[log_part] - 15.0))
    return hz


@lru_cache(maxsize=1)
def mel_basis() -> np.ndarray:
    """Slaney-normalised triangular filters (MEL_BANDS, N_FFT/2+1) from 0 Hz to Nyquist."""
    fft_hz = np.linspace(0.0, SAMPLE_RATE / 2, 1 + N_FFT // 2)
    edges = _mel_to_hz(np.linspace(0.0, _hz_to_mel(np.array([SAMPLE_RATE / 2]))[0], MEL_BANDS + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - fft_hz[None, :]
    lower = -ramps[:-2] / widths[:-1, None]
    upper = ramps[2:] / widths[1:, None]
    basis = np.maximum(0.0, np.minimum(lower, upper))
    basis *= (2.0 / (edges[2:] - edges[:-2]))[:, None]  # equal area per band
    return basis.astype(np.float32)


def mel_power(samples: np.ndarray) -> np.ndarray:
    """(frames, 40) mel power of 16 kHz float audio, one frame per 10 ms, frames centred on
    their hop (zero padding at both ends)."""
    audio = np.pad(np.asarray(samples, dtype=np.float32), N_FFT // 2)
    count = 1 + max(0, len(audio) - N_FFT) // HOP
    window = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)).astype(np.float32)
    out = np.empty((count, MEL_BANDS), dtype=np.float32)
    basis = mel_basis().T
    for first in range(0, count, 20_000):  # bounded temporaries on long recordings
        idx = np.arange(first, min(count, first + 20_000))[:, None] * HOP + np.arange(N_FFT)
        spectrum = np.abs(np.fft.rfft(audio[idx] * window, axis=1)) ** 2
        out[first : first + len(idx)] = spectrum.astype(np.float32) @ basis
    return out


@lru_cache(maxsize=1)
def _encoder() -> Any:
    import torch
    from torch import nn

    class Encoder(nn.Module):
        """The GE2E network, parameter names as in the shipped state dict."""

        def __init__(self) -> None:
            super().__init__()
            self.lstm = nn.LSTM(MEL_BANDS, HIDDEN, 3, batch_first=True)
            self.linear = nn.Linear(HIDDEN, HIDDEN)

        def forward(self, mels: torch.Tensor) -> torch.Tensor:
            _, (hidden, _) = self.lstm(mels)
            raw = torch.relu(self.linear(hidden[-1]))
            return raw / (torch.norm(raw, dim=1, keepdim=True) + 1e-9)

    path = weights_path()
    if path is None:
        raise ImportError("the GE2E weights are missing: pip install --no-deps resemblyzer==0.1.4")
    state = torch.load(path, map_location="cpu", weights_only=True)["model_state"]
    model = Encoder()
    # The checkpoint also holds the training loss's similarity scale and bias: not needed here.
    model.load_state_dict({k: v for k, v in state.items() if not k.startswith("similarity")})
    model.eval()
    return model


def load_encoder() -> None:
    """Load the network now (a worker at start), under the lock its first use takes."""
    with _lock:
        _encoder()


def embed_windows(mels: np.ndarray, starts: list[int], frames: int, batch: int = 64) -> np.ndarray:
    """(len(starts), 256) unit d-vectors of the mel windows [start, start + frames)."""
    import torch

    if not starts:
        return np.zeros((0, HIDDEN), dtype=np.float32)
    out = []
    with _lock, torch.inference_mode():
        model = _encoder()
        # One intra-op thread: on a shared 2-core machine two spinning threads made the LSTM up
        # to 50 times slower under load (137 s against 1.7 s for 3 minutes of audio).
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            for i in range(0, len(starts), batch):
                block = np.stack([mels[s : s + frames] for s in starts[i : i + batch]])
                out.append(model(torch.from_numpy(block)).numpy())
        finally:
            torch.set_num_threads(threads)
    return np.concatenate(out)
