"""A `meetsight worker` process SIGKILLed in the middle of transcribing: another worker takes the
job over after the lease and the recording ends with one transcript, not two."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.config import Settings
from meetsight.jobs.models import Job
from meetsight.state import AppState
from meetsight.transcripts.models import TranscriptSegment
from speech.audio import long_conversation, word_error_rate

API = "/api/v1"
LEASE_SECONDS = "4"


def _worker(settings: Settings) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    env.update(
        MEETSIGHT_DATA_DIR=str(settings.data_dir),
        MEETSIGHT_SECRET_KEY="test-secret",
        MEETSIGHT_JOB_LEASE_SECONDS=LEASE_SECONDS,
        MEETSIGHT_JOB_POLL_SECONDS="0.2",
    )
    if settings.database_url:
        env["MEETSIGHT_DATABASE_URL"] = settings.database_url
    return subprocess.Popen(
        [sys.executable, "-m", "meetsight.cli", "worker"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _read(path: Path) -> bytes:
    return path.read_bytes()


async def _job(state: AppState, org_id: str, activity_id: str) -> Job:
    async with state.sessionmaker() as session:
        return (
            await session.execute(
                sa.select(Job).where(Job.organization_id == org_id, Job.activity_id == activity_id)
            )
        ).scalar_one()


async def _poll(
    state: AppState, org_id: str, activity_id: str, ready: object, seconds: float
) -> Job:
    job = await _job(state, org_id, activity_id)
    for _ in range(int(seconds / 0.1)):
        if ready(job):  # type: ignore[operator]
            return job
        await asyncio.sleep(0.1)
        job = await _job(state, org_id, activity_id)
    return job


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return long_conversation(40, tmp_path_factory.mktemp("crash") / "long.wav")


async def test_killed_worker_job_is_finished_once_by_another(
    client: httpx.AsyncClient,
    state: AppState,
    settings: Settings,
    tenant: Tenant,
    recording,  # type: ignore[no-untyped-def]
) -> None:
    r = await client.post(
        f"{API}/meetings/upload",
        headers=tenant.headers,
        data={"name": "Long meeting", "startDateTime": "2026-11-02T15:00:00Z"},
        files={"file": ("long.wav", _read(recording.path), "audio/wav")},
    )
    assert r.status_code == 201, r.text
    mid = r.json()["data"]["meetingId"]

    first = _worker(settings)
    try:
        # Killed once the media stage is done, i.e. while recognition runs.
        job = await _poll(
            state, tenant.org_id, mid, lambda j: "media" in j.payload.get("done", []), 120
        )
        assert job.state == "running" and "transcribe" not in job.payload["done"], job.payload
        os.kill(first.pid, signal.SIGKILL)
    finally:
        first.wait(10)
    second = _worker(settings)
    try:
        job = await _poll(state, tenant.org_id, mid, lambda j: j.state == "done", 240)
    finally:
        second.send_signal(signal.SIGTERM)
        second.wait(30)
    assert (job.state, job.attempts) == ("done", 2)

    item = (await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)).json()["data"]
    assert item["status"] == "completed"
    transcript = await client.get(f"{API}/meetings/{mid}/transcript", headers=tenant.headers)
    segments = transcript.json()["data"]["transcript"]
    text = " ".join(s["content"] for s in segments)
    assert word_error_rate(recording.text, text) < 0.15  # once: a second copy would double it
    starts = [s["startTime"] for s in segments]
    assert starts == sorted(starts)
    async with state.sessionmaker() as session:
        rows = await session.scalar(
            sa.select(sa.func.count())
            .select_from(TranscriptSegment)
            .where(
                TranscriptSegment.organization_id == tenant.org_id,
                TranscriptSegment.activity_id == mid,
            )
        )
    assert rows == len(segments)
