"""The pure-ASGI layers every HTTP request passes, folded into one call and one send wrapper.

Outermost first, as they were stacked one around the other (each with its own wrapper of
`send`): the request observer (request id, metrics, access line), the security headers, the
RateLimit-* headers, the body size limit and the request guard. Each keeps its class (and can
still be stacked alone); here their request-time steps run in the same order, and the answer's
headers are edited once, in the order the layers added them: the quota's, the security
headers, X-Request-Id. CORS, when configured, sat between the security headers and the
RateLimit-* headers: the app then has two fronts, the outer (observer, security headers)
around CORS and the inner (the rest) inside it.
"""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meetsight.observability.context import request_id_var
from meetsight.observability.http_observation import RequestObservation
from meetsight.ratelimit.gate import QUOTA_SCOPE_KEY
from meetsight.ratelimit.headers import label
from meetsight.security.body_limit import BodySizeLimit
from meetsight.security.headers import SecurityHeaders
from meetsight.security.request_guard import RequestGuard


class RequestFront:
    def __init__(
        self,
        app: ASGIApp,
        *,
        observation: RequestObservation | None = None,
        security: SecurityHeaders | None = None,
        rate_limit_headers: bool = False,
        body_limit: BodySizeLimit | None = None,
        guard: RequestGuard | None = None,
    ) -> None:
        self.app = app
        self.observation = observation
        self.security = security
        self.rate_limit_headers = rate_limit_headers
        self.body_limit = body_limit
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        observation, security = self.observation, self.security
        label_quota = self.rate_limit_headers
        request_id_header: tuple[bytes, bytes] | None = None
        if observation is not None:
            request_id = observation.request_id_of(scope)
            token = request_id_var.set(request_id)
            request_id_header = (b"x-request-id", request_id.encode("latin-1"))
        started = time.perf_counter()
        docs = security is not None and scope["path"] in security.docs_paths
        status = 500  # what the client gets when the app raises before answering

        async def send_framed(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                raw = list(message.get("headers", ()))
                if label_quota:
                    quota = scope.get(QUOTA_SCOPE_KEY)
                    if quota is not None:
                        label(raw, quota)
                if security is not None:
                    security.secure(raw, docs)
                if request_id_header is not None:
                    raw.append(request_id_header)
                message["headers"] = raw
            await send(message)

        failed = True
        try:
            admitted: Receive | None = receive
            if self.body_limit is not None:
                admitted = await self.body_limit.admit(scope, receive, send_framed)
            if admitted is not None and self.guard is not None:
                admitted = await self.guard.admit(scope, admitted, send_framed)
            if admitted is not None:
                await self.app(scope, admitted, send_framed)
            failed = False
        finally:
            if observation is not None:
                observation.observe(scope, status, time.perf_counter() - started)
                if not failed:  # on an error the id stays set for the error handler's log line
                    request_id_var.reset(token)
