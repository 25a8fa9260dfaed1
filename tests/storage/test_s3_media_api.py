"""The REST API with media in S3 (moto_server on loopback): uploads land in the bucket, playback
answers Range requests, the worker makes a thumbnail from the stored video, a delete empties the
activity's prefix, and a stopped S3 server answers 503 envelopes, never 500s."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant, make_tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import mp4_bytes, wav_bytes
from fixtures.s3_server import S3Server, start_s3_server
from fixtures.shapes import check_error
from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.migrate import upgrade_async
from meetsight.state import AppState

API = "/api/v1"
FORM = {"name": "Stored in S3", "startDateTime": "2026-11-02T15:00:00Z"}


@asynccontextmanager
async def s3_app(
    data_dir: Path, s3: S3Server, bucket: str, **extra: Any
) -> AsyncIterator[tuple[httpx.AsyncClient, AppState, Tenant]]:
    settings = Settings(
        data_dir=data_dir,
        secret_key="s3-test",
        public_url="http://testserver",
        workers=0,
        rate_limits_enabled=False,
        **{**s3.settings(bucket), **extra},
    )
    await upgrade_async(settings.resolved_database_url())
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        state: AppState = app.state.ms
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield client, state, await make_tenant(state)


def _staged(data_dir: Path) -> list[Path]:
    """Files in the staging folders (each process's lock file aside)."""
    found = (data_dir / "media-staging").rglob("*")
    return [p for p in found if p.is_file() and p.suffix != ".lock"]


async def _upload(
    client: httpx.AsyncClient, tenant: Tenant, name: str, data: bytes, kind: str = "meetings"
) -> httpx.Response:
    content_type = "video/mp4" if name.endswith(".mp4") else "audio/wav"
    return await client.post(
        f"{API}/{kind}/upload",
        headers=tenant.headers,
        data=FORM,
        files={"file": (name, data, content_type)},
    )


async def test_upload_play_with_ranges_thumbnail_and_delete(
    s3_server: S3Server, tmp_path: Path
) -> None:
    bucket = s3_server.new_bucket()
    audio = wav_bytes(1.0)
    async with s3_app(tmp_path, s3_server, bucket) as (client, state, tenant):
        r = await _upload(client, tenant, "call.wav", audio, kind="calls")
        assert r.status_code == 201, r.text
        cid = r.json()["data"]["callId"]
        key = f"meetsight/{tenant.org_id}/{cid}/media.wav"
        assert s3_server.keys(bucket) == [key]
        assert s3_server.client().get_object(Bucket=bucket, Key=key)["Body"].read() == audio
        assert not list((tmp_path / "media").rglob("*.wav"))  # nothing kept locally

        media = f"{API}/calls/{cid}/media"
        whole = await client.get(media, headers=tenant.headers)
        assert whole.status_code == 200 and whole.content == audio
        assert whole.headers["accept-ranges"] == "bytes"
        assert whole.headers["content-type"] == "audio/wav"
        assert whole.headers["content-length"] == str(len(audio))
        part = await client.get(media, headers={**tenant.headers, "range": "bytes=100-199"})
        assert part.status_code == 206 and part.content == audio[100:200]
        assert part.headers["content-range"] == f"bytes 100-199/{len(audio)}"
        tail = await client.get(media, headers={**tenant.headers, "range": "bytes=-10"})
        assert tail.status_code == 206 and tail.content == audio[-10:]
        past = await client.get(media, headers={**tenant.headers, "range": f"bytes={len(audio)}-"})
        check_error(past, 416)
        assert past.headers["content-range"] == f"bytes */{len(audio)}"
        assert (await client.get(media)).status_code == 401
        check_error(await client.get(f"{API}/meetings/{cid}/media", headers=tenant.headers), 404)

        r = await _upload(client, tenant, "demo.mp4", mp4_bytes())
        assert r.status_code == 201, r.text
        mid = r.json()["data"]["meetingId"]
        await drain_jobs(state)  # the worker decodes a local copy of the stored video
        meeting = await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)
        assert meeting.json()["data"]["status"] == "completed", meeting.text
        thumb = await client.get(f"{API}/meetings/{mid}/thumbnail", headers=tenant.headers)
        assert thumb.status_code == 200 and thumb.content[:3] == b"\xff\xd8\xff"
        assert f"meetsight/{tenant.org_id}/{mid}/thumbnail.jpg" in s3_server.keys(bucket)
        assert _staged(tmp_path) == []  # local copies and thumbnails removed once stored

        assert (await client.delete(f"{API}/meetings/{mid}", headers=tenant.headers)).is_success
        assert s3_server.keys(bucket) == [key]
        check_error(await client.get(f"{API}/meetings/{mid}/media", headers=tenant.headers), 404)


@pytest.fixture
def doomed_server() -> Iterator[S3Server]:
    server = start_s3_server()
    try:
        yield server
    finally:
        server.stop()


async def test_a_stopped_s3_server_answers_503_envelopes(
    doomed_server: S3Server, tmp_path: Path
) -> None:
    bucket = doomed_server.new_bucket()
    quick = {"media_s3_connect_timeout": 1.0, "media_s3_max_attempts": 1}
    async with s3_app(tmp_path, doomed_server, bucket, **quick) as (client, state, tenant):
        r = await _upload(client, tenant, "call.wav", wav_bytes(0.5), kind="calls")
        assert r.status_code == 201, r.text
        cid = r.json()["data"]["callId"]
        doomed_server.stop()

        check_error(await _upload(client, tenant, "b.wav", wav_bytes(0.5)), 503, contains="media")
        check_error(await client.get(f"{API}/calls/{cid}/media", headers=tenant.headers), 503)
        listing = await client.get(f"{API}/meetings", headers=tenant.headers)
        assert listing.status_code == 200 and listing.json()["count"] == 0  # nothing half-made
        assert _staged(tmp_path) == []

        # The worker cannot read the recording: a retry later, with the reason, not a failure.
        await drain_jobs(state)
        call = (await client.get(f"{API}/calls/{cid}", headers=tenant.headers)).json()["data"]
        assert call["status"] == "processing"
        async with state.sessionmaker() as session:
            from sqlalchemy import select

            from meetsight.jobs.models import Job

            job = (await session.execute(select(Job).where(Job.activity_id == cid))).scalar_one()
        assert job.state == "queued" and job.attempts == 1
        assert job.last_error is not None and "media store is unreachable" in job.last_error

        # A delete still deletes: the object stays behind for the start-up sweep.
        assert (await client.delete(f"{API}/calls/{cid}", headers=tenant.headers)).is_success
        check_error(await client.get(f"{API}/calls/{cid}", headers=tenant.headers), 404)


async def test_the_sweep_removes_orphans_from_the_bucket(
    s3_server: S3Server, tmp_path: Path
) -> None:
    from meetsight.activities.media_sweep import sweep_orphan_media

    bucket = s3_server.new_bucket()
    async with s3_app(tmp_path, s3_server, bucket) as (client, state, tenant):
        r = await _upload(client, tenant, "kept.wav", wav_bytes(0.5))
        assert r.status_code == 201, r.text[:300]
        kept = f"meetsight/{tenant.org_id}/{r.json()['data']['meetingId']}/media.wav"
        orphan = f"meetsight/{tenant.org_id}/no-such-activity/media.wav"
        s3_server.client().put_object(Bucket=bucket, Key=orphan, Body=b"RIFF")
        # Another API process may be between storing and committing: young objects stay.
        assert await sweep_orphan_media(state.sessionmaker, state.media) == 0
        assert await sweep_orphan_media(state.sessionmaker, state.media, grace_seconds=0) == 1
        assert s3_server.keys(bucket) == [kept]
