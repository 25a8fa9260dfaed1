"""A loopback reverse proxy that adds `X-API-Key` to every request, for MCP tools that cannot send
custom headers (the conformance suite). Everything else, Host and Origin included, passes as
received, so the server's own checks still apply.

    python keyproxy.py LISTEN_PORT UPSTREAM_URL   (the key in MEETSIGHT_API_KEY)
"""

from __future__ import annotations

import os
import sys

import httpx
import uvicorn
from starlette.requests import Request
from starlette.responses import Response

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"}


def build(upstream: str, key: str) -> object:
    client = httpx.AsyncClient(base_url=upstream, timeout=60)

    async def app(scope: dict, receive: object, send: object) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)  # type: ignore[arg-type]
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        headers["x-api-key"] = key
        url = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        upstream_response = await client.request(
            request.method, url, headers=headers, content=await request.body()
        )
        passed = {k: v for k, v in upstream_response.headers.items() if k.lower() not in HOP_BY_HOP}
        response = Response(
            upstream_response.content, status_code=upstream_response.status_code, headers=passed
        )
        await response(scope, receive, send)  # type: ignore[arg-type]

    return app


if __name__ == "__main__":
    port, upstream = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(build(upstream, os.environ["MEETSIGHT_API_KEY"]), port=port, log_level="warning")
