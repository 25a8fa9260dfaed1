"""The transcript endpoint serves the document rendered when segments were stored."""

from __future__ import annotations

import httpx
import sqlalchemy as sa

from fixtures.factories import SCRIPT, Tenant, make_activity
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.models import TranscriptDocument
from meetsight.transcripts.types import SegmentData


async def test_transcript_matches_segments_and_follows_a_rewrite(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    mid = await make_activity(state, tenant, segments=5)
    r = await client.get(f"/api/v1/meetings/{mid}/transcript", headers=tenant.headers)
    assert r.status_code == 200
    body = r.json()
    assert body["count"] == 1 and body["data"]["meetingId"] == mid
    lines = body["data"]["transcript"]
    assert [(x["participantName"], x["content"]) for x in lines] == SCRIPT[:5]
    assert all(x["endTime"] > x["startTime"] and x["personId"] for x in lines)

    # Replacing the segments replaces the document in the same transaction.
    async with state.sessionmaker() as session:
        await store_segments(
            session, tenant.org_id, mid, [SegmentData(1.0, 2.5, "New Speaker", "Only line.")]
        )
        await session.commit()
    r = await client.get(f"/api/v1/meetings/{mid}/transcript", headers=tenant.headers)
    assert r.json()["data"]["transcript"] == [
        {
            "startTime": 1.0,
            "endTime": 2.5,
            "personId": "",
            "participantName": "New Speaker",
            "content": "Only line.",
        }
    ]
    async with state.sessionmaker() as session:
        count = await session.scalar(
            sa.select(TranscriptDocument.segment_count).where(
                TranscriptDocument.organization_id == tenant.org_id,
                TranscriptDocument.activity_id == mid,
            )
        )
    assert count == 1


async def test_activity_without_transcript_serves_an_empty_one(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    mid = await make_activity(state, tenant, segments=0, status="processing")
    r = await client.get(f"/api/v1/meetings/{mid}/transcript", headers=tenant.headers)
    assert r.status_code == 200
    assert r.json()["data"] == {"meetingId": mid, "transcript": []}
