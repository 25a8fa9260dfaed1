"""A tool written once for meetings and calls, built per kind (list_meetings and list_calls,
search_meetings and search_calls...).

The SDK builds a tool's input schema from its function's signature (names, annotations,
defaults, in order) and its output schema from the return annotation. A meeting tool and its call
twin differ only there: calls take a direction and phone numbers, and the result lists `meetings`
or `calls`. So the body is written once, `run(ctx, kind, **arguments)`, and `kind_tool` gives each
kind a function whose signature lists that kind's arguments (docs/architecture.md, "Meetings and
calls")."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import BaseModel

from meetsight.activities.kinds import ActivityKind

REQUIRED: Any = inspect.Parameter.empty

Run = Callable[..., Awaitable[CallToolResult]]


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a tool: its name as the caller spells it, its annotated type (type,
    bounds and the description that lands in the schema) and its default (REQUIRED: none)."""

    name: str
    annotation: Any
    default: Any = REQUIRED


def kind_tool(
    name: str,
    kind: ActivityKind,
    arguments: Sequence[Arg],
    result: type[BaseModel],
    run: Run,
) -> Run:
    """A tool function named `name` taking `ctx` and `arguments` and declaring `result` as its
    structured output; calling it calls run(ctx, kind, **arguments)."""

    async def tool(ctx: Context[Any, Any], **values: Any) -> CallToolResult:
        return await run(ctx, kind, **values)

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    parameters = [inspect.Parameter("ctx", keyword, annotation=Context[Any, Any])]
    parameters += [
        inspect.Parameter(arg.name, keyword, annotation=arg.annotation, default=arg.default)
        for arg in arguments
    ]
    returns = Annotated[CallToolResult, result]
    tool.__signature__ = inspect.Signature(parameters, return_annotation=returns)  # type: ignore[attr-defined]
    # What the SDK reads to find the Context parameter (typing.get_type_hints).
    tool.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": returns}
    tool.__name__ = tool.__qualname__ = name
    return tool
