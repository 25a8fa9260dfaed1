"""Plain HTTP at /api/v1/mcp: the spec's simple forms, the exact path, protocol revisions, and
the Host/Origin allow-lists."""

from __future__ import annotations

import httpx

from fixtures.factories import Tenant, make_activity
from meetsight.mcp.server import EXTRA_TOOL_NAMES, TOOL_NAMES
from meetsight.state import AppState

RPC_ACCEPT = {"accept": "application/json, text/event-stream"}


async def test_get_with_json_lists_tools_with_schemas(mcp_url: str, tenant: Tenant) -> None:
    async with httpx.AsyncClient() as http:
        response = await http.get(mcp_url, headers={**tenant.headers, "accept": "application/json"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    tools = {t["name"]: t for t in response.json()["tools"]}
    assert set(tools) == set(TOOL_NAMES + EXTRA_TOOL_NAMES)
    schema = tools["list_meetings"]["inputSchema"]
    assert schema["properties"]["limit"]["maximum"] == 50
    assert schema["properties"]["limit"]["default"] == 20
    assert schema["properties"]["sortOrder"]["enum"] == ["asc", "desc"]
    assert tools["find_meetings_by_participant"]["inputSchema"]["required"] == ["participant"]
    assert (
        tools["get_meeting_details"]["inputSchema"]["properties"]["includeTranscript"]["default"]
        is True
    )
    assert tools["get_meetings_statistics"]["annotations"]["readOnlyHint"] is True
    assert "outputSchema" in tools["get_meeting_summary"]


async def test_get_asking_for_an_event_stream_is_405(mcp_url: str, tenant: Tenant) -> None:
    async with httpx.AsyncClient() as http:
        response = await http.get(
            mcp_url, headers={**tenant.headers, "accept": "text/event-stream"}
        )
    assert response.status_code == 405


async def test_post_name_and_arguments_runs_one_tool(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, name="Simple form check")
    async with httpx.AsyncClient() as http:
        listed = await http.post(
            mcp_url,
            json={"name": "list_meetings", "arguments": {"keyword": "simple form"}},
            headers=tenant.headers,
        )
        summary = await http.post(
            mcp_url,
            json={"name": "get_meeting_summary", "arguments": {"transcriptId": meeting}},
            headers=tenant.headers,
        )
        unknown = await http.post(mcp_url, json={"name": "nope"}, headers=tenant.headers)
        not_found = await http.post(
            mcp_url,
            json={"name": "get_meeting_details", "arguments": {"id": "missing"}},
            headers=tenant.headers,
        )
        bad_argument = await http.post(
            mcp_url,
            json={"name": "list_calls", "arguments": {"limit": 500}},
            headers=tenant.headers,
        )
    assert listed.status_code == 200
    body = listed.json()
    assert body["isError"] is False
    assert [m["id"] for m in body["structuredContent"]["meetings"]] == [meeting]
    assert body["content"][0]["type"] == "text"
    assert summary.json()["structuredContent"]["summaryText"].startswith("Carl described")
    assert unknown.status_code == 200
    assert unknown.json()["isError"] is True
    assert unknown.json()["content"][0]["text"] == "Unknown tool: nope"
    assert not_found.json()["content"][0]["text"] == "Meeting not found"
    assert bad_argument.json()["isError"] is True
    assert bad_argument.json()["content"][0]["text"].startswith("Invalid argument limit: ")


async def test_malformed_simple_forms_are_400(mcp_url: str, tenant: Tenant) -> None:
    async with httpx.AsyncClient() as http:
        no_name = await http.post(mcp_url, json={"arguments": {}}, headers=tenant.headers)
        bad_arguments = await http.post(
            mcp_url, json={"name": "list_meetings", "arguments": [1]}, headers=tenant.headers
        )
        not_json = await http.post(
            mcp_url,
            content=b"{not json",
            headers={**tenant.headers, **RPC_ACCEPT, "content-type": "application/json"},
        )
    assert no_name.status_code == 400 and no_name.json()["error"].startswith("name:")
    assert bad_arguments.status_code == 400
    assert bad_arguments.json()["error"].startswith("arguments:")
    assert not_json.status_code == 400 and not_json.json()["error"]["code"] == -32700


async def test_exact_path_without_redirect(mcp_url: str, tenant: Tenant) -> None:
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    async with httpx.AsyncClient(follow_redirects=False) as http:
        response = await http.post(mcp_url, json=message, headers={**tenant.headers, **RPC_ACCEPT})
    assert response.status_code == 200
    assert len(response.json()["result"]["tools"]) == len(TOOL_NAMES + EXTRA_TOOL_NAMES)


async def test_legacy_initialize_and_modern_without_handshake(mcp_url: str, tenant: Tenant) -> None:
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    async with httpx.AsyncClient() as http:
        legacy = await http.post(mcp_url, json=initialize, headers={**tenant.headers, **RPC_ACCEPT})
        call = await http.post(
            mcp_url,
            json={
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "list_calls", "arguments": {}},
            },
            headers={**tenant.headers, **RPC_ACCEPT, "mcp-protocol-version": "2025-06-18"},
        )
    assert legacy.status_code == 200
    result = legacy.json()["result"]
    assert result["protocolVersion"] == "2025-06-18"
    assert result["serverInfo"]["name"] == "meetsight"
    assert "mcp-session-id" not in legacy.headers  # stateless
    assert call.status_code == 200
    assert call.json()["result"]["structuredContent"]["total"] == 0


async def test_host_and_origin_allow_lists(mcp_url: str, tenant: Tenant) -> None:
    headers = {**tenant.headers, "accept": "application/json"}
    async with httpx.AsyncClient() as http:
        evil_host = await http.get(mcp_url, headers={**headers, "host": "evil.example"})
        evil_origin = await http.get(mcp_url, headers={**headers, "origin": "http://evil.example"})
        local_origin = await http.get(
            mcp_url, headers={**headers, "origin": "http://localhost:6274"}
        )
        localhost = await http.get(mcp_url, headers={**headers, "host": "localhost:9"})
    assert evil_host.status_code == 421
    assert evil_origin.status_code == 403
    assert evil_origin.json()["error"] == "Origin not allowed for the MCP endpoint"
    assert local_origin.status_code == 200
    assert localhost.status_code == 200


async def test_get_without_accept_lists_tools(mcp_url: str, tenant: Tenant) -> None:
    async with httpx.AsyncClient() as http:
        response = await http.get(mcp_url, headers={**tenant.headers, "accept": "*/*"})
    assert response.status_code == 200
    assert len(response.json()["tools"]) == len(TOOL_NAMES + EXTRA_TOOL_NAMES)


async def test_oversized_body_is_413(mcp_url: str, tenant: Tenant) -> None:
    body = b'{"name": "list_meetings", "arguments": {"keyword": "' + b"x" * (5 * 1024 * 1024)
    async with httpx.AsyncClient() as http:
        response = await http.post(
            mcp_url, content=body, headers={**tenant.headers, "content-type": "application/json"}
        )
    assert response.status_code == 413
    assert response.json()["error"] == "Request body too large"


async def test_odd_requests_get_4xx_never_500(mcp_url: str, tenant: Tenant) -> None:
    headers = {**tenant.headers, **RPC_ACCEPT}
    async with httpx.AsyncClient() as http:
        for method in ("DELETE", "PUT", "PATCH", "OPTIONS"):
            response = await http.request(method, mcp_url, headers=headers)
            assert response.status_code == 405, method
        batch = await http.post(
            mcp_url, json=[{"jsonrpc": "2.0", "id": 1, "method": "ping"}], headers=headers
        )
        unknown_method = await http.post(
            mcp_url, json={"jsonrpc": "2.0", "id": 3, "method": "nope"}, headers=headers
        )
        arguments_not_object = await http.post(
            mcp_url,
            json={
                "jsonrpc": "2.0",
                "id": 4,
                "method": "tools/call",
                "params": {"name": "list_meetings", "arguments": "x"},
            },
            headers=headers,
        )
    assert batch.status_code == 400
    assert unknown_method.json()["error"]["code"] == -32601
    assert arguments_not_object.json()["error"]["code"] == -32602


async def test_simple_form_answers_what_json_rpc_tools_call_answers(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    """The simple form runs the tools/call handler directly (no SDK transport round); its body
    must stay the result a JSON-RPC tools/call gives, for results and errors alike."""
    meeting = await make_activity(state, tenant, name="Parity check pricing")
    await make_activity(state, tenant, is_call=True, name="Parity call budget")
    calls = [
        ("list_meetings", {"limit": 10}),
        ("list_calls", {"sortOrder": "asc", "skip": 0, "limit": 5}),
        ("list_calls", {"limit": 500}),
        ("list_meetings", {"fromDate": "bad"}),
        ("list_meetings", {"limit": "x"}),
        ("list_meetings", {"unknownArgument": 1}),
        ("search_meetings", {"query": "pricing", "limit": 10}),
        ("search_calls", {"query": "budget"}),
        ("search_meetings", {"query": ""}),
        ("search_meetings", {}),
        ("get_meeting_details", {"id": meeting}),
        ("get_meeting_details", {"id": "missing"}),
        ("get_meeting_transcript", {"transcriptId": meeting}),
        ("get_meeting_summary", {"transcriptId": meeting}),
        ("find_meetings_by_participant", {"participant": "a"}),
        ("get_meetings_statistics", {}),
        ("nope", {}),
    ]
    async with httpx.AsyncClient(headers=tenant.headers) as http:
        for name, arguments in calls:
            simple = await http.post(mcp_url, json={"name": name, "arguments": arguments})
            rpc = await http.post(
                mcp_url,
                json={
                    "jsonrpc": "2.0",
                    "id": 9,
                    "method": "tools/call",
                    "params": {"name": name, "arguments": arguments},
                },
                headers=RPC_ACCEPT,
            )
            assert simple.status_code == 200, name
            assert simple.headers["content-type"] == "application/json"
            assert simple.json() == rpc.json()["result"], (name, arguments)
