"""Tool schemas as advertised in tools/list, cut to what a client uses.

Pydantic's schemas carry a `title` for every property and, in output schemas, the whole nested
model of every result ($defs of activities, participants, sentences...): 36 KB of the 50 KB
tools/list, which an agent pays for in context on every connection. Models read a tool's
name, description and input schema; output schemas let a client check structured results.
So input schemas lose only the titles, and output schemas keep their top level (each field's
type) with nested objects as plain `object`: a looser schema every result
still conforms to (the tools validate against the full models when they build results)."""

from __future__ import annotations

from typing import Any

from mcp_types import Tool as MCPTool


def without_titles(schema: Any) -> Any:
    """The schema without property titles (a property named "title" stays), and an optional
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
            if not (key == "title" and isinstance(value, str))
        }
    if isinstance(schema, list):
        return [without_titles(v) for v in schema]
    return schema


def _properties(props: dict[str, Any]) -> dict[str, Any]:
    return {name: without_titles(value) for name, value in props.items()}


def _shallow(prop: dict[str, Any]) -> dict[str, Any]:
    """One top-level property: its type, nested models as `object`. What the fields mean is
    in the tool's description, which is what a model reads."""
    out: dict[str, Any] = {}
    if "$ref" in prop:
        out["type"] = "object"
    elif "anyOf" in prop:
        kinds = [_shallow(branch).get("type", "object") for branch in prop["anyOf"]]
        out["type"] = sorted(set(kinds)) if len(set(kinds)) > 1 else kinds[0]
    elif prop.get("type") == "array":
        items = prop.get("items", {})
        out["type"] = "array"
        if items:
            out["items"] = {"type": _shallow(items).get("type", "object")}
    elif "type" in prop:
        out["type"] = prop["type"]
        if "enum" in prop:
            out["enum"] = prop["enum"]
    return out


def lean_output(schema: dict[str, Any] | None) -> dict[str, Any] | None:
    if not schema:
        return schema
    out: dict[str, Any] = {"type": "object"}
    props = schema.get("properties", {})
    if props:
        out["properties"] = {name: _shallow(prop) for name, prop in props.items()}
    if schema.get("required"):
        out["required"] = schema["required"]
    return out


def lean_tool(tool: MCPTool) -> MCPTool:
    return tool.model_copy(
        update={
            "input_schema": without_titles(tool.input_schema),
            "output_schema": lean_output(tool.output_schema),
        }
    )
