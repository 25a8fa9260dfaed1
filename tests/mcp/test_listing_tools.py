"""list_meetings, list_calls and find_*_by_participant on factory data: kinds kept apart,
filters, paging, order, participant and organizer information."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import mcp_client, structured
from meetsight.activities.models import Activity
from meetsight.state import AppState


def day(n: int) -> datetime:
    return datetime(2026, 9, n, 10, 0, tzinfo=UTC)


async def seed(state: AppState, tenant: Tenant) -> dict[str, str]:
    return {
        "old": await make_activity(state, tenant, name="Acme kickoff", start=day(1)),
        "mid": await make_activity(
            state, tenant, name="Globex onsite", start=day(5), media_type="presential"
        ),
        "new": await make_activity(state, tenant, name="Acme pricing review", start=day(9)),
        "call_in": await make_activity(
            state, tenant, is_call=True, name="Acme support line", start=day(3), direction="inbound"
        ),
        "call_out": await make_activity(
            state, tenant, is_call=True, name="Globex follow-up", start=day(7)
        ),
    }


async def test_list_meetings_never_returns_calls_and_sorts(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        newest = structured(await client.call_tool("list_meetings", {}))
        oldest = structured(await client.call_tool("list_meetings", {"sortOrder": "asc"}))
        page = structured(await client.call_tool("list_meetings", {"limit": 1, "skip": 1}))
        full = structured(await client.call_tool("list_meetings", {"verbosity": "full"}))
    assert [m["id"] for m in newest["meetings"]] == [ids["new"], ids["mid"], ids["old"]]
    assert [m["id"] for m in oldest["meetings"]] == [ids["old"], ids["mid"], ids["new"]]
    assert newest["total"] == 3 and newest["limit"] == 20 and newest["hasMore"] is False
    assert [m["id"] for m in page["meetings"]] == [ids["mid"]]
    assert page["hasMore"] is True and page["total"] == 3
    first = newest["meetings"][0]
    assert first["title"] == "Acme pricing review"
    assert first["kind"] == "meeting" and first["mediaType"] == "videocall"
    assert first["startDateTime"] == "2026-09-09T10:00:00Z"
    assert first["url"].endswith(f"/app/conversations/{ids['new']}")
    # compact by default: each participant's name and side only, no organizers
    assert (
        first["participants"]
        == [
            {"name": "Olivia Owner", "isInternal": True},
            {"name": "Carl Customer", "isInternal": False},
        ]
        and "organizers" not in first
    )
    assert first["participantCount"] == 2 and first["organizerCount"] == 1
    assert newest["meetings"][1]["mediaType"] == "presential"
    detailed = full["meetings"][0]
    assert {p["name"] for p in detailed["participants"]} == {"Olivia Owner", "Carl Customer"}
    assert [o["email"] for o in detailed["organizers"]] == ["owner@example.com"]
    assert len(json.dumps(full)) > len(json.dumps(newest))


async def test_list_meetings_filters(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        keyword = structured(await client.call_tool("list_meetings", {"keyword": "ACME"}))
        dated = structured(
            await client.call_tool(
                "list_meetings", {"fromDate": "2026-09-05", "toDate": "2026-09-05"}
            )
        )
        by_participant = structured(
            await client.call_tool("list_meetings", {"participants": ["Carl@Acme.Example"]})
        )
        nobody = structured(
            await client.call_tool("list_meetings", {"participants": ["nobody@acme.example"]})
        )
        organized = structured(
            await client.call_tool("list_meetings", {"organizers": ["OWNER@example.com"]})
        )
        not_organizer = structured(
            await client.call_tool("list_meetings", {"organizers": ["carl@acme.example"]})
        )
    assert {m["id"] for m in keyword["meetings"]} == {ids["old"], ids["new"]}
    assert [m["id"] for m in dated["meetings"]] == [ids["mid"]]
    assert by_participant["total"] == 3
    assert nobody["total"] == 0 and nobody["meetings"] == []
    assert organized["total"] == 3
    assert not_organizer["total"] == 0


async def test_list_calls_only_calls_with_call_filters(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        everything = structured(await client.call_tool("list_calls", {}))
        inbound = structured(await client.call_tool("list_calls", {"direction": "INBOUND"}))
        titled = structured(await client.call_tool("list_calls", {"titleFilter": "globex"}))
        numbers = structured(
            await client.call_tool("list_calls", {"fromNumber": "0111", "toNumber": "5550100"})
        )
        wrong_number = structured(await client.call_tool("list_calls", {"fromNumber": "999"}))
        with_carl = structured(
            await client.call_tool(
                "list_calls", {"participants": ["carl@acme.example"], "verbosity": "full"}
            )
        )
    assert [c["id"] for c in everything["calls"]] == [ids["call_out"], ids["call_in"]]
    assert all(c["kind"] == "call" and c["mediaType"] == "phonecall" for c in everything["calls"])
    assert [c["id"] for c in inbound["calls"]] == [ids["call_in"]]
    assert inbound["calls"][0]["direction"] == "inbound"
    assert [c["id"] for c in titled["calls"]] == [ids["call_out"]]
    assert numbers["total"] == 2 and wrong_number["total"] == 0
    assert with_carl["total"] == 2
    first = everything["calls"][0]
    assert first["fromNumber"] == "+15550111" and first["toNumber"] == "+15550100"
    assert {"name": "Carl Customer", "isInternal": False} in first["participants"]
    carl = next(p for p in with_carl["calls"][0]["participants"] if p["name"] == "Carl Customer")
    assert carl["phone"] == "+15550100" and carl["email"] == "carl@acme.example"


async def test_find_meetings_by_participant(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        by_email = structured(
            await client.call_tool(
                "find_meetings_by_participant", {"participant": "CARL@acme.EXAMPLE"}
            )
        )
        partial_email = structured(
            await client.call_tool("find_meetings_by_participant", {"participant": "carl@acme"})
        )
        by_name = structured(
            await client.call_tool(
                "find_meetings_by_participant",
                {"participant": "carl cust", "titleFilter": "pricing", "sortOrder": "asc"},
            )
        )
        paged = structured(
            await client.call_tool(
                "find_meetings_by_participant",
                {"participant": "olivia", "limit": 2, "fromDate": "2026-09-02"},
            )
        )
    assert {m["id"] for m in by_email["meetings"]} == {ids["old"], ids["mid"], ids["new"]}
    assert partial_email["total"] == 0  # an email matches exactly
    assert [m["id"] for m in by_name["meetings"]] == [ids["new"]]
    assert [m["id"] for m in paged["meetings"]] == [ids["new"], ids["mid"]]
    meeting = by_name["meetings"][0]
    owner = next(p for p in meeting["participants"] if p["name"] == "Olivia Owner")
    assert owner == {
        "id": tenant.person_id,
        "name": "Olivia Owner",
        "email": "owner@example.com",
        "isHost": True,
        "isInternal": True,
        "isOrganizer": True,
    }
    assert meeting["organizers"] == [owner]


async def test_find_calls_by_participant(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        found = structured(
            await client.call_tool(
                "find_calls_by_participant", {"participant": "carl@acme.example"}
            )
        )
        outbound = structured(
            await client.call_tool(
                "find_calls_by_participant",
                {"participant": "Customer", "direction": "OUTBOUND", "toNumber": "0100"},
            )
        )
    assert [c["id"] for c in found["calls"]] == [ids["call_out"], ids["call_in"]]
    assert [c["id"] for c in outbound["calls"]] == [ids["call_out"]]


async def test_failed_activity_shows_status_and_reason(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    failed = await make_activity(state, tenant, name="Broken upload", status="failed")
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(Activity)
            .where(Activity.organization_id == tenant.org_id, Activity.id == failed)
            .values(failure_reason="The media file could not be decoded")
        )
        await session.commit()
    async with mcp_client(mcp_url, tenant.key) as client:
        listed = structured(await client.call_tool("list_meetings", {}))
        summary = structured(
            await client.call_tool("get_meeting_summary", {"transcriptId": failed})
        )
    item = listed["meetings"][0]
    assert item["status"] == "failed"
    assert item["failureReason"] == "The media file could not be decoded"
    assert summary["status"] == "failed"
    assert "could not be decoded" in summary["note"]
