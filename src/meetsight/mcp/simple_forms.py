"""The spec's simple POST form: {"name": ..., "arguments": {...}} without "jsonrpc" runs one tool
and answers the MCP result itself. It is run as a JSON-RPC tools/call through the same SDK path
as every other call, so tools, validation and errors behave identically."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.responses import Response
from starlette.types import Message, Receive, Scope

from meetsight.mcp.bodies import replay
from meetsight.responses import error_envelope

FORWARDED_HEADERS = {b"host", b"x-api-key", b"authorization", b"user-agent"}


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
    manager: StreamableHTTPSessionManager, scope: Scope, receive: Receive, call: SimpleCall
) -> Response:
    """`receive` is the outer request's, its body already read: after the inner body it reports
    what the client does next (a disconnect), as for any request."""
    message = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": call.name, "arguments": call.arguments},
    }
    body = orjson.dumps(message)
    headers = [(k, v) for k, v in scope["headers"] if k in FORWARDED_HEADERS]
    headers += [
        (b"content-type", b"application/json"),
        (b"accept", b"application/json, text/event-stream"),
        (b"content-length", str(len(body)).encode()),
    ]
    inner = {**scope, "headers": headers}
    status, chunks = 500, []

    async def send(event: Message) -> None:
        nonlocal status
        if event["type"] == "http.response.start":
            status = event["status"]
        elif event["type"] == "http.response.body":
            chunks.append(event.get("body", b""))

    await manager.handle_request(inner, replay(body, receive), send)
    return _answer(status, b"".join(chunks))


def _answer(status: int, raw: bytes) -> Response:
    try:
        reply = orjson.loads(raw)
    except orjson.JSONDecodeError:
        reply = None
    if isinstance(reply, dict) and isinstance(reply.get("result"), dict):
        return Response(orjson.dumps(reply["result"]), media_type="application/json")
    error = reply.get("error") if isinstance(reply, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    return error_envelope(status if status >= 400 else 400, message or "The call failed")
