"""RateLimit-* headers on every answer to an admitted request (REST and MCP alike)."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meetsight.ratelimit.gate import QUOTA_SCOPE_KEY
from meetsight.ratelimit.limiter import Quota


class RateLimitHeaders:
    """Pure ASGI, so streamed answers are labelled too, at their start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_labelled(message: Message) -> None:
            if message["type"] == "http.response.start":
                quota: Quota | None = scope.get(QUOTA_SCOPE_KEY)
                if quota is not None:
                    headers = MutableHeaders(scope=message)
                    if "ratelimit-limit" not in headers:  # a 429 carries its own
                        headers.update(quota.headers())
            await send(message)

        await self.app(scope, receive, send_labelled)
