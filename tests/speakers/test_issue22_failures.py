"""The two speaker-attribution failures of issue 22, on the diarization stage itself.

a. Two espeak-ng voices (en-us and en-gb+m3) alternating sentences for three minutes: every second
   went to one speaker. On espeak-ng 1.51 `en-gb+m3` is `en-gb` (one voice with two accents:
   test_espeak_variants), so the pair is made as meant, en-us against the British RP voice with
   m3's variant, for 79 s (16 sentences, made once per session: conftest `close_voices`).
b. A real two-person recording (pyannote.audio's sample, 30 s) repeated to 186 s: split into more
   speakers than two.

"auto" is the GE2E d-vector diarizer with the vocal-tract split (docs/speakers.md): it passes
both; they stay strict expected failures for the numpy fallback (MFCC window statistics: what a
1.5 s window says is dominated by what is said, not by who says it). An unexpected pass fails the
run, so a fix has to remove the marks.
"""

from __future__ import annotations

import numpy as np
import pytest

from meetsight.speakers.diarize import diarize

from .mixtures import Mixture, mix, real_recording, real_utterances, score

# Only the scores may fail: missing test data or tools must fail the run, not hide in the mark.
KNOWN = pytest.mark.xfail(
    strict=True,
    raises=AssertionError,
    reason="the numpy fallback: MFCC window statistics (docs/speakers.md)",
)


@pytest.mark.parametrize("backend", ["auto", pytest.param("numpy", marks=KNOWN)])
def test_two_close_espeak_voices_are_two_speakers(close_voices: Mixture, backend: str) -> None:
    assert close_voices.duration > 60
    result = diarize(close_voices.samples, backend=backend)  # type: ignore[arg-type]
    found = score(close_voices.turns, result.turns, close_voices.duration)
    assert found.speakers_found == 2, found
    assert found.correct >= 0.9, found


@pytest.mark.parametrize("backend", ["auto", pytest.param("numpy", marks=KNOWN)])
def test_repeated_real_two_person_call_is_not_over_split(backend: str) -> None:
    recording = real_recording(186.0)
    assert len(recording.speakers) == 2
    result = diarize(recording.samples, backend=backend)  # type: ignore[arg-type]
    found = score(recording.turns, result.turns, recording.duration)
    assert found.speakers_found == 2, found
    assert found.correct >= 0.9, found


def one_real_voice(seconds: float) -> Mixture:
    """The first person of the real sample alone: her utterances in turn, 0.2-1.5 s apart, to
    `seconds` (the benchmark's one-voice case is made the same way, with other gaps)."""
    utterances = [u for u in real_utterances() if u.speaker == "speaker90"]
    rng = np.random.default_rng(4)
    schedule, total = [], 0.0
    while total < seconds:
        utterance = utterances[len(schedule) % len(utterances)]
        schedule.append((utterance, float(rng.uniform(0.2, 1.5))))
        total += len(utterance.samples) / 16_000 + schedule[-1][1]
    return mix(schedule)


def test_one_real_voice_is_one_speaker() -> None:
    # Split in two at 0.88 before the run-ownership fold (docs/speakers.md).
    recording = one_real_voice(180.0)
    result = diarize(recording.samples, backend="auto")
    found = score(recording.turns, result.turns, recording.duration)
    assert found.speakers_found == 1, found
    assert found.correct >= 0.95, found


def test_two_voices_that_differ_in_vocal_tract_are_two_speakers(variant_voices: Mixture) -> None:
    # One speaker (0.50-0.61 of speech right on 180 s mixtures) before the vocal-tract split.
    result = diarize(variant_voices.samples, backend="auto")
    found = score(variant_voices.turns, result.turns, variant_voices.duration)
    assert found.speakers_found == 2, found
    assert found.correct >= 0.9, found
