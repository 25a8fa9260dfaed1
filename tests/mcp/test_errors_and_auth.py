"""The spec's exact error messages, scopes, tenant isolation and bad arguments: always a clear
tool error or a 4xx, never a crash."""

from __future__ import annotations

import httpx
import pytest

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.mcp_clients import error_text, mcp_client
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.state import AppState

ID_TOOLS = [
    ("get_meeting_transcript", "transcriptId"),
    ("get_meeting_summary", "transcriptId"),
    ("get_meeting_details", "id"),
    ("get_meeting_action_items", "meetingId"),
]
JSON_RPC_HEADERS = {"accept": "application/json, text/event-stream"}


async def test_unknown_tool(mcp_url: str, tenant: Tenant) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        result = await client.call_tool("List_Meetings", {})
    assert error_text(result) == "Unknown tool: List_Meetings"


@pytest.mark.parametrize(("tool", "argument"), ID_TOOLS)
async def test_other_organizations_ids_are_not_found(
    mcp_url: str, state: AppState, tenant: Tenant, other_tenant: Tenant, tool: str, argument: str
) -> None:
    theirs = await make_activity(state, other_tenant)
    their_call = await make_activity(state, other_tenant, is_call=True)
    async with mcp_client(mcp_url, tenant.key) as client:
        for activity_id in (theirs, their_call, "0190f0c2-0000-7000-8000-000000000000", "x" * 65):
            result = await client.call_tool(tool, {argument: activity_id})
            assert error_text(result) == "Meeting not found"
    async with mcp_client(mcp_url, other_tenant.key) as client:
        assert not (await client.call_tool(tool, {argument: theirs})).is_error


async def test_listings_do_not_leak_across_organizations(
    mcp_url: str, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    await make_activity(state, other_tenant, name="Their secret meeting")
    await make_activity(state, other_tenant, is_call=True, name="Their secret call")
    async with mcp_client(mcp_url, tenant.key) as client:
        for tool, args in (
            ("list_meetings", {}),
            ("list_calls", {}),
            ("find_meetings_by_participant", {"participant": "carl"}),
            ("find_calls_by_participant", {"participant": "carl"}),
        ):
            result = await client.call_tool(tool, args)
            assert not result.is_error
            assert result.structured_content["total"] == 0, tool
        stats = await client.call_tool("get_meetings_statistics", {})
        assert stats.structured_content["totals"]["activities"] == 0


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        ("list_meetings", {"limit": 51}, "Invalid argument limit: "),
        ("list_meetings", {"limit": 0}, "Invalid argument limit: "),
        ("list_meetings", {"skip": -1}, "Invalid argument skip: "),
        ("list_meetings", {"sortOrder": "up"}, "Invalid argument sortOrder: "),
        (
            "list_meetings",
            {"fromDate": "yesterday"},
            "Invalid argument fromDate: expected YYYY-MM-DD",
        ),
        ("list_meetings", {"fromDate": "2026-13-45"}, "Invalid argument fromDate: '2026-13-45' is"),
        ("list_meetings", {"participants": "carl@acme.example"}, "Invalid argument participants"),
        ("list_meetings", {"participants": ["carl"]}, "Invalid argument participants: "),
        (
            "list_meetings",
            {"fromDate": "2026-02-01", "toDate": "2026-01-01"},
            "Invalid argument toDate: ",
        ),
        ("list_calls", {"direction": "SIDEWAYS"}, "Invalid argument direction: "),
        ("list_calls", {"limit": "many"}, "Invalid argument limit: "),
        ("find_meetings_by_participant", {}, "Invalid argument participant: "),
        ("find_meetings_by_participant", {"participant": "  "}, "Invalid argument participant"),
        ("find_calls_by_participant", {"participant": 7}, "Invalid argument participant: "),
        ("get_meeting_transcript", {}, "Invalid argument transcriptId: "),
        ("get_meeting_transcript", {"transcriptId": "a", "maxSentences": 0}, "Invalid argument"),
        ("get_meeting_details", {"id": "a", "includeTranscript": "perhaps"}, "Invalid argument"),
        ("get_meetings_statistics", {"type": "everything"}, "Invalid argument type: "),
    ],
)
async def test_bad_arguments_name_the_argument(
    mcp_url: str, tenant: Tenant, tool: str, arguments: dict[str, object], expected: str
) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        result = await client.call_tool(tool, arguments)
    assert error_text(result).startswith(expected), error_text(result)


@pytest.mark.parametrize(
    ("tool", "arguments", "expected"),
    [
        (
            "list_meetings",
            {"titleFilter": "Acme"},
            "Unknown argument titleFilter: list_meetings takes keyword, fromDate, toDate, ",
        ),
        ("list_calls", {"keyword": "Acme"}, "Unknown argument keyword: list_calls takes "),
        ("get_meeting_summary", {"transcriptId": "x", "id": "x"}, "Unknown argument id: "),
        ("search_meetings", {"query": "price", "q" * 5000: 1}, "Unknown argument " + "q" * 200),
    ],
)
async def test_unknown_arguments_are_refused_naming_the_known_ones(
    mcp_url: str, tenant: Tenant, tool: str, arguments: dict[str, object], expected: str
) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        result = await client.call_tool(tool, arguments)
    text = error_text(result)
    assert text.startswith(expected), text
    assert "q" * 201 not in text


async def test_scopes_per_tool_family(mcp_url: str, state: AppState) -> None:
    meetings_only = await make_tenant(state, scopes=[MEETINGS_READ])
    calls_only = await make_tenant(state, scopes=[CALLS_READ])
    call = await make_activity(state, meetings_only, is_call=True)
    meeting = await make_activity(state, calls_only)
    async with mcp_client(mcp_url, meetings_only.key) as client:
        assert not (await client.call_tool("list_meetings", {})).is_error
        denied = await client.call_tool("list_calls", {})
        assert error_text(denied) == "This credential lacks the scope calls:read"
        denied = await client.call_tool("get_meeting_summary", {"transcriptId": call})
        assert error_text(denied) == "This credential lacks the scope calls:read"
    async with mcp_client(mcp_url, calls_only.key) as client:
        denied = await client.call_tool("find_meetings_by_participant", {"participant": "carl"})
        assert error_text(denied) == "This credential lacks the scope meetings:read"
        denied = await client.call_tool("get_meeting_details", {"id": meeting})
        assert error_text(denied) == "This credential lacks the scope meetings:read"


@pytest.mark.parametrize("key", [None, "", "msk_not-a-real-key", "something-else"])
async def test_missing_or_invalid_key_is_401(mcp_url: str, key: str | None) -> None:
    headers = {**JSON_RPC_HEADERS, **({"x-api-key": key} if key is not None else {})}
    message = {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
    async with httpx.AsyncClient() as http:
        rpc = await http.post(mcp_url, json=message, headers=headers)
        simple = await http.post(mcp_url, json={"name": "list_meetings"}, headers=headers)
        listing = await http.get(mcp_url, headers={**headers, "accept": "application/json"})
    assert rpc.status_code == 401
    assert rpc.json() == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {"code": -32001, "message": "Unauthorized - missing or invalid API key"},
    }
    assert rpc.headers["www-authenticate"].startswith("Bearer")
    for response in (simple, listing):
        assert response.status_code == 401
        assert response.json()["error"] == "Unauthorized - missing or invalid API key"


async def test_revoked_key_is_refused(mcp_url: str, state: AppState) -> None:
    from meetsight.auth.api_keys import revoke_api_key

    tenant = await make_tenant(state)
    async with state.sessionmaker() as session:
        from sqlalchemy import select

        from meetsight.auth.models import ApiKey

        key_id = (
            await session.execute(select(ApiKey.id).where(ApiKey.organization_id == tenant.org_id))
        ).scalar_one()
        await revoke_api_key(session, key_id=key_id, organization_id=tenant.org_id)
        await session.commit()
    async with httpx.AsyncClient() as http:
        response = await http.post(
            mcp_url, json={"name": "list_meetings"}, headers={"x-api-key": tenant.key}
        )
    assert response.status_code == 401
