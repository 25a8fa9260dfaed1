"""The MCP server object: the 11 tools, errors answered with their message alone, and the
protocol's refusals (unknown prompt, a cursor we never issued) as invalid params."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator, Mapping
from typing import Any

import orjson
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import (
    INVALID_PARAMS,
    CallToolRequestParams,
    CallToolResult,
    GetPromptResult,
    InputRequiredResult,
)
from mcp_types import Tool as MCPTool
from pydantic import ValidationError

from meetsight.mcp import (
    prompts,
    resources,
    tools_accounts,
    tools_ask,
    tools_content,
    tools_listing,
    tools_search,
    tools_stats,
    tools_trackers,
    tools_trends,
)
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.lean_schemas import lean_tool
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
# Ours, beside the spec's 11: across conversations (docs/mcp.md, "Across conversations").
EXTRA_TOOL_NAMES = (
    "list_accounts",
    "get_account",
    "get_team_trends",
    "find_mentions",
    "ask_across_conversations",
)

INSTRUCTIONS = (
    "Meetings (video calls, in-person meetings) and phone calls recorded by this organization. "
    "Find them with list_*, find_*_by_participant and search_*; read one with "
    "get_meeting_details, get_meeting_transcript, get_meeting_summary or "
    "get_meeting_action_items, which take a meeting id or a call id alike. Across "
    "conversations: ask_across_conversations answers a question from their moments with "
    "citations; list_accounts and get_account for deals; get_team_trends for reps' figures; "
    "find_mentions for a tracker such as competitors. Cite the `url` each moment carries. "
    "Dates are YYYY-MM-DD in UTC; times in transcripts are seconds from the start of the "
    "recording."
)


LIST_METHODS = frozenset(
    {"tools/list", "prompts/list", "resources/list", "resources/templates/list"}
)
ECHO_CHARS = 200  # of a caller's name in an error: enough to recognise it, never its megabytes


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
        """Built once: the tools are fixed when the server is; their schemas as advertised are
        cut to what clients use (`lean_schemas`)."""
        if self._tools is None:
            self._tools = [lean_tool(tool) for tool in await super().list_tools()]
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
        unknown = await self.unknown_argument(name, arguments)
        if unknown is not None:
            return tool_error(unknown)
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ToolFailure):
                return tool_error(cause.message)
            if isinstance(cause, ValidationError):
                return tool_error(validation_message(cause))
            raise

    async def unknown_argument(self, name: str, arguments: dict[str, Any]) -> str | None:
        """An argument the tool does not take is refused, naming the ones it does: ignored,
        a misspelt filter (`titleFilter` on list_meetings) would silently return everything."""
        tool = next((t for t in await self.list_tools() if t.name == name), None)
        if tool is None:
            return None  # the SDK answers "Unknown tool"
        known = list(tool.input_schema.get("properties", {}))
        extra = next((key for key in arguments if key not in known), None)
        if extra is None:
            return None
        takes = ", ".join(known) if known else "no arguments"
        return f"Unknown argument {extra[:ECHO_CHARS]}: {name} takes {takes}"

    async def get_prompt(
        self,
        name: str,
        arguments: dict[str, Any] | None = None,
        context: Context[Any, Any] | None = None,
    ) -> GetPromptResult | InputRequiredResult:
        """An unknown prompt is the caller's mistake: invalid params, as the spec names it.
        The SDK raises a bare ValueError, which the 2026-07-28 path answers -32603 "Internal
        server error" with a logged traceback, and the handshake path as error code 0."""
        if name not in {prompt.name for prompt in await self.list_prompts()}:
            message = f"Unknown prompt: {name[:ECHO_CHARS]}"
            raise MCPError(code=INVALID_PARAMS, message=message)
        return await super().get_prompt(name, arguments, context)

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


async def refuse_foreign_cursors(
    ctx: ServerRequestContext[Any, Any], call_next: CallNext
) -> HandlerResult:
    """Every list fits one page, so no answer carries a nextCursor and any cursor presented is
    not ours: invalid params, as the spec asks, rather than a silent first page."""
    cursor = ctx.params.get("cursor") if isinstance(ctx.params, Mapping) else None
    if ctx.method in LIST_METHODS and cursor is not None:
        raise MCPError(code=INVALID_PARAMS, message="Invalid cursor: every list fits one page")
    return await call_next(ctx)


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
            # Nothing here ever changes or is published (fixed tools, prompts and resource
            # templates; no list to update), so subscriptions/listen is not served: its
            # stream would stay silent and, open, held a SIGTERM for the whole grace period
            # (docs/mcp.md, Transport).
            subscriptions=False,
            middleware=[refuse_foreign_cursors],
        )
    for family in (
        tools_search,
        tools_listing,
        tools_content,
        tools_stats,
        tools_accounts,
        tools_trends,
        tools_trackers,
        tools_ask,
        resources,
        prompts,
    ):
        family.register(server)
    return server
