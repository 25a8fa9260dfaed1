"""The endpoint over real HTTP: the SDK client in both protocol modes, exact path, 11 tools."""

from __future__ import annotations

import json

import pytest

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import mcp_client, structured
from meetsight.mcp.server import EXTRA_TOOL_NAMES, TOOL_NAMES
from meetsight.state import AppState

MODES = ["auto", "legacy"]
# auto discovers the current revision (no handshake); legacy performs initialize.
EXPECTED_VERSION = {"auto": "2026-07-28", "legacy": "2025-11-25"}


@pytest.mark.parametrize("mode", MODES)
async def test_lists_the_eleven_tools(mcp_url: str, tenant: Tenant, mode: str) -> None:
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        tools = (await client.list_tools()).tools
        assert client.protocol_version == EXPECTED_VERSION[mode]
        assert client.server_info is not None and client.server_info.name == "meetsight"
    assert sorted(t.name for t in tools) == sorted(TOOL_NAMES + EXTRA_TOOL_NAMES)
    for tool in tools:
        assert tool.annotations is not None and tool.annotations.read_only_hint is True
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        assert tool.description and len(tool.description) > 40
        assert tool.title
        for name, prop in tool.input_schema["properties"].items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"


@pytest.mark.parametrize("mode", MODES)
async def test_calls_a_tool(mcp_url: str, state: AppState, tenant: Tenant, mode: str) -> None:
    meeting_id = await make_activity(state, tenant, name="Transport check")
    async with mcp_client(mcp_url, tenant.key, mode=mode) as client:
        result = await client.call_tool("list_meetings", {"keyword": "transport"})
    data = structured(result)
    assert [m["id"] for m in data["meetings"]] == [meeting_id]


async def test_tools_list_stays_small(mcp_url: str, tenant: Tenant) -> None:
    """An agent pays for tools/list in context on every connection: under 25 KB as sent, the
    output schemas cut to their top level (`mcp.lean_schemas`; 55 KB with pydantic's nested
    models). The SDK client checks every structured result against them in the other tests."""
    async with mcp_client(mcp_url, tenant.key) as client:
        tools = (await client.list_tools()).tools
    sent = [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in tools]
    assert len(json.dumps(sent, separators=(",", ":"))) < 25_000
    for tool in sent:
        assert "$defs" not in json.dumps(tool["outputSchema"])
        assert tool["outputSchema"]["properties"], tool["name"]
