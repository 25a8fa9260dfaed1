"""A loopback reverse proxy that adds `X-API-Key` to every request, for MCP tools that cannot send
custom headers (the conformance suite). Everything else, Host and Origin included, passes as
received, so the server's own checks still apply.

    python keyproxy.py LISTEN_PORT UPSTREAM_URL   (the key in MEETSIGHT_API_KEY, or an OAuth
                                                  access token in MEETSIGHT_BEARER_TOKEN)
"""

from __future__ import annotations

import os
import sys

import httpx
import uvicorn
from starlette.requests import Request
from starlette.responses import Response

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"}


def build(upstream: str, credential: dict[str, str]) -> object:
    client = httpx.AsyncClient(base_url=upstream, timeout=60)

    async def app(scope: dict, receive: object, send: object) -> None:
        if scope["type"] != "http":
            return
        request = Request(scope, receive)  # type: ignore[arg-type]
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
        headers.update(credential)
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
    token = os.environ.get("MEETSIGHT_BEARER_TOKEN")
    credential = (
        {"authorization": f"Bearer {token}"}
        if token
        else {"x-api-key": os.environ["MEETSIGHT_API_KEY"]}
    )
    uvicorn.run(build(upstream, credential), port=port, log_level="warning")
