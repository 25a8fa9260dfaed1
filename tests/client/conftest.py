"""One real `meetsight serve` (with its embedded worker) for the client and remote CLI tests."""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from fixtures.remote import VTT, Remote
from fixtures.served import new_org_key, new_tenant_key, start_server


@pytest.fixture(scope="package")
def remote(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Remote]:
    data_dir = tmp_path_factory.mktemp("remote")
    key = new_tenant_key(data_dir)
    _, reader = new_org_key(data_dir, "Readers", scopes=["meetings:read"])
    # No speech model: a recording fails at the transcribe stage within seconds instead of
    # loading Whisper on a shared test machine; transcripts are processed for real.
    missing_model = str(data_dir / "no-such-model")
    env = {
        "MEETSIGHT_ASR_MODEL": missing_model,
        # Webhooks to the tests' receiver on loopback, retried a second apart.
        "MEETSIGHT_WEBHOOK_ALLOW_PRIVATE": "true",
        "MEETSIGHT_WEBHOOK_RETRY_DELAYS": "[1, 1, 1]",
    }
    served = start_server(data_dir, worker=True, extra_env=env)
    try:
        yield Remote(served, key, reader)
    finally:
        served.stop()


@pytest.fixture(scope="package")
def transcript_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("files") / "acme-discovery.vtt"
    path.write_text(VTT)
    return path


@pytest.fixture(scope="package")
def wav_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twenty seconds of a 440 Hz tone at 16 kHz: 640 KB, several chunks of the upload."""
    path = tmp_path_factory.mktemp("files") / "tone.wav"
    rate = 16_000
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        frames = (
            struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate)))
            for i in range(rate * 20)
        )
        out.writeframes(b"".join(frames))
    return path
