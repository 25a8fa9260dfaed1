"""A size limit on every request body, except on routes that declare that they stream their
body themselves (`@streams_body`: the uploads, whose multipart reader writes to storage under
MEETSIGHT_MAX_UPLOAD_BYTES). A declared Content-Length over the limit is refused before anything
is read (the server never delivers more than declared); a chunked body is read up to the limit
and handed on.

The declaration sits on the endpoint, so a new upload route (REST or page) carries its own
exemption; the middleware finds the declared routes once, on the first request with a body."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

from starlette.datastructures import Headers
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Receive, Scope, Send

from meetsight.responses import error_envelope
from meetsight.security.bodies import BodyTooLarge, read_body, replay

TOO_LARGE = "Request body too large"
_STREAMS_BODY = "__meetsight_streams_body__"
Endpoint = TypeVar("Endpoint", bound=Callable[..., object])


def streams_body(endpoint: Endpoint) -> Endpoint:
    """Declare that this endpoint reads its body as a stream and enforces its own size limit
    (read_upload_form with max_upload_bytes): the general body limit does not apply to it."""
    setattr(endpoint, _STREAMS_BODY, True)
    return endpoint


def unfold_routes(routes: Iterable[Any]) -> Iterator[Any]:
    """The routes in the order the router tries them, included routers unfolded."""
    for route in routes:
        # FastAPI >= 0.16x keeps an included router whole; its effective routes carry the
        # prefixed path, the endpoint and `matches`. Older versions flatten them into routes.
        contexts = getattr(route, "effective_route_contexts", None)
        yield from unfold_routes(contexts()) if contexts is not None else (route,)


def streamed_body_routes(routes: Iterable[BaseRoute]) -> list[BaseRoute]:
    """The routes whose endpoint is declared `@streams_body`, included routers unfolded."""
    return [
        r
        for r in unfold_routes(routes)
        if getattr(getattr(r, "endpoint", None), _STREAMS_BODY, False)
    ]


class StreamedRoutes:
    """Whether a request goes to a `@streams_body` route: the routes are found once, on the
    first question (every route exists by the first request)."""

    def __init__(self, routes: Callable[[], Sequence[BaseRoute]]) -> None:
        self.routes = routes
        self._streamed: list[BaseRoute] | None = None

    def matches(self, scope: Scope) -> bool:
        """The path is a streamed route's, whatever the method: a method the route does not
        serve is the router's 405, never a refusal of a body nobody reads."""
        if self._streamed is None:
            self._streamed = streamed_body_routes(self.routes())
        return any(route.matches(scope)[0] is not Match.NONE for route in self._streamed)


class BodySizeLimit:
    def __init__(
        self, app: ASGIApp, *, max_bytes: int, streams_itself: Callable[[Scope], bool]
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self._streams_itself = streams_itself

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        admitted = await self.admit(scope, receive, send)
        if admitted is not None:
            await self.app(scope, admitted, send)

    async def admit(self, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        """What the app is to receive from (the body read here, replayed, or `receive`), or
        None when the request was answered here (400 or 413) and goes no further."""
        if scope["method"] in ("GET", "HEAD") or self._streams_itself(scope):
            return receive  # no endpoint reads a GET's body; streamed routes bound their own
        headers = Headers(scope=scope)
        declared = headers.get("content-length")
        if declared is not None:
            if not declared.isdigit():
                await error_envelope(400, "Content-Length is not a number")(scope, receive, send)
            elif int(declared) > self.max_bytes:
                await self._refuse(scope, receive, send)
            else:
                return receive
            return None
        if "chunked" not in headers.get("transfer-encoding", "").lower():
            return receive  # no body at all
        try:
            body = await read_body(receive, self.max_bytes)
        except BodyTooLarge:
            await self._refuse(scope, receive, send)
            return None
        return replay(body, receive)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        await error_envelope(413, TOO_LARGE)(scope, receive, send)
