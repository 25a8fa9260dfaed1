"""The GE2E encoder's input features and the backend's edge cases (the voices themselves are
tested in test_attribution.py and test_issue22_failures.py)."""

from __future__ import annotations

import numpy as np

from meetsight.speakers import ge2e
from meetsight.speakers.fallback import fold_unowned
from meetsight.speakers.ge2e_backend import diarize_ge2e


def test_mel_power_puts_a_tone_in_its_band() -> None:
    seconds = np.arange(16_000) / 16_000
    for hz in (300.0, 1000.0, 3000.0):
        mels = ge2e.mel_power(0.1 * np.sin(2 * np.pi * hz * seconds).astype(np.float32))
        assert mels.shape == (101, ge2e.MEL_BANDS)  # centred frames: 1 + 16000 / 160
        band = int(np.argmax(mels[50]))
        basis = ge2e.mel_basis()
        fft_bin = round(hz / (16_000 / ge2e.N_FFT))
        assert band == int(np.argmax(basis[:, fft_bin]))


def test_mel_power_scales_with_power() -> None:
    rng = np.random.default_rng(0)
    noise = rng.normal(0, 0.01, 8000).astype(np.float32)
    ratio = ge2e.mel_power(2 * noise).sum() / ge2e.mel_power(noise).sum()
    assert abs(ratio - 4.0) < 1e-3


def test_embeddings_are_unit_vectors_and_deterministic() -> None:
    rng = np.random.default_rng(1)
    mels = ge2e.mel_power(rng.normal(0, 0.03, 48_000).astype(np.float32))
    first = ge2e.embed_windows(mels, [0, 80, 140], 160)
    assert first.shape == (3, 256)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    assert np.allclose(first, ge2e.embed_windows(mels, [0, 80, 140], 160), atol=1e-6)


def test_silence_has_no_speakers() -> None:
    result = diarize_ge2e(np.zeros(16_000 * 5, np.float32))
    assert result.method == "ge2e"
    assert result.turns == []


def test_a_cluster_that_owns_no_run_of_speech_is_folded() -> None:
    # Three runs of three windows: A A B, A A A, C C C. B (only a minority inside A's run) is
    # folded into the nearest remaining speaker; C (a run of its own) stays.
    a, b, c = np.eye(3, dtype=np.float32)
    embeddings = np.stack([a, a, 0.6 * a + 0.8 * b, a, a, a, c, c, c]).astype(np.float32)
    centres = np.array([10, 20, 30, 110, 120, 130, 210, 220, 230])
    voiced = np.zeros(300, bool)
    for first in (0, 100, 200):
        voiced[first : first + 40] = True
    centroids = np.stack([a, b, c])
    kept, labels = fold_unowned(centroids, embeddings, embeddings, centres, voiced)
    assert len(kept) == 2
    assert labels.tolist() == [0, 0, 0, 0, 0, 0, 1, 1, 1]
