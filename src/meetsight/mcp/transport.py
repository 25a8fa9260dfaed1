"""The ASGI endpoint at /api/v1/mcp: Host/Origin checks, the credential, the spec's simple forms,
then the SDK's stateless Streamable HTTP (current revision without handshake, earlier ones with
initialize)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import orjson
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import ListToolsResult
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response
from starlette.types import Receive, Scope, Send

from meetsight.auth.admission import admit_request
from meetsight.auth.oauth.challenges import insufficient_scope_challenge, unauthorized_challenge
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.config import Settings
from meetsight.errors import AppError
from meetsight.mcp.access import SCOPE_KEY, ToolAccess
from meetsight.mcp.errors import UNAUTHORIZED
from meetsight.mcp.origins import OriginPolicy, origin_policy
from meetsight.mcp.results import tool_error
from meetsight.mcp.server import MeetsightMCP, build_mcp_server
from meetsight.mcp.simple_forms import SimpleCall, parse_simple_call, run_simple_call
from meetsight.ratelimit.limiter import RateLimitExceeded, RateLimitUnavailable
from meetsight.responses import error_envelope
from meetsight.security.bodies import MAX_BODY_BYTES, BodyTooLarge, read_body, replay
from meetsight.state import AppState

UNAUTHORIZED_CODE = -32001  # JSON-RPC: implementation-defined server error range
FORBIDDEN_CODE = -32003  # same range; 3 as in HTTP 403
RATE_LIMITED_CODE = -32029  # same range; 29 as in HTTP 429
UNAVAILABLE_CODE = -32000
MCP_SCOPES = (MEETINGS_READ, CALLS_READ)  # every tool needs one of them


def wants_event_stream(headers: Headers) -> bool:
    accept = headers.get("accept", "").lower()
    return "text/event-stream" in accept and "application/json" not in accept


class McpEndpoint:
    def __init__(self, server: MeetsightMCP, policy: OriginPolicy) -> None:
        self.server = server
        self.policy = policy
        # Host/Origin are checked here, before the simple forms too; the SDK's own check is off.
        server.streamable_http_app(
            stateless_http=True,
            json_response=True,
            max_request_body_size=MAX_BODY_BYTES,
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        self.manager = server.session_manager
        self._tools_body: bytes | None = None

    @contextlib.asynccontextmanager
    async def run(self) -> AsyncIterator[None]:
        """Hold the SDK's task group open while the app runs. It lives in a task of its own:
        an anyio task group must be left by the task that entered it, and a lifespan may be
        entered and left by different tasks (test fixtures do)."""
        started, stop = asyncio.Event(), asyncio.Event()

        async def hold() -> None:
            async with self.manager.run():
                started.set()
                await stop.wait()

        holder = asyncio.create_task(hold(), name="mcp-session-manager")
        waiter = asyncio.create_task(started.wait())
        await asyncio.wait({holder, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if holder.done():
            waiter.cancel()
            holder.result()  # raises what kept it from starting
        try:
            yield
        finally:
            stop.set()
            await holder

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope = with_trimmed_header_values(scope)
        headers = Headers(scope=scope)
        refusal = self._refusal(headers)
        if refusal is not None:
            await refusal(scope, receive, send)
            return
        method = scope["method"]
        if method == "GET":
            if wants_event_stream(headers):
                # Stateless: there is no stream for server-initiated messages to open.
                await Response(status_code=405, headers={"Allow": "GET, POST"})(
                    scope, receive, send
                )
            else:
                await self._list_tools(scope, headers, receive, send)
            return
        body = b""
        if method == "POST":
            try:
                body = await read_body(receive, MAX_BODY_BYTES)
            except BodyTooLarge:
                await error_envelope(413, "Request body too large")(scope, receive, send)
                return
        decoded = _json_or_none(body)
        try:
            access = await self._access(scope, headers)
        except (RateLimitExceeded, RateLimitUnavailable) as exc:
            await _refused(decoded, exc)(scope, receive, send)
            return
        if access is None:
            await _unauthorized(decoded, _challenge(scope))(scope, receive, send)
            return
        if _lacks_mcp_scope(access):
            await _insufficient_scope(decoded, scope)(scope, receive, send)
            return
        scope[SCOPE_KEY] = access
        simple = parse_simple_call(decoded) if method == "POST" else None
        if isinstance(simple, Response):
            await simple(scope, receive, send)
            return
        if isinstance(simple, SimpleCall):
            answer = await run_simple_call(self.server, scope, receive, simple)
            await answer(scope, receive, send)
            return
        await self.manager.handle_request(scope, replay(body, receive), send)

    def _refusal(self, headers: Headers) -> Response | None:
        if not self.policy.host_allowed(headers.get("host")):
            return error_envelope(421, "Host not allowed for the MCP endpoint")
        if not self.policy.origin_allowed(headers.get("origin")):
            return error_envelope(403, "Origin not allowed for the MCP endpoint")
        return None

    async def _list_tools(
        self, scope: Scope, headers: Headers, receive: Receive, send: Send
    ) -> None:
        """The simple form: GET with JSON accepted lists the tools with their schemas."""
        try:
            access = await self._access(scope, headers)
        except (RateLimitExceeded, RateLimitUnavailable) as exc:
            await _refused(None, exc)(scope, receive, send)
            return
        if access is None:
            await _unauthorized(None, _challenge(scope))(scope, receive, send)
            return
        if _lacks_mcp_scope(access):
            await _insufficient_scope(None, scope)(scope, receive, send)
            return
        if self._tools_body is None:
            tools = ListToolsResult(tools=await self.server.list_tools())
            dumped = tools.model_dump(mode="json", by_alias=True, exclude_none=True)
            self._tools_body = orjson.dumps(dumped)
        await Response(self._tools_body, media_type="application/json")(scope, receive, send)

    async def _access(self, scope: Scope, headers: Headers) -> ToolAccess | None:
        """The caller's access after charging its rate limit (raises when over it)."""
        state: AppState = scope["app"].state.ms
        auth = await admit_request(state, scope, headers)
        return None if auth is None else ToolAccess(auth=auth, state=state)


def with_trimmed_header_values(scope: Scope) -> Scope:
    """RFC 9110 section 5.5: a field value excludes the whitespace around it. uvicorn's
    httptools parser keeps trailing spaces and tabs, and the SDK compares MCP-Protocol-Version,
    Mcp-Method and Mcp-Name to the body exactly (a name with edge spaces of its own travels
    base64-wrapped), so "list_meetings " was refused as -32020 and "2025-11-25 " taken for an
    unknown revision."""
    headers = scope["headers"]
    if not any(value[-1:] in (b" ", b"\t") or value[:1] in (b" ", b"\t") for _, value in headers):
        return scope
    return {**scope, "headers": [(name, value.strip(b" \t")) for name, value in headers]}


def _json_or_none(body: bytes) -> Any:
    try:
        return orjson.loads(body) if body else None
    except orjson.JSONDecodeError:
        return None


def _challenge(scope: Scope) -> dict[str, str]:
    return {"WWW-Authenticate": unauthorized_challenge(HTTPConnection(scope))}


def _lacks_mcp_scope(access: ToolAccess) -> bool:
    """An OAuth token that can read nothing is refused at the door (403 insufficient_scope,
    which MCP clients answer by asking for more); API keys keep per-tool scope errors."""
    return access.auth.credential_kind == "oauth" and not access.auth.scopes.intersection(
        MCP_SCOPES
    )


def _insufficient_scope(decoded: Any, scope: Scope) -> Response:
    message = f"This credential lacks the scope {' or '.join(MCP_SCOPES)}"
    challenge = insufficient_scope_challenge(HTTPConnection(scope), MCP_SCOPES)
    return _rpc_or_envelope(decoded, 403, FORBIDDEN_CODE, message, challenge)


def _unauthorized(decoded: Any, headers: dict[str, str]) -> Response:
    """A JSON-RPC error for JSON-RPC messages, the REST envelope for anything else."""
    return _rpc_or_envelope(
        decoded, 401, UNAUTHORIZED_CODE, UNAUTHORIZED, headers["WWW-Authenticate"]
    )


def _rpc_or_envelope(
    decoded: Any, status: int, code: int, message: str, challenge: str
) -> Response:
    headers = {"WWW-Authenticate": challenge}
    if isinstance(decoded, dict) and "jsonrpc" in decoded:
        error = {"code": code, "message": message}
        body = {"jsonrpc": "2.0", "id": decoded.get("id"), "error": error}
        return JSONResponse(body, status_code=status, headers=headers)
    return error_envelope(status, message, headers)


def _refused(decoded: Any, exc: AppError) -> Response:
    """Over the rate limit (or the limiter down): a JSON-RPC error for JSON-RPC messages, a tool
    error for the simple form's tool call, the REST envelope otherwise; Retry-After on all."""
    headers = exc.headers or {}
    if isinstance(decoded, list) or (isinstance(decoded, dict) and "jsonrpc" in decoded):
        request_id = decoded.get("id") if isinstance(decoded, dict) else None
        code = RATE_LIMITED_CODE if exc.status_code == 429 else UNAVAILABLE_CODE
        error = {
            "code": code,
            "message": exc.message,
            "data": {"retryAfter": headers.get("Retry-After")},
        }
        body = {"jsonrpc": "2.0", "id": request_id, "error": error}
        return JSONResponse(body, status_code=exc.status_code, headers=headers)
    if isinstance(decoded, dict) and "name" in decoded:
        result = tool_error(exc.message).model_dump(mode="json", by_alias=True, exclude_none=True)
        return JSONResponse(result, status_code=exc.status_code, headers=headers)
    return error_envelope(exc.status_code, exc.message, headers)


def build_mcp_endpoint(settings: Settings) -> McpEndpoint:
    return McpEndpoint(build_mcp_server(), origin_policy(settings))
