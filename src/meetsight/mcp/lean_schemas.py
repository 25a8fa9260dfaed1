"""Tool schemas as advertised in tools/list, cut to what a client uses.

Pydantic's schemas carry a `title` for every property and, in output schemas, the whole nested
model of every result ($defs of activities, participants, sentences...): 36 KB of the 50 KB
tools/list, which an agent pays for in context on every connection. Models read a tool's
name, description and input schema; output schemas let a client check structured results.
So input schemas lose titles and string bounds (the server enforces them), and output schemas
keep only their top-level field names: a looser schema every result still conforms to (the
tools build results from the full models)."""

from __future__ import annotations

from typing import Any

from mcp_types import Tool as MCPTool

# String and list bounds the server enforces anyway (a bad value is a tool error naming it);
# a model never needs a date's regular expression to write YYYY-MM-DD.
UNADVERTISED = frozenset({"title", "pattern", "maxLength", "minLength", "maxItems"})


def without_titles(schema: Any) -> Any:
    """The schema without property titles and string bounds (a property named "title"
    stays: it is a dict), and an optional
    argument as its type alone: `anyOf [T, null]` with `default: null` says no more than an
    argument left out (which is what a client does with it)."""
    if isinstance(schema, dict):
        branches = schema.get("anyOf")
        if (
            isinstance(branches, list)
            and len(branches) == 2
            and {"type": "null"} in branches
            and schema.get("default", "absent") is None
        ):
            kept = next(b for b in branches if b != {"type": "null"})
            rest = {k: v for k, v in schema.items() if k not in ("anyOf", "default")}
            return without_titles({**kept, **rest})
        return {
            key: (without_titles(value) if key != "properties" else _properties(value))
            for key, value in schema.items()
            if not (key in UNADVERTISED and isinstance(value, str | int))
        }
    if isinstance(schema, list):
        return [without_titles(v) for v in schema]
    return schema


def _properties(props: dict[str, Any]) -> dict[str, Any]:
    return {name: without_titles(value) for name, value in props.items()}


def lean_output(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    """The answer's field names, each any value: what each holds is in the tool's description,
    which is what a model reads; a client can still see the shape it gets."""
    if not schema:
        return schema
    out: dict[str, Any] = {"type": "object"}
    props = schema.get("properties", {})
    if props:
        out["properties"] = {name: {} for name in props}
    return out


def lean_tool(tool: MCPTool) -> MCPTool:
    return tool.model_copy(
        update={
            "input_schema": without_titles(tool.input_schema),
            "output_schema": lean_output(tool.output_schema),
        }
    )
