"""A real `meetsight serve` with an embedded worker: real requests, a rate-limited burst and a
real recording processed end to end, then /metrics scraped and checked against what was sent;
the JSON logs carry the upload's request id into the job that processed it."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from fixtures.served import new_tenant_key
from observability.processes import Process, start_serve
from observability.scrape import Scrape
from speech.audio import SHORT_CALL, Recording, conversation

API = "/api/v1"
UPLOAD_REQUEST_ID = "metrics-test-upload-1"


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("metrics-served")


@pytest.fixture(scope="module")
def recording(data_dir: Path) -> Recording:
    return conversation(SHORT_CALL, data_dir / "call.wav")


@pytest.fixture(scope="module")
def served(data_dir: Path) -> Iterator[tuple[Process, str]]:
    key = new_tenant_key(data_dir)
    process = start_serve(
        data_dir,
        "serve",
        worker=True,
        workers="1",
        job_poll_seconds="0.2",
        rate_limits_enabled="true",
        rate_limits="1000/minute",
        rate_limits_unauthenticated="2/minute",
    )
    try:
        yield process, key
    finally:
        process.terminate()


def test_metrics_after_requests_and_a_processed_upload(
    served: tuple[Process, str], recording: Recording
) -> None:
    process, key = served
    sent: Counter[tuple[str, str, str]] = Counter()
    with httpx.Client(base_url=process.base_url, timeout=30) as http:

        def call(method: str, url: str, route: str, **kwargs: object) -> httpx.Response:
            response = http.request(method, url, **kwargs)  # type: ignore[arg-type]
            sent[(method, route, str(response.status_code))] += 1
            return response

        auth = {"x-api-key": key}
        for _ in range(3):
            r = call("GET", f"{API}/meetings", f"{API}/meetings", headers=auth)
            assert r.status_code == 200 and len(r.headers["x-request-id"]) == 32

        r = call(
            "POST",
            f"{API}/calls/upload",
            f"{API}/calls/upload",
            headers={**auth, "x-request-id": UPLOAD_REQUEST_ID},
            data={"name": "Metrics", "startDateTime": "2026-11-02T15:00:00Z"},
            files={"file": ("call.wav", recording.path.read_bytes(), "audio/wav")},
        )
        assert r.status_code == 201, r.text
        assert r.headers["x-request-id"] == UPLOAD_REQUEST_ID  # a sane id is kept
        activity_id = next(iter(r.json()["data"].values()))

        item_route = f"{API}/calls/{{activity_id}}"
        deadline = time.monotonic() + 240
        while True:
            r = call("GET", f"{API}/calls/{activity_id}", item_route, headers=auth)
            status = r.json()["data"]["status"]
            if status != "processing" or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert status == "completed", r.text

        r = call("GET", "/no/such/path/123456789", "<unmatched>")
        assert r.status_code == 404
        r = call("GET", f"{API}/meetings", f"{API}/meetings", headers={"x-request-id": "bad id!"})
        assert r.status_code == 401 and r.headers["x-request-id"] != "bad id!"
        for _ in range(4):  # a wrong key: 1 more 401 within the budget of 2, then 429s
            call("GET", f"{API}/meetings", f"{API}/meetings", headers={"x-api-key": "msk_nope"})

        scrape = Scrape(http.get("/metrics").text)

    assert sent[("GET", f"{API}/meetings", "401")] == 2
    assert sent[("GET", f"{API}/meetings", "429")] == 3
    for (method, route, status), count in sent.items():
        labels = {"method": method, "route": route, "status": status}
        assert scrape.value("meetsight_http_requests_total", **labels) == count, labels
        assert scrape.value("meetsight_http_request_duration_seconds_count", **labels) == count
        assert scrape.value("meetsight_http_request_duration_seconds_sum", **labels) > 0
    # Route templates only: no id, no raw path became a label value.
    assert activity_id not in scrape.text and "123456789" not in scrape.text
    assert scrape.value("meetsight_rate_limit_refusals_total", budget="address") == 3
    assert scrape.value("meetsight_rate_limit_refusals_total", budget="credential") == 0

    # One job, processed once; its stages and the recognition timed.
    assert scrape.value("meetsight_jobs_total", kind="process_activity", outcome="done") == 1
    for stage in ("media", "transcribe", "transcribe.decode", "transcribe.asr", "intelligence"):
        count = scrape.value("meetsight_processing_stage_duration_seconds_count", stage=stage)
        assert count == 1, stage
    assert scrape.value("meetsight_processing_stage_duration_seconds_count", stage="fetch") == 0
    asr = scrape.value("meetsight_processing_stage_duration_seconds_sum", stage="transcribe.asr")
    transcribe = scrape.value("meetsight_processing_stage_duration_seconds_sum", stage="transcribe")
    assert 0 < asr <= transcribe
    audio = scrape.value("meetsight_transcribed_audio_seconds_total")
    assert abs(audio - recording.duration) < 0.5, (audio, recording.duration)
    assert scrape.value("meetsight_transcription_real_time_factor_count") == 1
    rtf = scrape.value("meetsight_transcription_real_time_factor_sum")
    assert rtf == pytest.approx(scrape.value("meetsight_transcription_seconds_total") / audio)
    assert 0 < rtf < 10
    # The queue is empty again, read from the jobs table at scrape time.
    for state in ("due", "delayed", "running", "abandoned"):
        assert scrape.value("meetsight_job_queue_depth", kind="process_activity", state=state) == 0
    assert scrape.value("meetsight_job_queue_oldest_age_seconds", kind="process_activity") == 0

    # The logs: JSON lines; the upload's request id on its access line and on the job's lines.
    # A request's access line is written once its response has gone out: the scrape's may
    # follow the scrape itself by a moment.
    wanted = sum(sent.values()) + 1  # and the scrape
    deadline = time.monotonic() + 10
    while True:
        entries = process.log_entries()
        access = [
            e for e in entries if e["logger"] == "meetsight.access" and e["route"] != "/healthz"
        ]
        if len(access) >= wanted or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert len(access) == wanted
    upload = [e for e in access if e.get("request_id") == UPLOAD_REQUEST_ID]
    assert [(e["route"], e["status"]) for e in upload] == [(f"{API}/calls/upload", 201)]
    job_lines = [e for e in entries if e.get("job_id")]
    assert job_lines and all(e.get("request_id") == UPLOAD_REQUEST_ID for e in job_lines)
    assert {"meetsight.worker", "meetsight.pipeline"} <= {e["logger"] for e in job_lines}
