"""A loopback reverse proxy that adds `X-API-Key` to every request, for MCP tools that cannot send
custom headers (the conformance suite). Everything else, Host and Origin included, passes as
received, so the server's own checks still apply.

Bodies stream both ways: each chunk of an answer (an SSE event, a chunk of a chunked body) is
passed on as it arrives, so server-sent events reach the client when the server sends them and a
long-lived `GET` stream stays open as long as either side keeps it.

Header values are forwarded without the whitespace around them (RFC 9110 5.5: it is not part of
the value, and httpx refuses to send it): the suite's `Mcp-Name: "  name  "` check was a 500
from this proxy, never reaching meetsight, which trims on its own
(tests/hostile/test_mcp_hostile.py). An unreachable upstream is a 502, not a 500.

    python keyproxy.py LISTEN_PORT UPSTREAM_URL   (the key in MEETSIGHT_API_KEY, or an OAuth
                                                  access token in MEETSIGHT_BEARER_TOKEN)
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator

import httpx
import uvicorn
from starlette.requests import Request
from starlette.responses import PlainTextResponse, StreamingResponse

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"}
# no read timeout: an SSE stream may stay quiet for as long as the server has nothing to send
TIMEOUT = httpx.Timeout(60, read=None)


def build(upstream: str, credential: dict[str, str]) -> object:
    client = httpx.AsyncClient(base_url=upstream, timeout=TIMEOUT)

    async def app(scope: dict, receive: object, send: object) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)  # type: ignore[arg-type]
        headers = {
            k: v.strip(" \t") for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP
        }
        headers.update(credential)
        url = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        has_body = request.method not in ("GET", "HEAD", "DELETE", "OPTIONS")
        upstream_request = client.build_request(
            request.method, url, headers=headers, content=request.stream() if has_body else None
        )
        try:
            upstream_response = await client.send(upstream_request, stream=True)
        except httpx.TransportError as error:
            failed = PlainTextResponse(f"upstream: {error!r}", status_code=502)
            await failed(scope, receive, send)  # type: ignore[arg-type]
            return

        async def body() -> AsyncIterator[bytes]:
            # raw bytes as they arrive (content-encoding untouched, its header passes too); the
            # upstream stream closes when the client goes away (cancellation lands here)
            try:
                async for chunk in upstream_response.aiter_raw():
                    yield chunk
            finally:
                await upstream_response.aclose()

        passed = {k: v for k, v in upstream_response.headers.items() if k.lower() not in HOP_BY_HOP}
        response = StreamingResponse(
            body(), status_code=upstream_response.status_code, headers=passed
        )
        await response(scope, receive, send)  # type: ignore[arg-type]

    return app


if __name__ == "__main__":
    port, upstream = int(sys.argv[1]), sys.argv[2]
    token = os.environ.get("MEETSIGHT_BEARER_TOKEN")
    credential = (
        {"authorization": f"Bearer {token}"}
        if token
        else {"x-api-key": os.environ["MEETSIGHT_API_KEY"]}
    )
    uvicorn.run(build(upstream, credential), port=port, log_level="warning")
