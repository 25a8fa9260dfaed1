"""Session-wide test media (made once: espeak, sox and PyAV take a few seconds) and models
(loaded once: faster-whisper takes about a second per model)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meetsight.speech.models import resolve_model
from meetsight.speech.recognize import LocalWhisper

from .audio import (
    SHORT_CALL,
    Recording,
    conversation,
    encode_audio,
    stereo_conversation,
    to_mp3,
    video_with_audio,
)

THREADS = min(2, os.cpu_count() or 1)  # the test machine's share


@pytest.fixture(scope="session")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("speech-media")


@pytest.fixture(scope="session")
def call(media: Path) -> Recording:
    """~18 s, two voices, mono wav at 22.05 kHz."""
    return conversation(SHORT_CALL, media / "call.wav")


@pytest.fixture(scope="session")
def call_mp3(call: Recording, media: Path) -> Path:
    return to_mp3(call.path, media / "call.mp3")


@pytest.fixture(scope="session")
def meeting_mp4(call: Recording, media: Path) -> Path:
    return video_with_audio(call.path, media / "meeting.mp4")


@pytest.fixture(scope="session")
def stereo_call(media: Path) -> Recording:
    return stereo_conversation(SHORT_CALL, media / "stereo.wav")


@pytest.fixture(scope="session")
def encoded(call: Recording, media: Path) -> dict[str, Path]:
    """The call in the other containers we take, written with PyAV."""
    return {
        "webm": encode_audio(call.path, media / "call.webm", "webm", "libopus"),
        "mkv": encode_audio(call.path, media / "call.mkv", "matroska", "flac"),
        "ogg": encode_audio(call.path, media / "call.ogg", "ogg", "libopus"),
        "flac": encode_audio(call.path, media / "call.flac", "flac", "flac"),
        "m4a": encode_audio(call.path, media / "call.m4a", "ipod", "aac"),
        "mov": video_with_audio(call.path, media / "meeting.mov", fmt="mov", video_codec="h264"),
    }


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("speech-data")


@pytest.fixture(scope="session")
def tiny_en() -> LocalWhisper:
    return LocalWhisper(resolve_model("tiny.en", "unused"), device="cpu", threads=THREADS)


@pytest.fixture(scope="session")
def base(data_dir: Path) -> LocalWhisper:
    return LocalWhisper(resolve_model("base", data_dir), device="cpu", threads=THREADS)
