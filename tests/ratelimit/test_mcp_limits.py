"""Over the limit at /api/v1/mcp: a JSON-RPC error for JSON-RPC messages, a tool error for the
simple form's tool call, the envelope for the simple form's tool listing; Retry-After on all."""

from __future__ import annotations

from fixtures.factories import make_tenant
from fixtures.limited_apps import MCP, RPC_ACCEPT, OpenApp
from fixtures.shapes import check_error
from meetsight.mcp.server import EXTRA_TOOL_NAMES, TOOL_NAMES


async def test_jsonrpc_over_the_limit_gets_a_jsonrpc_error(open_app: OpenApp) -> None:
    async with open_app(rate_limits="2/minute") as limited:
        tenant = await make_tenant(limited.state)
        headers = {**tenant.headers, **RPC_ACCEPT}
        message = {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}
        for remaining in ("1", "0"):
            ok = await limited.client.post(MCP, json=message, headers=headers)
            assert ok.status_code == 200, ok.text
            assert len(ok.json()["result"]["tools"]) == len(TOOL_NAMES + EXTRA_TOOL_NAMES)
            assert ok.headers["ratelimit-remaining"] == remaining
        refused = await limited.client.post(MCP, json=message, headers=headers)
        assert refused.status_code == 429
        body = refused.json()
        assert body["jsonrpc"] == "2.0" and body["id"] == 7 and "result" not in body
        assert body["error"]["code"] == -32029
        assert body["error"]["message"].startswith("Rate limit exceeded: 2 requests per minute")
        retry_after = int(refused.headers["retry-after"])
        assert 1 <= retry_after <= 60
        assert body["error"]["data"] == {"retryAfter": str(retry_after)}
        batch = await limited.client.post(MCP, json=[message], headers=headers)
        assert batch.status_code == 429 and batch.json()["error"]["code"] == -32029


async def test_simple_form_over_the_limit_gets_a_tool_error(open_app: OpenApp) -> None:
    async with open_app(rate_limits="1/minute") as limited:
        tenant = await make_tenant(limited.state)
        call = {"name": "list_meetings", "arguments": {"limit": 1}}
        ok = await limited.client.post(MCP, json=call, headers=tenant.headers)
        assert ok.status_code == 200, ok.text
        assert ok.json().get("isError") is not True
        refused = await limited.client.post(MCP, json=call, headers=tenant.headers)
        assert refused.status_code == 429
        assert refused.headers["retry-after"]
        body = refused.json()
        assert body["isError"] is True
        assert body["content"][0]["type"] == "text"
        assert body["content"][0]["text"].startswith("Rate limit exceeded: 1 requests per minute")
        listing = await limited.client.get(MCP, headers={**tenant.headers, "accept": "*/*"})
        check_error(listing, 429, contains="Rate limit exceeded")
        assert listing.headers["retry-after"]
