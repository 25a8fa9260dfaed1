"""Write the served contracts to a folder, to compare a refactoring's before and after.

    PYTHONPATH=src python tools/contracts.py OUT   # on the commit before, then after
    diff -r BEFORE AFTER

OUT/openapi.json: the OpenAPI document as served (key order kept, so a reordered parameter
shows); OUT/tools.json: tools/list as sent (`mcp.lean_schemas`); OUT/tools_full.json: the tools
with the SDK's full input and output schemas (what arguments are validated against);
OUT/client.txt: the signatures of `client.meetings` and `client.calls`. Issue 21 asks for the
first two identical across the renovation, descriptions aside.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any


def client_signatures() -> str:
    from meetsight.client.activities import CallsAPI, MeetingsAPI

    lines = []
    for cls in (MeetingsAPI, CallsAPI):
        lines.append(f"class {cls.__name__}")
        for name in sorted(dir(cls)):
            value = getattr(cls, name)
            if name.startswith("__"):
                continue
            if callable(value) and not isinstance(value, type):
                lines.append(f"  {name}{inspect.signature(value)}")
            else:
                lines.append(f"  {name} = {value!r}")
    return "\n".join(lines) + "\n"


async def tools() -> tuple[list[Any], list[Any]]:
    from mcp.server.mcpserver import MCPServer

    from meetsight.mcp.server import build_mcp_server

    server = build_mcp_server()

    def dump(found: list[Any]) -> list[Any]:
        return [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in found]

    return dump(await server.list_tools()), dump(await MCPServer.list_tools(server))


def main(out: Path) -> None:
    os.environ.setdefault("MEETSIGHT_DATA_DIR", tempfile.mkdtemp())
    from meetsight.app import create_app

    out.mkdir(parents=True, exist_ok=True)
    (out / "openapi.json").write_text(json.dumps(create_app().openapi(), indent=1) + "\n")
    lean, full = asyncio.run(tools())
    (out / "tools.json").write_text(json.dumps(lean, indent=1) + "\n")
    (out / "tools_full.json").write_text(json.dumps(full, indent=1) + "\n")
    (out / "client.txt").write_text(client_signatures())


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
