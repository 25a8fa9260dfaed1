"""Issue 9's production topology, for real: two `meetsight serve --no-worker` API processes and
two `meetsight worker` processes over one PostgreSQL database, Redis and an S3 server on
loopback. Twenty spoken recordings uploaded through both API processes are each processed
exactly once; a burst split across the API processes is refused at the shared Redis budget;
either API process serves media from S3; and a worker SIGKILLed mid-job has its job finished
by the other once the lease runs out."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from fixtures.s3_server import S3Server, start_s3_server
from fixtures.served import free_port
from fixtures.topology import Topology, scratch_database, topology_env
from meetsight.config import normalise_database_url
from observability.scrape import Scrape
from speech.audio import VOICES, long_conversation, require_tools, speak

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("MEETSIGHT_TEST_REDIS_URL")
pytestmark = pytest.mark.skipif(
    not (PG_URL and REDIS_URL),
    reason="the multi-process topology needs a real PostgreSQL and Redis: set "
    "MEETSIGHT_TEST_DATABASE_URL and MEETSIGHT_TEST_REDIS_URL (CI sets both)",
)

API = "/api/v1"
RECORDINGS = 20
LEASE_SECONDS = 5  # short, so the killed worker's job is taken over quickly
BUDGET = 60  # requests per minute per credential, shared through Redis
PHRASES = [
    "We agreed on the budget for the new office.",
    "Please send the contract before Friday.",
    "The team will start the rollout next week.",
    "Our customers asked for a lower price.",
    "Let us meet again on Tuesday morning.",
]


@dataclass
class Deployment:
    topology: Topology
    s3: S3Server
    bucket: str
    db: AsyncEngine
    uploader: dict[str, str]
    burster: dict[str, str]
    uploaded: dict[str, tuple[int, Path]]  # meeting id -> (API process index, file)
    worker_metrics: dict[int, str] = field(default_factory=dict)  # worker pid -> /metrics URL


@pytest.fixture(scope="module")
async def deployment(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Deployment]:
    require_tools()
    assert PG_URL and REDIS_URL
    root = tmp_path_factory.mktemp("topology")
    s3 = start_s3_server()
    try:
        bucket = s3.new_bucket()
        async with scratch_database(PG_URL) as database_url:
            env = topology_env(
                database_url,
                REDIS_URL,
                s3.env(bucket),
                rate_limits=f"{BUDGET}/minute",
                asr_model="tiny.en",
                asr_threads="1",
                job_lease_seconds=str(LEASE_SECONDS),
                job_poll_seconds="0.2",
            )
            topology = Topology(root, env)
            topology.migrate()
            uploader, burster = topology.new_key("Uploads"), topology.new_key("Bursts")
            db = create_async_engine(normalise_database_url(database_url))
            try:
                metrics: dict[int, str] = {}
                for _ in range(2):
                    topology.start_api()
                    port = free_port()
                    worker = topology.start_worker(metrics_port=port)
                    metrics[worker.pid] = f"http://127.0.0.1:{port}/metrics"
                topology.wait_ready()
                yield Deployment(
                    topology,
                    s3,
                    bucket,
                    db,
                    {"x-api-key": uploader},
                    {"x-api-key": burster},
                    {},
                    metrics,
                )
            finally:
                topology.stop()
                await db.dispose()
    finally:
        s3.stop()


async def _jobs(db: AsyncEngine) -> list[Any]:
    async with db.connect() as conn:
        rows = await conn.execute(
            sa.text(
                "SELECT j.activity_id, j.state, j.attempts, j.worker_id, j.payload, a.status "
                "FROM jobs j JOIN activities a ON a.organization_id = j.organization_id "
                "AND a.id = j.activity_id WHERE j.kind = 'process_activity'"
            )
        )
        return list(rows)


async def _wait(db: AsyncEngine, ids: set[str], ready: Any, seconds: float, why: str) -> list[Any]:
    deadline = time.monotonic() + seconds
    while True:
        rows = [r for r in await _jobs(db) if r.activity_id in ids]
        if len(rows) == len(ids) and all(ready(r) for r in rows):
            return rows
        if time.monotonic() > deadline:
            states = sorted((r.state, r.attempts, r.payload.get("done")) for r in rows)
            raise AssertionError(f"{why} within {seconds} s: {states}")
        await asyncio.sleep(0.5)


def _pid(worker_id: str) -> int:
    return int(worker_id.split(":")[1])  # host:pid:random (jobs/worker.py)


async def test_twenty_recordings_through_both_apis_processed_exactly_once(
    deployment: Deployment, tmp_path: Path
) -> None:
    apis = deployment.topology.apis
    async with httpx.AsyncClient(timeout=60) as client:
        for n in range(RECORDINGS):
            path = speak(PHRASES[n % len(PHRASES)], VOICES[n % 2], tmp_path / f"rec{n}.wav")
            index = n % 2  # alternate between the two API processes
            r = await client.post(
                f"{apis[index].base_url}{API}/meetings/upload",
                headers=deployment.uploader,
                data={"name": f"Recording {n}", "startDateTime": "2026-11-02T15:00:00Z"},
                files={"file": (path.name, path.read_bytes(), "audio/wav")},
            )
            assert r.status_code == 201, r.text[:300]
            deployment.uploaded[r.json()["data"]["meetingId"]] = (index, path)

    ids = set(deployment.uploaded)
    rows = await _wait(deployment.db, ids, lambda r: r.state in ("done", "failed"), 600, "not done")
    assert len(rows) == RECORDINGS  # one job per recording: none lost, none doubled
    for row in rows:
        assert (row.state, row.status, row.attempts) == ("done", "completed", 1), row
        done = row.payload["done"]
        assert len(done) == len(set(done)) and "transcribe" in done, done  # each stage once
        assert set(row.payload["timings"]) >= {"media", "transcribe"}
    pids = {w.pid for w in deployment.topology.workers}
    finishers = {_pid(r.worker_id) for r in rows}
    assert finishers <= pids and len(finishers) == 2, finishers  # both workers took jobs

    # Media lives in S3 only, and either API process serves what the other one took in.
    keys = deployment.s3.keys(deployment.bucket)
    assert len([k for k in keys if k.endswith("/media.wav")]) == RECORDINGS
    async with httpx.AsyncClient(timeout=30) as client:
        for mid, (index, path) in list(deployment.uploaded.items())[:4]:
            other = apis[1 - index].base_url
            whole = await client.get(
                f"{other}{API}/meetings/{mid}/media", headers=deployment.uploader
            )
            assert whole.status_code == 200 and whole.content == path.read_bytes()
            part = await client.get(
                f"{other}{API}/meetings/{mid}/media",
                headers={**deployment.uploader, "range": "bytes=0-11"},
            )
            assert part.status_code == 206 and part.content == path.read_bytes()[:12]
            transcript = await client.get(
                f"{other}{API}/meetings/{mid}/transcript", headers=deployment.uploader
            )
            assert transcript.status_code == 200 and transcript.json()["data"]["transcript"]
    for i in range(2):
        data_dir = deployment.topology.root / f"api{i}"
        assert not list(data_dir.rglob("*.wav")), "an API process kept a recording locally"


async def test_rate_limits_are_shared_by_the_api_processes(deployment: Deployment) -> None:
    apis = deployment.topology.apis
    statuses: list[int] = []
    async with httpx.AsyncClient(timeout=30) as client:
        for n in range(BUDGET + 20):  # split evenly: each process alone sees 40, under 60
            base = apis[n % 2].base_url
            r = await client.get(f"{base}{API}/meetings?limit=1", headers=deployment.burster)
            statuses.append(r.status_code)
    assert statuses.count(200) == BUDGET, statuses
    assert statuses.count(429) == 20, statuses
    assert statuses[:BUDGET] == [200] * BUDGET  # refused only once the shared budget is spent


async def test_a_killed_workers_job_is_finished_by_the_other(
    deployment: Deployment, tmp_path: Path
) -> None:
    recording = long_conversation(20, tmp_path / "long.wav")
    api = deployment.topology.apis[0]
    async with httpx.AsyncClient(timeout=60) as client:
        r = await client.post(
            f"{api.base_url}{API}/meetings/upload",
            headers=deployment.uploader,
            data={"name": "Long meeting", "startDateTime": "2026-11-02T15:00:00Z"},
            files={"file": ("long.wav", recording.path.read_bytes(), "audio/wav")},
        )
    assert r.status_code == 201, r.text[:300]
    mid = r.json()["data"]["meetingId"]
    # Killed once the media stage is done, while recognition runs.
    [row] = await _wait(
        deployment.db,
        {mid},
        lambda r: r.state == "running" and "media" in r.payload.get("done", []),
        240,
        "the job never reached recognition",
    )
    assert "transcribe" not in row.payload["done"], row.payload
    victim = next(w for w in deployment.topology.workers if w.pid == _pid(row.worker_id))
    survivor = next(w for w in deployment.topology.workers if w is not victim)
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(10)
    killed_at = time.monotonic()

    [row] = await _wait(deployment.db, {mid}, lambda r: r.state == "done", 300, "not finished")
    assert time.monotonic() - killed_at >= LEASE_SECONDS - 1  # taken over after the lease
    assert (row.state, row.status, row.attempts) == ("done", "completed", 2)
    assert _pid(row.worker_id) == survivor.pid
    done = row.payload["done"]
    assert len(done) == len(set(done)), done  # media ran once; recognition finished once
    async with deployment.db.connect() as conn:
        segments = await conn.scalar(
            sa.text("SELECT count(*) FROM transcript_segments WHERE activity_id = :id"),
            {"id": mid},
        )
    async with httpx.AsyncClient(timeout=30) as client:
        transcript = await client.get(
            f"{deployment.topology.apis[1].base_url}{API}/meetings/{mid}/transcript",
            headers=deployment.uploader,
        )
    assert transcript.status_code == 200
    assert segments == len(transcript.json()["data"]["transcript"]) > 0  # one copy, not two


async def test_metrics_after_the_run(deployment: Deployment) -> None:
    """Issue 9: /metrics of each API process and of the surviving worker, after the runs above,
    agree with what the database and the tests saw."""
    upload = ("POST", f"{API}/meetings/upload", "201")
    async with httpx.AsyncClient(timeout=30) as client:
        apis = [
            Scrape((await client.get(f"{a.base_url}/metrics")).text)
            for a in deployment.topology.apis
        ]
        survivors = [w for w in deployment.topology.workers if w.poll() is None]
        assert len(survivors) == 1
        worker = Scrape((await client.get(deployment.worker_metrics[survivors[0].pid])).text)

    # Requests: the uploads each process took, the shared budget's refusals, latency recorded.
    taken = [sum(1 for i, _ in deployment.uploaded.values() if i == n) for n in range(2)]
    taken[0] += 1  # the long meeting of the killed-worker test went through the first process
    for n, scrape in enumerate(apis):
        labels = dict(zip(("method", "route", "status"), upload, strict=True))
        assert scrape.value("meetsight_http_requests_total", **labels) == taken[n]
        assert scrape.value("meetsight_http_request_duration_seconds_count", **labels) == taken[n]
    refused = sum(s.value("meetsight_rate_limit_refusals_total", budget="credential") for s in apis)
    assert refused == 20
    # The queue is empty now, seen alike from both processes (it is read from the jobs table).
    for scrape in apis:
        for state in ("due", "delayed", "running"):
            assert (
                scrape.value("meetsight_job_queue_depth", kind="process_activity", state=state) == 0
            )

    # The surviving worker: as many jobs done as the jobs table credits to it, each transcribed.
    rows = await _jobs(deployment.db)
    mine = [r for r in rows if r.state == "done" and _pid(r.worker_id) == survivors[0].pid]
    done = worker.value("meetsight_jobs_total", kind="process_activity", outcome="done")
    assert done == len(mine) > 0
    assert worker.value("meetsight_transcription_real_time_factor_count") == done
    rtf = worker.value("meetsight_transcription_real_time_factor_sum") / done
    assert 0 < rtf < 10  # seconds of recognition per second of audio: positive, bounded
    stage = worker.value("meetsight_processing_stage_duration_seconds_count", stage="transcribe")
    assert stage == done
