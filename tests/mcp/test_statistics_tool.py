"""get_meetings_statistics: totals, averages per media type, statuses, top participants."""

from __future__ import annotations

from datetime import UTC, datetime

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.mcp_clients import mcp_client, structured
from meetsight.auth.scopes import MEETINGS_READ
from meetsight.state import AppState


async def test_statistics_by_type_and_range(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    # durations are 12 s per segment
    await make_activity(state, tenant, segments=5, start=datetime(2026, 8, 1, tzinfo=UTC))
    await make_activity(state, tenant, segments=10, start=datetime(2026, 8, 2, tzinfo=UTC))
    await make_activity(
        state, tenant, segments=2, media_type="presential", start=datetime(2026, 8, 3, tzinfo=UTC)
    )
    await make_activity(
        state, tenant, is_call=True, segments=3, start=datetime(2026, 8, 4, tzinfo=UTC)
    )
    await make_activity(
        state, tenant, segments=1, status="processing", start=datetime(2026, 9, 1, tzinfo=UTC)
    )
    async with mcp_client(mcp_url, tenant.key) as client:
        august = structured(
            await client.call_tool(
                "get_meetings_statistics", {"fromDate": "2026-08-01", "toDate": "2026-08-31"}
            )
        )
        meetings = structured(
            await client.call_tool("get_meetings_statistics", {"type": "meetings"})
        )
        calls = structured(await client.call_tool("get_meetings_statistics", {"type": "calls"}))
    assert august["type"] == "all"
    assert august["totals"] == {
        "activities": 4,
        "meetings": 3,
        "calls": 1,
        "totalDurationSeconds": 240.0,
        "averageDurationSeconds": 60.0,
    }
    by_type = {t["mediaType"]: t for t in august["byMediaType"]}
    assert by_type["videocall"] == {
        "mediaType": "videocall",
        "count": 2,
        "totalDurationSeconds": 180.0,
        "averageDurationSeconds": 90.0,
    }
    assert by_type["presential"]["averageDurationSeconds"] == 24.0
    assert by_type["phonecall"]["count"] == 1
    assert august["byStatus"] == {"completed": 4}
    top = august["topParticipants"]
    assert top[0]["name"] == "Olivia Owner" and top[0]["activityCount"] == 4
    assert top[0]["email"] == "owner@example.com"
    assert meetings["totals"]["activities"] == 4 and meetings["totals"]["calls"] == 0
    assert meetings["byStatus"] == {"completed": 3, "processing": 1}
    assert calls["totals"] == {
        "activities": 1,
        "meetings": 0,
        "calls": 1,
        "totalDurationSeconds": 36.0,
        "averageDurationSeconds": 36.0,
    }


async def test_statistics_of_an_empty_range(mcp_url: str, tenant: Tenant) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(
            await client.call_tool("get_meetings_statistics", {"fromDate": "1999-01-01"})
        )
    assert result["totals"]["activities"] == 0
    assert "averageDurationSeconds" not in result["totals"]
    assert result["byMediaType"] == [] and result["topParticipants"] == []


async def test_statistics_follow_the_scopes(mcp_url: str, state: AppState) -> None:
    tenant = await make_tenant(state, scopes=[MEETINGS_READ])
    await make_activity(state, tenant)
    await make_activity(state, tenant, is_call=True)
    async with mcp_client(mcp_url, tenant.key) as client:
        everything = structured(await client.call_tool("get_meetings_statistics", {}))
        calls = await client.call_tool("get_meetings_statistics", {"type": "calls"})
    assert everything["totals"]["activities"] == 1 and everything["totals"]["calls"] == 0
    assert "calls:read" in everything["note"]
    assert calls.is_error
    assert calls.content[0].text == "This credential lacks the scope calls:read"
