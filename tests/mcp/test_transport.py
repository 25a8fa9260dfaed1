"""The endpoint over real HTTP: the SDK client in both protocol modes, exact path, 11 tools."""

from __future__ import annotations

import pytest

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import mcp_client, structured
from meetsight.mcp.server import TOOL_NAMES
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
    assert sorted(t.name for t in tools) == sorted(TOOL_NAMES)
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
