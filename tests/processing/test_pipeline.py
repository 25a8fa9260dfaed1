"""An imported transcript goes through the queue: processing until the worker finishes it."""

from __future__ import annotations

import httpx

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from meetsight.state import AppState

VTT = b"""WEBVTT

00:00:01.000 --> 00:00:04.000
<v Dana Seller>What does your team use for call notes today?

00:00:04.500 --> 00:00:09.000
<v Chris Buyer>Spreadsheets, mostly. It takes hours every week.
"""


async def test_imported_transcript_completes_through_the_queue(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    r = await client.post(
        "/api/v1/meetings/upload",
        headers=tenant.headers,
        data={"name": "Imported discovery", "startDateTime": "2026-11-02T15:00:00Z"},
        files={"transcript": ("call.vtt", VTT, "text/vtt")},
    )
    assert r.status_code == 201, r.text
    mid = r.json()["data"]["meetingId"]
    meeting = (await client.get(f"/api/v1/meetings/{mid}", headers=tenant.headers)).json()
    assert meeting["data"]["status"] == "processing"
    transcript = await client.get(f"/api/v1/meetings/{mid}/transcript", headers=tenant.headers)
    assert [s["participantName"] for s in transcript.json()["data"]["transcript"]] == [
        "Dana Seller",
        "Chris Buyer",
    ]

    assert await drain_jobs(state) >= 1
    meeting = (await client.get(f"/api/v1/meetings/{mid}", headers=tenant.headers)).json()
    assert meeting["data"]["status"] == "completed"
    assert "failureReason" not in meeting["data"]
