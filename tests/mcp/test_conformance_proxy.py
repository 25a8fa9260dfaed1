"""tools/conformance/keyproxy.py, the key-adding proxy `make conformance` puts in front of the
server: the SDK client through it in both modes, header whitespace, and bodies that stream."""

from __future__ import annotations

import asyncio
import importlib.util
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.responses import StreamingResponse
from starlette.routing import Route

from fixtures.factories import Tenant
from fixtures.mcp_clients import LEGACY, MCP_PATH, MODERN, mcp_client, raw_post, rpc
from fixtures.served import free_port
from meetsight.mcp.server import EXTRA_TOOL_NAMES, TOOL_NAMES

MODES = ["auto", "legacy"]
KEYPROXY = Path(__file__).resolve().parents[2] / "tools" / "conformance" / "keyproxy.py"


def load_keyproxy() -> Any:
    spec = importlib.util.spec_from_file_location("keyproxy", KEYPROXY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def serve(app: Any) -> Iterator[str]:
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def proxied(upstream: str, key: str) -> Iterator[str]:
    with serve(load_keyproxy().build(upstream, {"x-api-key": key})) as url:
        yield url


@pytest.mark.parametrize("mode", MODES)
async def test_the_sdk_client_without_a_key_works_through_the_proxy(
    server_url: str, tenant: Tenant, mode: str
) -> None:
    with proxied(server_url, tenant.key) as proxy:
        async with mcp_client(proxy + MCP_PATH, None, mode=mode) as client:
            tools = (await client.list_tools()).tools
            result = await client.call_tool("list_meetings", {"limit": 1})
    assert sorted(t.name for t in tools) == sorted(TOOL_NAMES + EXTRA_TOOL_NAMES)
    assert not result.is_error, result.content


async def test_padded_routing_headers_reach_the_server_trimmed(
    server_url: str, tenant: Tenant
) -> None:
    """The suite's `Mcp-Name: "  name  "` check: httpx refuses edge whitespace, so the proxy
    answered 500 before it trimmed; meetsight itself trims (test_mcp_hostile.py)."""
    params = {"name": "list_meetings", "arguments": {"limit": 1}}
    with proxied(server_url, tenant.key) as proxy:
        for version in (MODERN, LEGACY):
            headers, body = rpc(version, "tools/call", params, name="list_meetings")
            padded = [(k, f"  {v}\t ") for k, v in headers.items()]
            status, answer = raw_post(proxy, padded, body)
            assert status == 200, answer
            assert answer["result"]["isError"] is False, answer


async def test_an_event_stream_is_passed_on_as_it_is_sent() -> None:
    """Each event reaches the client while the upstream is still sending (no buffering)."""
    release = threading.Event()  # set by the test, read on the upstream's thread

    async def events(_: Any) -> StreamingResponse:
        async def body() -> AsyncIterator[bytes]:
            yield b"data: first\n\n"
            # the second event only once the client has seen the first
            await asyncio.to_thread(release.wait, 10)
            yield b"data: second\n\n"

        return StreamingResponse(body(), media_type="text/event-stream")

    upstream = Starlette(routes=[Route("/events", events)])
    with serve(upstream) as upstream_url, proxied(upstream_url, "k") as proxy:
        async with (
            httpx.AsyncClient(timeout=10) as client,
            client.stream("GET", proxy + "/events") as answer,
        ):
            assert answer.headers["content-type"].startswith("text/event-stream")
            chunks = answer.aiter_text()
            first = await asyncio.wait_for(anext(chunks), timeout=5)
            assert first == "data: first\n\n"
            release.set()
            rest = "".join([chunk async for chunk in chunks])
    assert rest == "data: second\n\n"
