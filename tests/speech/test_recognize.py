"""Real recognition of espeak speech with the bundled models (no network, no mocks)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from meetsight.config import Settings
from meetsight.media.decode import DecodedAudio, decode
from meetsight.speech.captions import join_words
from meetsight.speech.errors import TranscriptionError
from meetsight.speech.recognize import (
    LocalWhisper,
    OpenAICompatible,
    Transcription,
    make_transcriber,
)

from .audio import Recording, word_error_rate


@pytest.fixture(scope="session")
def call_audio(call_mp3: Path) -> DecodedAudio:
    return decode(call_mp3)


@pytest.fixture(scope="session")
def tiny_result(tiny_en: LocalWhisper, call_audio: DecodedAudio) -> Transcription:
    return tiny_en.transcribe(call_audio.samples)


@pytest.fixture(scope="session")
def base_result(base: LocalWhisper, call_audio: DecodedAudio) -> Transcription:
    return base.transcribe(call_audio.samples)  # no language: detected


def check_words(result: Transcription, duration: float) -> None:
    words = result.words
    assert len(words) >= 35
    previous = 0.0
    for word in words:
        assert 0.0 <= word.start <= word.end <= duration + 0.05, word
        assert word.start >= previous - 0.05, word  # in order
        assert word.text
        assert word.probability is not None and 0.0 <= word.probability <= 1.0
        previous = word.start
    for segment in result.segments:
        assert 0.0 <= segment.start < segment.end <= duration + 0.05
        assert segment.words and join_words(segment.words) == segment.text


@pytest.mark.parametrize("model", ["tiny_result", "base_result"])
def test_transcribes_two_voices(
    model: str, request: pytest.FixtureRequest, call: Recording, call_audio: DecodedAudio
) -> None:
    result: Transcription = request.getfixturevalue(model)
    wer = word_error_rate(call.text, result.text)
    assert wer < 0.15, (wer, result.text)
    assert result.language == "en"
    assert abs(result.duration - call_audio.duration) < 0.01
    check_words(result, call_audio.duration)
    # Timestamps match the script: speech starts at 0 and the last word ends with the audio.
    assert result.words[0].start < 1.0
    assert result.words[-1].end > call.turns[-1].end - 1.5
    # A word from the second turn is timed inside that turn.
    second = call.turns[1]
    price = [w for w in result.words if w.text.strip(".,").lower() == "price"]
    assert price and second.start - 0.3 <= price[0].start <= second.end + 0.3


def test_detects_another_language(base: LocalWhisper, media: Path) -> None:
    wav = media / "german.wav"
    subprocess.run(
        [
            "espeak-ng",
            "-v",
            "de",
            "-s",
            "140",
            "-w",
            str(wav),
            "Guten Morgen. Wir sprechen heute über den Vertrag und den Preis.",
        ],
        check=True,
    )
    result = base.transcribe(decode(wav).samples)
    assert result.language == "de"
    # Words, not the model's punctuation (which varies with the CPU's float kernels).
    assert {"guten", "morgen", "preis"} <= set(re.findall(r"\w+", result.text.lower())), result.text


def test_custom_vocabulary_becomes_hotwords(tiny_en: LocalWhisper, media: Path) -> None:
    wav = media / "vocabulary.wav"
    subprocess.run(
        [
            "espeak-ng",
            "-v",
            "en-us",
            "-s",
            "150",
            "-w",
            str(wav),
            "We signed the contract with Quorvanta last week.",
        ],
        check=True,
    )
    audio = decode(wav).samples
    plain = tiny_en.transcribe(audio, language="en")
    hinted = tiny_en.transcribe(audio, language="en", vocabulary=["Quorvanta", " ", ""])
    assert "quorvanta" not in plain.text.lower()  # the name is unknown to the model...
    assert "quorvanta" in hinted.text.lower()  # ...until the organization's vocabulary says it


def test_unknown_language_is_permanent(tiny_en: LocalWhisper, call_audio: DecodedAudio) -> None:
    with pytest.raises(TranscriptionError) as caught:
        tiny_en.transcribe(call_audio.samples[:16000], language="xx")
    assert caught.value.transient is False


def test_silence_gives_no_segments(tiny_en: LocalWhisper) -> None:
    import numpy as np

    result = tiny_en.transcribe(np.zeros(16000 * 3, dtype=np.float32))
    assert result.segments == [] and result.duration == 3.0


def test_settings_choose_the_backend(data_dir: Path, tmp_path: Path) -> None:
    local = make_transcriber(Settings(data_dir=data_dir, asr_model="tiny.en", asr_device="cpu"))
    assert isinstance(local, LocalWhisper)
    assert local.compute_type == "int8" and local.device == "cpu"
    assert Path(local.model_path, "model.bin").is_file()
    remote = make_transcriber(
        Settings(asr_backend="openai", asr_openai_url="http://asr.local:9000/v1/")
    )
    assert isinstance(remote, OpenAICompatible)
    assert remote.endpoint == "http://asr.local:9000/v1/audio/transcriptions"
    with pytest.raises(TranscriptionError) as caught:
        make_transcriber(Settings(data_dir=data_dir, asr_model=str(tmp_path / "missing")))
    assert caught.value.transient is False
