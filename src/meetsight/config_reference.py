"""Every setting of the Settings class with its environment variable, default and meaning:
`meetsight config` prints it, and docs/configuration.md is generated from it."""

from __future__ import annotations

import json
import types
import typing
from dataclasses import asdict, dataclass
from typing import Any

from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from meetsight.config import Settings

DOC_HEADER = """# Configuration reference

Generated from `meetsight.config.Settings` by `meetsight config --markdown`; do not edit by
hand (tests/cli/test_config_reference.py fails when this file is out of date). Every setting is
read from the environment variable shown; list settings take JSON (`'["a","b"]'`), booleans
`true`/`false`. docs/operations.md says which to set for which deployment.

| Setting | Environment variable | Type | Default | Meaning |
|---|---|---|---|---|
"""


@dataclass(frozen=True, slots=True)
class SettingDoc:
    name: str
    env: str
    type: str
    default: Any
    description: str


def type_name(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " \\| ".join(str(a) for a in typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        return " \\| ".join(type_name(a) for a in typing.get_args(annotation))
    if origin is list:
        return f"list[{type_name(typing.get_args(annotation)[0])}]"
    if annotation is type(None):
        return "None"
    return getattr(annotation, "__name__", str(annotation))


def _default(field: FieldInfo) -> Any:
    extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
    if "doc_default" in extra:
        return extra["doc_default"]  # computed on the machine it runs on
    if field.default_factory is not None:
        return field.default_factory()  # type: ignore[call-arg]
    if field.default is PydanticUndefined:
        return None
    return field.default


def setting_docs() -> list[SettingDoc]:
    prefix = str(Settings.model_config.get("env_prefix", ""))
    return [
        SettingDoc(
            name=name,
            env=(prefix + name).upper(),
            type=type_name(field.annotation),
            default=_jsonable(_default(field)),
            description=field.description or "",
        )
        for name, field in Settings.model_fields.items()
    ]


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str | list | dict):
        return value
    return str(value)


def render_text(docs: list[SettingDoc]) -> str:
    lines = []
    for d in docs:
        lines.append(f"{d.name}  ({d.env}, {d.type.replace(chr(92), '')})")
        lines.append(f"    default: {json.dumps(d.default)}")
        lines.append(f"    {d.description}")
    return "\n".join(lines)


def render_json(docs: list[SettingDoc]) -> str:
    return json.dumps({"settings": [asdict(d) for d in docs]})


def render_markdown(docs: list[SettingDoc]) -> str:
    rows = [
        f"| `{d.name}` | `{d.env}` | {d.type} | `{json.dumps(d.default)}` | "
        f"{d.description.replace('|', chr(92) + '|')} |"
        for d in docs
    ]
    return DOC_HEADER + "\n".join(rows) + "\n"
