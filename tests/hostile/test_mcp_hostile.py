"""MCP protocol requests a hostile or sloppy client sends, in both protocol eras (2026-07-28
without handshake, 2025-11-25 stateless): an unknown prompt, a cursor the server never issued,
routing headers with whitespace around their values, a listen stream. Each is answered with the
protocol's own refusal or served, never an internal error with a traceback in the log. Raw
JSON-RPC over real HTTP (the SDK's client would not send most of these)."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
from mcp_types import INVALID_PARAMS, METHOD_NOT_FOUND

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import LEGACY, MODERN, mcp_client, raw_post, rpc, structured
from meetsight.state import AppState


async def post_rpc(
    mcp_url: str, tenant: Tenant, version: str, method: str, params: dict[str, Any], **kw: Any
) -> dict[str, Any]:
    headers, body = rpc(version, method, params, **kw)
    async with httpx.AsyncClient(timeout=10) as client:
        answer = await client.post(mcp_url, json=body, headers={**headers, **tenant.headers})
    assert answer.headers["content-type"].startswith("application/json"), answer.text
    return dict(answer.json())


def server_errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("version", [MODERN, LEGACY])
async def test_an_unknown_prompt_is_invalid_params(
    mcp_url: str, tenant: Tenant, version: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    name = "summarise_everything" + "x" * 5000
    answer = await post_rpc(mcp_url, tenant, version, "prompts/get", {"name": name}, name=name)
    error = answer["error"]
    assert error["code"] == INVALID_PARAMS, answer
    assert error["message"].startswith("Unknown prompt: summarise_everything")
    assert len(error["message"]) < 300  # the name is echoed, not its 5000 characters
    assert server_errors(caplog) == []


@pytest.mark.parametrize("version", [MODERN, LEGACY])
@pytest.mark.parametrize("method", ["tools/list", "prompts/list", "resources/list"])
async def test_a_cursor_the_server_never_issued_is_invalid_params(
    mcp_url: str, tenant: Tenant, version: str, method: str
) -> None:
    answer = await post_rpc(mcp_url, tenant, version, method, {"cursor": "bm90LWEtY3Vyc29y"})
    assert answer.get("error", {}).get("code") == INVALID_PARAMS, answer
    # Without a cursor the list is served whole.
    whole = await post_rpc(mcp_url, tenant, version, method, {})
    assert "nextCursor" not in whole["result"], whole


async def test_discovery_promises_no_change_notifications(mcp_url: str, tenant: Tenant) -> None:
    """Nothing is ever published (fixed tools, no prompts or resources), so no listChanged and
    no subscriptions/listen: a listen request is refused at once instead of a silent stream."""
    found = await post_rpc(mcp_url, tenant, MODERN, "server/discover", {})
    capabilities = found["result"]["capabilities"]
    assert capabilities["tools"].get("listChanged") is not True
    assert capabilities["prompts"].get("listChanged") is not True
    assert capabilities["resources"].get("listChanged") is not True
    assert capabilities["resources"].get("subscribe") is not True
    listen = {"notifications": {"toolsListChanged": True}}
    refused = await post_rpc(mcp_url, tenant, MODERN, "subscriptions/listen", listen)
    assert refused["error"]["code"] == METHOD_NOT_FOUND


@pytest.mark.parametrize("padding", [" ", "  ", "\t", " \t "])
async def test_routing_headers_are_compared_without_surrounding_whitespace(
    server_url: str, tenant: Tenant, padding: str
) -> None:
    """RFC 9110 5.5: the whitespace around a field value is not part of it."""
    params = {"name": "list_meetings", "arguments": {"limit": 1}}
    headers, body = rpc(MODERN, "tools/call", params, name="list_meetings")
    padded = [(k, v + padding) for k, v in headers.items()] + [("x-api-key", tenant.key)]
    status, answer = raw_post(server_url, padded, body)
    assert status == 200 and answer["result"]["isError"] is False, answer
    assert answer["result"]["structuredContent"]["limit"] == 1

    headers, body = rpc(LEGACY, "tools/call", params)
    padded = [(k, v + padding) for k, v in headers.items()] + [("x-api-key", tenant.key)]
    status, answer = raw_post(server_url, padded, body)
    assert status == 200 and answer["result"]["isError"] is False, answer


# Each argument of each tool gets these in turn (what a schema-unaware or hostile client sends):
# control characters, a string far past any bound, the last representable day, a number past
# any integer column, and values of the wrong JSON type.
HOSTILE_VALUES: list[Any] = ["\x00", "a\x00b", "x" * 100_000, "9999-12-31", 10**30, -1, [], {}]
EXPECTED_ERRORS = (
    "Invalid argument",
    "Meeting not found",
    "Account not found",
    "Several accounts",
    "Tracker not found",
    "Several trackers",
)


async def test_every_tool_argument_survives_hostile_values(
    mcp_url: str, state: AppState, tenant: Tenant, caplog: pytest.LogCaptureFixture
) -> None:
    """Every answer is a result or a tool error naming the argument: never an unexpected
    exception (logged, and answered "Error executing tool ..."), never a huge answer."""
    caplog.set_level(logging.INFO)
    activity_id = await make_activity(state, tenant, name="Pricing review")
    required = {"participant": "Olivia", "query": "pricing", "question": "What about pricing?"}
    async with httpx.AsyncClient(timeout=30) as client:
        headers, body = rpc(LEGACY, "tools/list", {})
        listed = await client.post(mcp_url, json=body, headers={**headers, **tenant.headers})
        failures = []
        for tool in listed.json()["result"]["tools"]:
            schema = tool["inputSchema"]
            base = {name: required.get(name, activity_id) for name in schema.get("required", [])}
            for argument in schema["properties"]:
                for value in HOSTILE_VALUES:
                    arguments = {**base, argument: value}
                    params = {"name": tool["name"], "arguments": arguments}
                    headers, body = rpc(LEGACY, "tools/call", params)
                    answer = await client.post(
                        mcp_url, json=body, headers={**headers, **tenant.headers}
                    )
                    result = answer.json()["result"]
                    text = result["content"][0]["text"]
                    if len(answer.content) > 1_000_000 or (
                        result.get("isError") and not text.startswith(EXPECTED_ERRORS)
                    ):
                        failures.append((tool["name"], argument, repr(value)[:20], text[:80]))
    assert failures == []
    assert server_errors(caplog) == []


async def test_the_last_representable_day_bounds_nothing(
    client: httpx.AsyncClient, mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    """toDate=9999-12-31 (inclusive: up to the day after, which does not exist) was a 500 on
    REST search and an unexpected exception in the MCP search tools."""
    meeting = await make_activity(state, tenant, name="Pricing review")
    answer = await client.get(
        "/api/v1/search", params={"q": "pricing", "toDate": "9999-12-31"}, headers=tenant.headers
    )
    assert answer.status_code == 200, answer.text
    assert [hit["id"] for hit in answer.json()["data"]] == [meeting]
    arguments = {"query": "pricing", "toDate": "9999-12-31"}
    async with mcp_client(mcp_url, tenant.key) as mcp:
        result = await mcp.call_tool("search_meetings", arguments)
    assert [m["id"] for m in structured(result)["meetings"]] == [meeting]
