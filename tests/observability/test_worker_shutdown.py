"""SIGTERM to a `meetsight worker` in the middle of a real job: without a grace period the job
is given back at once (queued, its attempt not counted, its finished stages kept) and another
worker takes it without waiting for a lease; with a grace period the job is finished first.
The job's log lines carry the id of the upload request that queued it."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from fixtures.served import free_port, new_tenant_key
from observability.processes import start_serve, start_worker
from observability.scrape import Scrape
from speech.audio import SHORT_CALL, conversation

REQUEST_ID = "shutdown-test-upload"


def _job(data_dir: Path, activity_id: str) -> dict[str, Any]:
    with sqlite3.connect(data_dir / "meetsight.db") as db:
        row = db.execute(
            "SELECT state, attempts, worker_id, payload FROM jobs WHERE activity_id = ?",
            (activity_id,),
        ).fetchone()
    state, attempts, worker_id, payload = row
    return {"state": state, "attempts": attempts, "worker": worker_id, **json.loads(payload)}


def _wait(what: Callable[[], bool], seconds: float, message: str) -> float:
    started = time.monotonic()
    while not what():
        if time.monotonic() - started > seconds:
            raise AssertionError(message)
        time.sleep(0.1)
    return time.monotonic() - started


def test_sigterm_releases_or_finishes_the_running_job(tmp_path: Path) -> None:
    recording = conversation(SHORT_CALL, tmp_path / "call.wav")
    key = new_tenant_key(tmp_path)
    api = start_serve(tmp_path, "api", worker=False)
    try:
        r = httpx.post(
            f"{api.base_url}/api/v1/calls/upload",
            headers={"x-api-key": key, "x-request-id": REQUEST_ID},
            data={"name": "Shutdown", "startDateTime": "2026-11-02T15:00:00Z"},
            files={"file": ("call.wav", recording.path.read_bytes(), "audio/wav")},
            timeout=60,
        )
        assert r.status_code == 201, r.text
        activity_id = next(iter(r.json()["data"].values()))
        job = lambda: _job(tmp_path, activity_id)  # noqa: E731
        assert job()["request_id"] == REQUEST_ID

        # 1. No grace: SIGTERM while the transcribe stage runs gives the job back at once.
        port = free_port()
        first = start_worker(
            tmp_path,
            "worker-1",
            "--metrics-port",
            str(port),
            worker_shutdown_grace_seconds="0",
            job_poll_seconds="0.2",
        )
        try:
            _wait(lambda: "media" in job().get("done", []), 120, "the media stage never ended")
            scrape = Scrape(httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text)
            count = "meetsight_processing_stage_duration_seconds_count"
            assert scrape.value(count, stage="media") == 1
            assert scrape.value(count, stage="transcribe") == 0
            assert httpx.get(f"http://127.0.0.1:{port}/other", timeout=10).status_code == 404
            signalled = time.monotonic()
            first.process.send_signal(signal.SIGTERM)
            released_in = _wait(lambda: job()["state"] == "queued", 10, "job not released")
            exit_code = first.process.wait(timeout=180)
            exited_in = time.monotonic() - signalled
        finally:
            first.kill()
        after = job()
        assert (after["attempts"], after["worker"], after["done"]) == (0, None, ["fetch", "media"])
        assert released_in < 5 and exit_code == 0
        # The abandoned recognition stops at its next segment; the process does not wait
        # for the whole recording (18 s of audio, whose recognition takes longer here).
        assert exited_in < 30, exited_in
        logged = first.log_entries()
        released = [e for e in logged if "released at shutdown" in e["message"]]
        assert len(released) == 1
        assert released[0]["request_id"] == REQUEST_ID
        assert released[0]["job_id"] and released[0]["level"] == "info"

        # 2. A long grace: SIGTERM while the job runs, and it is finished before the exit.
        second = start_worker(
            tmp_path, "worker-2", worker_shutdown_grace_seconds="600", job_poll_seconds="0.2"
        )
        try:
            taken_in = _wait(lambda: job()["state"] == "running", 60, "job not taken again")
            second.process.send_signal(signal.SIGTERM)
            assert second.process.wait(timeout=600) == 0
        finally:
            second.kill()
        after = job()
        assert (after["state"], after["attempts"]) == ("done", 1)
        assert taken_in < 30  # no lease to wait out (60 s by default)
        done = [e for e in second.log_entries() if e.get("job_id") and "done" in e["message"]]
        assert done and done[0]["request_id"] == REQUEST_ID
        item = httpx.get(
            f"{api.base_url}/api/v1/calls/{activity_id}", headers={"x-api-key": key}, timeout=30
        ).json()["data"]
        assert item["status"] == "completed"
    finally:
        api.terminate()


@pytest.mark.parametrize("token", [None, "worker-metrics-token"])
def test_worker_metrics_port_access(tmp_path: Path, token: str | None) -> None:
    port = free_port()
    settings = {"metrics_token": token} if token else {}
    new_tenant_key(tmp_path)  # migrated, so the worker starts at once
    worker = start_worker(tmp_path, "worker", "--metrics-port", str(port), **settings)
    url = f"http://127.0.0.1:{port}/metrics"
    try:
        _wait(lambda: _answers(url), 60, "worker metrics port never answered")
        plain = httpx.get(url, timeout=10)
        if token:
            assert plain.status_code == 401
            authed = httpx.get(url, headers={"authorization": f"Bearer {token}"}, timeout=10)
            assert authed.status_code == 200 and "meetsight_jobs_total" in authed.text
        else:
            assert plain.status_code == 200 and "process_resident_memory_bytes" in plain.text
        assert worker.terminate(timeout=30) == 0
    finally:
        worker.kill()


def _answers(url: str) -> bool:
    try:
        httpx.get(url, timeout=2)
    except httpx.HTTPError:
        return False
    return True
