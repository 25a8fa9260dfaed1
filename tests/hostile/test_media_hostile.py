"""Recordings built to hurt: many channels, 0-bit samples, hours of silence in a few kilobytes,
and a media process that dies mid-job. None may take the server down, loop, or leave a 500.
On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import struct
import subprocess
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from fixtures.shapes import check_error
from meetsight.db.base import utcnow
from meetsight.jobs.context import Services
from meetsight.jobs.models import Job
from meetsight.jobs.worker import Worker
from meetsight.media.process import MediaProcessPool
from meetsight.processing.handlers import announce_failure, job_handlers
from meetsight.state import AppState
from speech.audio import SHORT_CALL, conversation

API = "/api/v1"
FIELDS = [("name", "Hostile media"), ("startDateTime", "2026-10-06T10:00:00Z")]


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile-media")


def _sox(out: Path, rate: int, channels: int, *effect: str) -> Path:
    """A synthetic recording: sox writes `effect` (a tone, silence) in this format."""
    command = [
        "sox",
        "-D",
        "-n",
        "-r",
        str(rate),
        "-c",
        str(channels),
        "-b",
        "16",
        str(out),
        *effect,
    ]
    subprocess.run(command, check=True, capture_output=True)
    return out


def _wav_header(channels: int, rate: int, bits: int, data_bytes: int) -> bytes:
    """A PCM WAV header claiming `data_bytes` of samples in this format."""
    block = channels * bits // 8
    fmt = struct.pack("<HHIIHH", 1, channels, rate, rate * block, block, bits)
    return (
        b"RIFF"
        + struct.pack("<I", 36 + data_bytes)
        + b"WAVE"
        + b"fmt "
        + struct.pack("<I", 16)
        + fmt
        + b"data"
        + struct.pack("<I", data_bytes)
    )


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file() and p.suffix != ".lock"}


async def _upload(
    client: httpx.AsyncClient, tenant: Tenant, data: bytes, name: str, kind: str = "meetings"
) -> httpx.Response:
    body, headers = multipart(FIELDS, [("file", name, data, "audio/wav")])
    return await client.post(
        f"{API}/{kind}/upload", content=body, headers={**tenant.headers, **headers}
    )


async def _status(client: httpx.AsyncClient, tenant: Tenant, meeting_id: str) -> dict[str, object]:
    response = await client.get(f"{API}/meetings/{meeting_id}", headers=tenant.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


async def test_an_eight_channel_wav_is_mixed_down_and_the_server_stays_up(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, media: Path
) -> None:
    # The file that segfaulted the server in a crash loop (PyAV's planar 8-channel frames).
    wav = _sox(media / "8ch.wav", 16000, 8, "synth", "3", "sine", "440")
    response = await _upload(client, tenant, wav.read_bytes(), "8ch.wav")
    assert response.status_code == 201, response.text
    meeting_id = response.json()["data"]["meetingId"]
    await drain_jobs(state)
    assert (await client.get("/healthz")).status_code == 200
    meeting = await _status(client, tenant, meeting_id)
    assert meeting["status"] == "completed", meeting
    assert abs(float(meeting["duration"]) - 3.0) < 0.1  # type: ignore[arg-type]


async def test_more_channels_than_can_be_mixed_are_refused_at_upload(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    before = _files(state.media.root)
    data = _wav_header(40, 8000, 16, 40 * 2 * 800) + b"\x00" * (40 * 2 * 800)
    response = await _upload(client, tenant, data, "40ch.wav")
    assert check_error(response, 422) == (
        "file: the audio has 40 channels; at most 32 can be mixed down"
    )
    assert _files(state.media.root) == before


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_a_wav_with_zero_bits_per_sample_is_a_4xx(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, kind: str
) -> None:
    before = _files(state.media.root)
    data = _wav_header(1, 16000, 0, 32000) + b"\x00" * 32000
    response = await _upload(client, tenant, data, "0bit.wav", kind)
    assert check_error(response, 415).startswith("file: the audio track's format cannot be read")
    assert _files(state.media.root) == before


@pytest.fixture(scope="session")
def ten_hours_of_silence(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """1 MB of FLAC (a telephone's 8 kHz) whose decoded audio would be 2.3 GB of float32 at
    16 kHz; made once for both databases (sox takes 16 s to write it)."""
    folder = tmp_path_factory.mktemp("ten-hours")
    return _sox(folder / "silence.flac", 8000, 1, "trim", "0", "10:00:00")


async def test_ten_hours_of_silence_is_refused_by_the_duration_limit(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, ten_hours_of_silence: Path
) -> None:
    flac = ten_hours_of_silence
    assert flac.stat().st_size < 3 * 1024**2
    before = _files(state.media.root)
    body, headers = multipart(FIELDS, [("file", "silence.flac", flac.read_bytes(), "audio/flac")])
    response = await client.post(
        f"{API}/meetings/upload", content=body, headers={**tenant.headers, **headers}
    )
    assert check_error(response, 422) == (
        "file: the recording runs past the limit of 4.0 h (MEETSIGHT_MAX_MEDIA_SECONDS)"
    )
    # A WAV header claiming 10 hours over 72 KB of data: refused before anything is decoded.
    lying = _wav_header(1, 1000, 16, 36_000_000 * 2) + b"\x00" * 36_000 * 2
    response = await _upload(client, tenant, lying, "lying.wav")
    assert check_error(response, 422) == (
        "file: the WAV file is shorter than its header says: truncated"
    )
    # At 1 Hz each sample would become 16,000: no recorder writes such a rate.
    one_hz = _wav_header(1, 1, 16, 36_000 * 2) + b"\x00" * 36_000 * 2
    response = await _upload(client, tenant, one_hz, "1hz.wav")
    assert check_error(response, 422) == (
        "file: the audio's sample rate of 1 Hz is outside 1000 to 384000 Hz"
    )
    assert _files(state.media.root) == before


async def test_the_limit_holds_again_when_the_job_runs(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, media: Path
) -> None:
    """Media accepted under one limit and processed under a lower one (a changed setting, a
    file fetched from a mediaUrl) ends `failed` with the limit as its reason."""
    wav = _sox(media / "tone.wav", 16000, 1, "synth", "6", "sine", "300")
    response = await _upload(client, tenant, wav.read_bytes(), "tone.wav")
    assert response.status_code == 201, response.text
    meeting_id = response.json()["data"]["meetingId"]
    strict = state.settings.model_copy(update={"max_media_seconds": 2.0})
    await drain_jobs(state, settings=strict)
    meeting = await _status(client, tenant, meeting_id)
    assert meeting["status"] == "failed"
    assert "runs past the limit of 2.0 s (MEETSIGHT_MAX_MEDIA_SECONDS)" in str(
        meeting["failureReason"]
    )


async def _job_of(state: AppState, activity_id: str) -> Job:
    async with state.sessionmaker() as session:
        job = (await session.execute(sa.select(Job).where(Job.activity_id == activity_id))).scalar()
        assert job is not None
        session.expunge(job)
        return job


async def _crash_children_while_transcribing(
    state: AppState, activity_id: str, pool: MediaProcessPool
) -> None:
    """Once the job's transcribe step has handed the file over, kill the child with SIGSEGV,
    as a codec crash would; again for any child started meanwhile, until cancelled."""
    while True:
        job = await _job_of(state, activity_id)
        pid = pool.members[0].pid
        if (job.payload or {}).get("media_running") == "transcribe" and pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGSEGV)
        await asyncio.sleep(0.02)


async def test_a_media_process_crash_fails_the_job_after_two_and_never_loops(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, media: Path
) -> None:
    recording = conversation(SHORT_CALL, media / "call.wav")
    response = await _upload(client, tenant, recording.path.read_bytes(), "call.wav")
    assert response.status_code == 201, response.text
    meeting_id = response.json()["data"]["meetingId"]
    pool = MediaProcessPool(1)
    worker = Worker(
        state.sessionmaker,
        job_handlers(),
        on_failure=announce_failure,
        lease_seconds=30,
        worker_id="test-crash",
        services=Services(settings=state.settings, media=state.media, media_processes=pool),
    )
    try:
        for attempt in (1, 2):
            crash = asyncio.ensure_future(
                _crash_children_while_transcribing(state, meeting_id, pool)
            )
            try:
                assert await worker.run_once()
            finally:
                crash.cancel()
            assert (await client.get("/healthz")).status_code == 200
            job = await _job_of(state, meeting_id)
            assert job.payload["media_crashes"] == attempt
            if attempt == 1:  # retried after a backoff: make it due now
                assert job.state == "queued"
                async with state.sessionmaker() as session:
                    await session.execute(
                        sa.update(Job).where(Job.id == job.id).values(run_at=utcnow())
                    )
                    await session.commit()
        assert job.state == "failed"
        meeting = await _status(client, tenant, meeting_id)
        assert meeting["status"] == "failed"
        assert meeting["failureReason"] == (
            "The recording stopped the media process 2 times: the media process was killed by "
            "SIGSEGV; it cannot be processed"
        )
        assert not await worker.run_once()  # nothing left to claim: no loop
    finally:
        pool.close()


async def test_a_worker_that_died_with_its_media_process_counts_as_a_crash(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, media: Path
) -> None:
    """The next claim reads the counter a dead worker left: `media_running` set, no answer."""
    wav = _sox(media / "short.wav", 16000, 1, "synth", "1", "sine", "300")
    response = await _upload(client, tenant, wav.read_bytes(), "short.wav")
    meeting_id = response.json()["data"]["meetingId"]
    job = await _job_of(state, meeting_id)
    # What a worker killed by the OOM killer mid-decode leaves: the step marked running, one
    # crash counted before, its lease run out.
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(Job)
            .where(Job.id == job.id)
            .values(payload={**job.payload, "media_running": "media", "media_crashes": 1})
        )
        await session.commit()
    await drain_jobs(state)
    meeting = await _status(client, tenant, meeting_id)
    assert meeting["status"] == "failed"
    assert str(meeting["failureReason"]).startswith("The recording stopped the media process 2")
