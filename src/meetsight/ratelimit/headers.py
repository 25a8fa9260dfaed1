"""RateLimit-* headers on every answer to an admitted request (REST and MCP alike)."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meetsight.ratelimit.limiter import Quota
from meetsight.ratelimit.request_limits import QUOTA_SCOPE_KEY

_NAMES = (b"ratelimit-limit", b"ratelimit-remaining", b"ratelimit-reset", b"ratelimit-policy")


def label(raw: list[tuple[bytes, bytes]], quota: Quota) -> None:
    """The quota's headers added to an answer's raw header list, in place, as
    `MutableHeaders.update(quota.headers())` would; none when it carries its own (a 429)."""
    names = {name for name, _ in raw}
    if _NAMES[0] in names:
        return
    if names.isdisjoint(_NAMES):  # the usual case: the four at the end
        raw.extend(quota.raw_headers())
        return
    headers = MutableHeaders(raw=raw)  # works on `raw` itself
    headers.update(quota.headers())


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
                    raw = list(message.get("headers", ()))
                    label(raw, quota)
                    message["headers"] = raw
            await send(message)

        await self.app(scope, receive, send_labelled)
