"""The OpenAI-compatible backend against a local HTTP server that speaks the protocol of
POST /v1/audio/transcriptions (the one stand-in allowed: a hosted API)."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import Message
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from meetsight.media.decode import SAMPLE_RATE, decode, probe
from meetsight.speech.errors import TranscriptionError
from meetsight.speech.recognize import OpenAICompatible, parse_verbose_json

from .audio import Recording

VERBOSE = {
    "task": "transcribe",
    "language": "english",
    "duration": 2.0,
    "text": "Good morning. Thank you.",
    "segments": [
        {"id": 0, "seek": 0, "start": 0.0, "end": 1.1, "text": " Good morning.", "tokens": []},
        {"id": 1, "seek": 0, "start": 1.3, "end": 2.0, "text": " Thank you.", "tokens": []},
    ],
    "words": [
        {"word": "Good", "start": 0.0, "end": 0.4},
        {"word": "morning.", "start": 0.45, "end": 1.05},
        {"word": "Thank", "start": 1.3, "end": 1.6},
        {"word": "you.", "start": 1.62, "end": 1.95},
    ],
}


@dataclass
class Received:
    path: str
    headers: Message
    fields: dict[str, list[str]] = field(default_factory=dict)
    files: dict[str, tuple[str, str, bytes]] = field(default_factory=dict)


class FakeAsr(ThreadingHTTPServer):
    """Answers like OpenAI: 400 for a malformed request, otherwise `self.reply` (status, body,
    delay), and keeps what it received for the test to inspect."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.received: list[Received] = []
        self.reply: tuple[int, Any, float] = (200, VERBOSE, 0.0)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class Handler(BaseHTTPRequestHandler):
    server: FakeAsr

    def log_message(self, *args: object) -> None:  # keep the test output quiet
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        ctype = self.headers.get("Content-Type", "")
        message = BytesParser(policy=HTTP).parsebytes(
            f"Content-Type: {ctype}\r\n\r\n".encode() + body
        )
        got = Received(self.path, self.headers)
        for part in message.iter_parts() if message.is_multipart() else []:
            name = part.get_param("name", header="content-disposition")
            filename = part.get_filename()
            payload = part.get_payload(decode=True) or b""
            if filename:
                got.files[name] = (filename, part.get_content_type(), payload)
            else:
                got.fields.setdefault(name, []).append(payload.decode())
        self.server.received.append(got)
        if self.path != "/v1/audio/transcriptions":
            return self.answer(404, {"error": {"message": "not found"}})
        if "file" not in got.files or "model" not in got.fields:
            return self.answer(400, {"error": {"message": "file and model are required"}})
        status, reply, delay = self.server.reply
        time.sleep(delay)
        self.answer(status, reply)

    def answer(self, status: int, body: Any) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture(scope="module")
def server() -> Iterator[FakeAsr]:
    srv = FakeAsr()
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def asr(server: FakeAsr) -> Iterator[FakeAsr]:
    server.received.clear()
    server.reply = (200, VERBOSE, 0.0)
    yield server


@pytest.fixture(scope="module")
def two_seconds(call: Recording) -> np.ndarray:
    return decode(call.path).samples[: 2 * SAMPLE_RATE]


def test_request_shape_and_parsed_result(
    asr: FakeAsr, two_seconds: np.ndarray, tmp_path: Path
) -> None:
    backend = OpenAICompatible(asr.url + "/", api_key="sk-test", model="whisper-large")
    result = backend.transcribe(two_seconds, language="en", vocabulary=["Acme", "Quorvanta"])

    (got,) = asr.received
    assert got.path == "/v1/audio/transcriptions"
    assert got.headers["Authorization"] == "Bearer sk-test"
    assert got.headers["Content-Type"].startswith("multipart/form-data; boundary=")
    assert got.fields["model"] == ["whisper-large"]
    assert got.fields["response_format"] == ["verbose_json"]
    assert sorted(got.fields["timestamp_granularities[]"]) == ["segment", "word"]
    assert got.fields["language"] == ["en"]
    assert got.fields["prompt"] == ["Acme, Quorvanta"]
    filename, content_type, payload = got.files["file"]
    assert (filename, content_type) == ("audio.flac", "audio/flac")
    uploaded = tmp_path / "upload"
    uploaded.write_bytes(payload)
    info = probe(uploaded)  # the upload is a real, whole FLAC of the same audio
    assert (info.container, info.channels, info.sample_rate) == ("flac", 1, SAMPLE_RATE)
    assert abs(info.duration - 2.0) < 0.01
    assert np.allclose(decode(uploaded).samples, two_seconds, atol=1e-3)

    assert result.language == "en"
    assert result.duration == 2.0
    assert [s.text for s in result.segments] == ["Good morning.", "Thank you."]
    assert [[w.text for w in s.words] for s in result.segments] == [
        ["Good", "morning."],
        ["Thank", "you."],
    ]
    assert result.words[2].start == 1.3 and result.words[2].probability is None


def test_no_key_no_language_no_vocabulary(asr: FakeAsr, two_seconds: np.ndarray) -> None:
    OpenAICompatible(asr.url + "/v1", upload_format="wav").transcribe(two_seconds)
    (got,) = asr.received
    assert got.path == "/v1/audio/transcriptions"  # a configured /v1 is not doubled
    assert "Authorization" not in got.headers
    assert "language" not in got.fields and "prompt" not in got.fields
    assert got.files["file"][:2] == ("audio.wav", "audio/wav")
    assert got.files["file"][2][:4] == b"RIFF"


@pytest.mark.parametrize(
    ("status", "transient"),
    [(500, True), (503, True), (429, True), (400, False), (401, False), (413, False)],
)
def test_http_errors(asr: FakeAsr, two_seconds: np.ndarray, status: int, transient: bool) -> None:
    asr.reply = (status, {"error": {"message": f"status {status} from the server"}}, 0.0)
    with pytest.raises(TranscriptionError) as caught:
        OpenAICompatible(asr.url).transcribe(two_seconds)
    assert caught.value.transient is transient
    assert str(status) in caught.value.message
    assert f"status {status} from the server" in caught.value.message


def test_timeout_is_transient(asr: FakeAsr, two_seconds: np.ndarray) -> None:
    asr.reply = (200, VERBOSE, 1.5)
    with pytest.raises(TranscriptionError) as caught:
        OpenAICompatible(asr.url, timeout=0.3).transcribe(two_seconds)
    assert caught.value.transient is True
    assert "timed out" in caught.value.message


def test_unreachable_is_transient(two_seconds: np.ndarray) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(TranscriptionError) as caught:
        OpenAICompatible(f"http://127.0.0.1:{port}").transcribe(two_seconds)
    assert caught.value.transient is True


def test_garbage_response(asr: FakeAsr, two_seconds: np.ndarray) -> None:
    asr.reply = (200, b"<html>proxy error</html>", 0.0)
    with pytest.raises(TranscriptionError) as caught:
        OpenAICompatible(asr.url).transcribe(two_seconds)
    assert caught.value.transient is True
    asr.reply = (200, {"segments": [{"text": "no times"}]}, 0.0)
    with pytest.raises(TranscriptionError) as caught:
        OpenAICompatible(asr.url).transcribe(two_seconds)
    assert caught.value.transient is False


def test_words_nested_in_segments_and_plain_text() -> None:
    # speaches / faster-whisper-server put words inside segments and may answer an ISO code.
    nested = parse_verbose_json(
        {
            "language": "de",
            "segments": [
                {
                    "start": 0,
                    "end": 1,
                    "text": "Guten Tag",
                    "words": [
                        {"word": " Guten", "start": 0, "end": 0.4, "probability": 0.9},
                        {"word": " Tag", "start": 0.5, "end": 0.9, "probability": 0.8},
                    ],
                }
            ],
        },
        duration=1.0,
    )
    assert nested.language == "de"
    assert [(w.text, w.probability) for w in nested.words] == [("Guten", 0.9), ("Tag", 0.8)]
    # Only text and top-level words: one segment spanning them.
    flat = parse_verbose_json(
        {
            "text": "Hello there",
            "words": [
                {"word": "Hello", "start": 0.2, "end": 0.5},
                {"word": "there", "start": 0.6, "end": 0.9},
            ],
        },
        duration=1.0,
        fallback_language="en",
    )
    assert [(s.start, s.end, s.text) for s in flat.segments] == [(0.2, 0.9, "Hello there")]
    assert flat.language == "en" and len(flat.words) == 2
