"""A recording's media stage (duration, thumbnail) and running processing again."""

from __future__ import annotations

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from fixtures.jobs import drain_jobs
from fixtures.multipart import mp4_bytes
from meetsight.activities import repository as repo
from meetsight.activities.kinds import MEETINGS
from meetsight.activities.models import Activity
from meetsight.activities.reprocess import reprocess
from meetsight.activities.status import transition_status
from meetsight.errors import NotFound
from meetsight.state import AppState

API = "/api/v1"
FORM = {"name": "Recorded demo", "startDateTime": "2026-11-02T15:00:00Z"}


async def _upload_mp4(client: httpx.AsyncClient, tenant: Tenant) -> str:
    r = await client.post(
        f"{API}/meetings/upload",
        headers=tenant.headers,
        data=FORM,
        files={"file": ("demo.mp4", mp4_bytes(), "video/mp4")},
    )
    assert r.status_code == 201, r.text
    return str(r.json()["data"]["meetingId"])


async def test_video_gets_duration_and_a_served_thumbnail(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    mid = await _upload_mp4(client, tenant)
    r = await client.get(f"{API}/meetings/{mid}/thumbnail", headers=tenant.headers)
    assert r.status_code == 404  # not made yet
    await drain_jobs(state)
    meeting = (await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)).json()["data"]
    assert abs(meeting["duration"] - 1.0) < 0.1
    assert meeting["endDateTime"].startswith("2026-11-02T15:00:01")
    assert meeting["thumbnailUrl"] == f"http://testserver{API}/meetings/{mid}/thumbnail"
    r = await client.get(f"{API}/meetings/{mid}/thumbnail", headers=tenant.headers)
    assert r.status_code == 200 and r.headers["content-type"] == "image/jpeg"
    assert r.content[:3] == b"\xff\xd8\xff"  # a JPEG
    assert (await client.get(f"{API}/meetings/{mid}/thumbnail")).status_code == 401


async def test_reprocess_after_failure_runs_again(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    mid = await _upload_mp4(client, tenant)
    # The stored file vanished (a disk restored from an old backup): a permanent failure.
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, mid))
        assert activity is not None and activity.media_key
        stored = state.media.path(activity.media_key)
    saved = stored.read_bytes()
    stored.unlink()
    await drain_jobs(state)
    meeting = (await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)).json()["data"]
    assert meeting["status"] == "failed"
    assert meeting["failureReason"] == "The stored recording is missing; upload it again"

    stored.write_bytes(saved)
    url = f"{API}/meetings/{mid}/reprocess"
    assert (await client.post(url, headers=other_tenant.headers)).status_code == 404
    assert (
        await client.post(f"{API}/calls/{mid}/reprocess", headers=tenant.headers)
    ).status_code == 404
    r = await client.post(url, headers=tenant.headers)
    assert r.status_code == 202, r.text
    assert r.json()["data"]["status"] == "processing" and "failureReason" not in r.json()["data"]
    again = await client.post(url, headers=tenant.headers)
    assert again.status_code == 409 and again.json()["error"].startswith("This recording is still")
    await drain_jobs(state)
    meeting = (await client.get(f"{API}/meetings/{mid}", headers=tenant.headers)).json()["data"]
    assert meeting["status"] == "completed"
    async with state.sessionmaker() as session:
        jobs = await session.execute(
            sa.text("SELECT state FROM jobs WHERE organization_id = :o AND activity_id = :a"),
            {"o": tenant.org_id, "a": mid},
        )
        assert sorted(r[0] for r in jobs) == ["done", "failed"]


async def test_reprocess_of_a_meeting_deleted_meanwhile_is_not_found(
    state: AppState, tenant: Tenant
) -> None:
    """The endpoint finds the meeting through the reader (another connection); a delete that
    commits before reprocess reads it in the request's session is a 404, not an internal
    error, and queues nothing."""
    mid = await make_activity(state, tenant)
    assert await repo.get_activity_row(state.reader, tenant.org_id, mid, is_call=False)
    async with state.sessionmaker() as other:  # the concurrent DELETE request
        assert await transition_status(other, tenant.org_id, mid, "deleted")
        await other.commit()
    async with state.sessionmaker() as session:
        with pytest.raises(NotFound, match="Meeting not found"):
            await reprocess(session, tenant.org_id, mid, MEETINGS)
        jobs = await session.scalar(
            sa.text("SELECT count(*) FROM jobs WHERE organization_id = :o AND activity_id = :a"),
            {"o": tenant.org_id, "a": mid},
        )
        assert jobs == 0
