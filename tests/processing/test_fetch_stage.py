"""A mediaUrl upload: the worker fetches the file, checks it like an upload, and processes it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import mp4_bytes, multipart
from fixtures.servers import serve_files
from meetsight.state import AppState

API = "/api/v1"
FILES = {"/demo.mp4": mp4_bytes(), "/notes.txt": b"not a recording at all\n" * 50}


@pytest.fixture(scope="module")
def media_server() -> Iterator[str]:
    with serve_files(FILES) as base:
        yield base


async def _upload(client: httpx.AsyncClient, tenant: Tenant, url: str) -> str:
    fields = [("name", "Fetched"), ("startDateTime", "2026-11-02T15:00:00Z"), ("mediaUrl", url)]
    body, headers = multipart(fields)
    r = await client.post(
        f"{API}/meetings/upload", headers={**tenant.headers, **headers}, content=body
    )
    assert r.status_code == 201, r.text
    return str(r.json()["data"]["meetingId"])


async def _meeting(client: httpx.AsyncClient, tenant: Tenant, mid: str) -> dict[str, object]:
    r = await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)
    return dict(r.json()["data"])


async def test_fetched_recording_is_processed(
    client: httpx.AsyncClient,
    private_url_client: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
    media_server: str,
) -> None:
    mid = await _upload(private_url_client, tenant, f"{media_server}/demo.mp4")
    allowed = state.settings.model_copy(update={"media_url_allow_private": True})
    await drain_jobs(state, settings=allowed)
    meeting = await _meeting(client, tenant, mid)
    assert meeting["status"] == "completed", meeting
    assert abs(float(meeting["duration"]) - 1.0) < 0.1  # type: ignore[arg-type]
    r = await client.get(f"{API}/meetings/{mid}/thumbnail", headers=tenant.headers)
    assert r.status_code == 200


async def test_loopback_url_is_refused_without_the_setting(
    client: httpx.AsyncClient,
    private_url_client: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
    media_server: str,
) -> None:
    # When it is stored: the shared app does not allow private addresses.
    body, headers = multipart(
        [("name", "F"), ("startDateTime", "2026-11-02T15:00:00Z"), ("mediaUrl", media_server)]
    )
    r = await client.post(
        f"{API}/meetings/upload", headers={**tenant.headers, **headers}, content=body
    )
    assert r.status_code == 422 and "127.0.0.1 is a loopback address" in r.text, r.text
    # When it is fetched: stored by an app that allowed it, refused by a worker that does not.
    mid = await _upload(private_url_client, tenant, f"{media_server}/demo.mp4")
    await drain_jobs(state)  # the app's settings: private addresses not allowed
    meeting = await _meeting(client, tenant, mid)
    assert meeting["status"] == "failed"
    assert "127.0.0.1" in str(meeting["failureReason"])


@pytest.mark.parametrize(
    ("path", "reason"),
    [("/missing.mp4", "404"), ("/notes.txt", "not an audio or video format")],
)
async def test_bad_fetched_files_fail_with_a_reason(
    client: httpx.AsyncClient,
    private_url_client: httpx.AsyncClient,
    state: AppState,
    tenant: Tenant,
    media_server: str,
    path: str,
    reason: str,
) -> None:
    mid = await _upload(private_url_client, tenant, f"{media_server}{path}")
    allowed = state.settings.model_copy(update={"media_url_allow_private": True})
    await drain_jobs(state, settings=allowed)
    meeting = await _meeting(client, tenant, mid)
    assert meeting["status"] == "failed"
    assert reason in str(meeting["failureReason"]), meeting["failureReason"]
    assert not list(state.media.root.glob(f"{tenant.org_id}/{mid}/*"))
