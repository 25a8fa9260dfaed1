"""SIGTERM to `meetsight serve` while an upload is still arriving: the server stops taking new
connections, lets the upload finish (201, the activity stored) and then exits cleanly."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fixtures.multipart import multipart, wav_bytes
from fixtures.served import new_tenant_key
from observability.processes import start_serve

CHUNKS = 8


def test_an_upload_in_flight_finishes_after_sigterm(tmp_path: Path) -> None:
    key = new_tenant_key(tmp_path)
    served = start_serve(tmp_path, "serve", worker=False, shutdown_timeout_seconds="30")
    body, headers = multipart(
        [("name", "Graceful"), ("startDateTime", "2026-11-02T15:00:00Z")],
        [("file", "call.wav", wav_bytes(seconds=2.0), "audio/wav")],
    )
    half_sent = threading.Event()
    step = len(body) // CHUNKS + 1

    def slow_body() -> Iterator[bytes]:
        for i in range(0, len(body), step):
            if i >= len(body) // 2:
                half_sent.set()
                time.sleep(0.3)  # the rest arrives after SIGTERM
            yield body[i : i + step]

    result: dict[str, httpx.Response] = {}

    def upload() -> None:
        result["r"] = httpx.post(
            f"{served.base_url}/api/v1/calls/upload",
            headers={**headers, "x-api-key": key, "x-request-id": "in-flight"},
            content=slow_body(),
            timeout=60,
        )

    sender = threading.Thread(target=upload)
    try:
        sender.start()
        assert half_sent.wait(30), "the upload never got going"
        served.process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        with pytest.raises(httpx.ConnectError):  # no new connections once stopping
            httpx.get(f"{served.base_url}/healthz", timeout=5)
        sender.join(60)
        # uvicorn raises the signal it caught again once it has shut down cleanly.
        assert served.process.wait(timeout=60) == -signal.SIGTERM
    finally:
        served.kill()
    messages = [e["message"] for e in served.log_entries() if e["logger"] == "uvicorn.error"]
    assert "Application shutdown complete." in messages
    r = result["r"]
    assert r.status_code == 201, r.text
    assert r.headers["x-request-id"] == "in-flight"
    access = [e for e in served.log_entries() if e.get("request_id") == "in-flight"]
    assert [(e["route"], e["status"]) for e in access] == [("/api/v1/calls/upload", 201)]
