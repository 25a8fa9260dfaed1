"""MCP protocol requests a hostile or sloppy client sends, in both protocol eras (2026-07-28
without handshake, 2025-11-25 stateless): an unknown prompt, a cursor the server never issued,
routing headers with whitespace around their values, a listen stream. Each is answered with the
protocol's own refusal or served, never an internal error with a traceback in the log. Raw
JSON-RPC over real HTTP (the SDK's client would not send most of these)."""

from __future__ import annotations

import http.client
import json
import logging
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from mcp_types import INVALID_PARAMS, METHOD_NOT_FOUND

from fixtures.factories import Tenant
from fixtures.mcp_clients import LEGACY, MCP_PATH, MODERN, rpc


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


def raw_post(server_url: str, headers: list[tuple[str, str]], body: dict[str, Any]) -> Any:
    """http.client sends header values byte for byte (httpx refuses edge whitespace)."""
    address = urlsplit(server_url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=10)
    payload = json.dumps(body).encode()
    try:
        connection.putrequest("POST", MCP_PATH)
        for name, value in [*headers, ("content-type", "application/json")]:
            connection.putheader(name, value)
        connection.putheader("content-length", str(len(payload)))
        connection.endheaders(payload)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


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
