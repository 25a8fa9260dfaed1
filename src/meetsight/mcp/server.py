"""The MCP server object: the 11 tools, and errors answered with their message alone."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

import orjson
from mcp.server.context import ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import CallToolRequestParams, CallToolResult, InputRequiredResult
from mcp_types import Tool as MCPTool
from pydantic import ValidationError

from meetsight.mcp import tools_content, tools_listing, tools_search, tools_stats
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_error
from meetsight.security.input_text import value_problem

log = logging.getLogger("meetsight.mcp")

TOOL_NAMES = (
    "search_meetings",
    "list_meetings",
    "get_meeting_transcript",
    "get_meeting_summary",
    "get_meeting_details",
    "find_meetings_by_participant",
    "list_calls",
    "search_calls",
    "find_calls_by_participant",
    "get_meeting_action_items",
    "get_meetings_statistics",
)

INSTRUCTIONS = (
    "Meetings (video calls, in-person meetings) and phone calls recorded by this organization. "
    "Find them with list_*, find_*_by_participant and search_*; read one with "
    "get_meeting_details, get_meeting_transcript, get_meeting_summary or "
    "get_meeting_action_items, which take a meeting id or a call id alike. Dates are "
    "YYYY-MM-DD in UTC; times in transcripts are seconds from the start of the recording."
)


def validation_message(error: ValidationError) -> str:
    """The first problem, naming the argument as the caller spelled it."""
    first = error.errors()[0]
    argument = ".".join(str(part) for part in first["loc"]) or "arguments"
    # The only patterns in our schemas are dates; say so rather than quote a regex.
    detail = "expected YYYY-MM-DD" if first["type"] == "string_pattern_mismatch" else first["msg"]
    return f"Invalid argument {argument}: {detail}"


class MeetsightMCP(MCPServer[Any]):
    _tools: list[MCPTool] | None = None

    async def list_tools(self) -> list[MCPTool]:
        """Built once: the tools are fixed when the server is, and their schemas are large."""
        if self._tools is None:
            self._tools = await super().list_tools()
        return self._tools

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        """Our failures and bad arguments become error results carrying just the message
        (the SDK would prefix "Error executing tool ..."); crashes stay with the SDK, which
        logs them and answers without internals. Text and numbers that no tool accepts (NUL,
        lone surrogates, impossible numbers) are refused here, for every tool, by the rules
        the REST request guard applies (`security.input_text`)."""
        found = value_problem(arguments, root="arguments")
        if found is not None:
            return tool_error(f"Invalid argument {found[0]}: {found[1]}")
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ToolFailure):
                return tool_error(cause.message)
            if isinstance(cause, ValidationError):
                return tool_error(validation_message(cause))
            raise

    async def handle_tool_call(
        self, context: ServerRequestContext[Any, Any], params: CallToolRequestParams
    ) -> bytes:
        """tools/call through the SDK's own handler (its logging, its error results), the
        result dumped as the SDK's JSON-RPC answer carries it for a handshake-era revision
        (whose results have no `resultType`: the SDK's per-revision sieve drops it)."""
        result = await self._handle_call_tool(context, params)
        dumped = result.model_dump(by_alias=True, mode="json", exclude_none=True)
        dumped.pop("resultType", None)
        return orjson.dumps(dumped)


@contextlib.contextmanager
def root_logging_untouched() -> Iterator[None]:
    """MCPServer() calls logging.basicConfig (INFO, a stderr handler) for stand-alone servers;
    inside meetsight that would turn on every library's INFO logs, so undo it."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        yield
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


def build_mcp_server() -> MeetsightMCP:
    with root_logging_untouched():
        server = MeetsightMCP(
            name="meetsight",
            title="meetsight meetings and calls",
            instructions=INSTRUCTIONS,
            version="1.0",
        )
    for family in (tools_search, tools_listing, tools_content, tools_stats):
        family.register(server)
    return server
