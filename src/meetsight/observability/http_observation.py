"""One pure-ASGI layer around every HTTP request: its request id (accepted or made, returned in
X-Request-Id, visible to logs and to jobs it queues), its metrics and its access-log line."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

from prometheus_client.metrics import Counter, Histogram
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meetsight.observability.access_record import AccessRecords
from meetsight.observability.context import accept_request_id, request_id_var
from meetsight.observability.metrics import HTTP_DURATION, HTTP_REQUESTS

ACCESS_LOGGER = "meetsight.access"
ACCESS_FORMAT = "%s %s %d %.1f ms"  # method, path, status, milliseconds
access_log = logging.getLogger(ACCESS_LOGGER)
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "<unmatched>"  # no route: the raw path would let anyone add label values


def route_template(scope: Scope, plain_routes: Callable[[], Sequence[BaseRoute]] = tuple) -> str:
    """The matched route's template ("/api/v1/meetings/{activity_id}"), never the raw path.
    `plain_routes` is asked only when the scope names no route."""
    # FastAPI (0.13x and later) keeps the full template of a route of an included router in
    # its effective route context; scope["route"] then holds the route without the prefix.
    effective = scope.get("fastapi", {}).get("effective_route_context")
    template = getattr(effective, "path_format", None)
    if isinstance(template, str):
        return template
    route = scope.get("route")
    if route is None:  # a plain Starlette route (MCP) is not recorded in the scope: match it
        route = next((r for r in plain_routes() if r.matches(scope)[0] == Match.FULL), None)
    path = getattr(route, "path", None)
    return path if isinstance(path, str) else UNMATCHED


class RequestObservation:
    def __init__(
        self, app: ASGIApp, plain_routes: Callable[[], Sequence[BaseRoute]] = tuple
    ) -> None:
        self.app = app
        self._plain_routes = plain_routes
        # Labelled children by (method, route, status): a dict hit instead of the client's
        # lock and label checks on every request.
        self._children: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}

    @staticmethod
    def request_id_of(scope: Scope) -> str:
        """The caller's X-Request-Id when it is sane, else a new one."""
        incoming = None
        for name, value in scope["headers"]:
            if name == b"x-request-id":
                incoming = value.decode("latin-1")
                break
        return accept_request_id(incoming)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = self.request_id_of(scope)
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 500  # what the client gets when the app raises before answering

        async def send_observed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [
                    *message.get("headers", ()),
                    (b"x-request-id", request_id.encode("latin-1")),
                ]
            await send(message)

        failed = True
        try:
            await self.app(scope, receive, send_observed)
            failed = False
        finally:
            self.observe(scope, status, time.perf_counter() - started)
            if not failed:  # on an error the id stays set for the error handler's log line
                request_id_var.reset(token)

    def observe(self, scope: Scope, status: int, seconds: float) -> None:
        """The request's metrics and its access-log line."""
        method = scope["method"] if scope["method"] in KNOWN_METHODS else "OTHER"
        route = route_template(scope, self._plain_routes)
        key = (method, route, status)
        children = self._children.get(key)
        if children is None:
            label = (method, route, str(status))
            children = (HTTP_REQUESTS.labels(*label), HTTP_DURATION.labels(*label))
            self._children[key] = children
        children[0].inc()
        children[1].observe(seconds)
        if access_log.isEnabledFor(logging.INFO):
            path = scope["path"]
            # Logger.info's record, made without its per-call walk up the stack to find the
            # caller, and from a template of its fixed fields (access_record.py): the same
            # line, the same fields; the record names this method.
            record = _ACCESS_RECORDS.make(
                logging.INFO,
                (method, path, status, seconds * 1000),
                {
                    "method": method,
                    "path": path,
                    "route": route,
                    "status": status,
                    "duration_ms": round(seconds * 1000, 2),
                },
            )
            access_log.handle(record)


OBSERVE_LINE = RequestObservation.observe.__code__.co_firstlineno
_ACCESS_RECORDS = AccessRecords(access_log, __file__, OBSERVE_LINE, "observe", ACCESS_FORMAT)
