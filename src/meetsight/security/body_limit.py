"""A size limit on every request body. Uploads are exempt: their multipart reader streams to
storage under MEETSIGHT_MAX_UPLOAD_BYTES. A declared Content-Length over the limit is refused
before anything is read (the server never delivers more than declared); a chunked body is read
up to the limit and handed on."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from meetsight.mcp.bodies import BodyTooLarge, read_body, replay
from meetsight.responses import error_envelope

TOO_LARGE = "Request body too large"


class BodySizeLimit:
    def __init__(self, app: ASGIApp, *, max_bytes: int, exempt_paths: frozenset[str]) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.exempt_paths = exempt_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] in ("GET", "HEAD")  # no endpoint reads their body
            or scope["path"] in self.exempt_paths
        ):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        declared = headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                await error_envelope(400, "Content-Length is not a number")(scope, receive, send)
            elif int(declared) > self.max_bytes:
                await self._refuse(scope, receive, send)
            else:
                await self.app(scope, receive, send)
            return
        if "chunked" not in headers.get("transfer-encoding", "").lower():
            await self.app(scope, receive, send)  # no body at all
            return
        try:
            body = await read_body(receive, self.max_bytes)
        except BodyTooLarge:
            await self._refuse(scope, receive, send)
            return
        await self.app(scope, replay(body, receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        await error_envelope(413, TOO_LARGE)(scope, receive, send)
