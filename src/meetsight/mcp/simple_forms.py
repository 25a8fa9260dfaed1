"""The spec's simple POST form: {"name": ..., "arguments": {...}} without "jsonrpc" runs one tool
and answers the MCP result itself.

It runs the server's own tools/call handler (MeetsightMCP's, on top of the SDK's: the same
argument validation, output conversion and error results as a JSON-RPC tools/call) directly,
without the SDK's stateless Streamable HTTP round: that round (a session, memory streams and
several task hand-offs per request, then a re-validation of the result against the protocol
revision's schema) cost about 8 ms of CPU of a 12 ms call, and under load each hand-off waits
behind every ready connection. The answer is what a JSON-RPC tools/call without a protocol
version header answers as its result; tests/mcp/test_simple_forms.py holds the two equal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import DEFAULT_NEGOTIATED_VERSION, CallToolRequestParams
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope

from meetsight.mcp.server import MeetsightMCP
from meetsight.responses import error_envelope


@dataclass(frozen=True, slots=True)
class SimpleCall:
    name: str
    arguments: dict[str, Any]


def parse_simple_call(decoded: Any) -> SimpleCall | Response | None:
    """A SimpleCall, a 400 for a malformed one, or None for JSON-RPC (left to the SDK)."""
    if not isinstance(decoded, dict) or "jsonrpc" in decoded:
        return None
    name = decoded.get("name")
    if not isinstance(name, str) or not name:
        return error_envelope(400, 'name: give the tool to run, e.g. {"name": "list_meetings"}')
    arguments = decoded.get("arguments")
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return error_envelope(400, "arguments: must be an object of named arguments")
    return SimpleCall(name=name, arguments=arguments)


async def run_simple_call(
    server: MeetsightMCP, scope: Scope, receive: Receive, call: SimpleCall
) -> Response:
    """The tool's result as the answer's body. The tools read only the HTTP request from the
    request context (meetsight.mcp.access), so it carries no SDK session."""
    params = CallToolRequestParams(name=call.name, arguments=call.arguments)
    context: ServerRequestContext[Any, Request] = ServerRequestContext(
        session=None,  # type: ignore[arg-type]  # no tool talks back to the client
        lifespan_context={},
        protocol_version=DEFAULT_NEGOTIATED_VERSION,
        method="tools/call",
        params={"name": call.name, "arguments": call.arguments},
        request_id=1,
        request=Request(scope, receive),
    )
    try:
        result = await server.handle_tool_call(context, params)
    except MCPError as exc:  # a protocol-level refusal: the same envelope the SDK round gave
        return error_envelope(400, exc.error.message or "The call failed")
    return Response(result, media_type="application/json")
