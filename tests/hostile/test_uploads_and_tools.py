"""The bodies the request guard leaves to their own readers: the streamed uploads (multipart
names, file names and fields; a refused upload leaves nothing on disk and no row) and MCP tool
arguments (refused in MCP's own error shape). On SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest
import sqlalchemy as sa

from fixtures.multipart import multipart, wav_bytes
from fixtures.shapes import check_error
from hostile.conftest import API, Target
from meetsight.activities.models import Activity
from meetsight.state import AppState

FIELDS = [("name", "Hostile upload"), ("startDateTime", "2026-10-06T10:00:00Z")]
MCP = f"{API}/mcp"


def _files(root: Path) -> set[Path]:
    return {p for p in root.rglob("*") if p.is_file() and p.suffix != ".lock"}


async def _activity_names(state: AppState, org_id: str) -> list[str]:
    async with state.sessionmaker() as session:
        rows = await session.execute(
            sa.select(Activity.name).where(Activity.organization_id == org_id)
        )
        return sorted(rows.scalars())


def _raw_file_part(filename: bytes) -> tuple[bytes, dict[str, str]]:
    """A multipart body whose file part's name is these exact bytes."""
    boundary = b"hostileboundary"
    parts = [
        *(
            b'--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n'
            % (boundary, name.encode(), value.encode())
            for name, value in FIELDS
        ),
        b'--%s\r\nContent-Disposition: form-data; name="file"; filename="%s"\r\n'
        b"Content-Type: audio/wav\r\n\r\n%s\r\n" % (boundary, filename, wav_bytes()),
        b"--%s--\r\n" % boundary,
    ]
    headers = {"content-type": f"multipart/form-data; boundary={boundary.decode()}"}
    return b"".join(parts), headers


@pytest.mark.parametrize(
    ("filename", "status", "needle"),
    [
        (b"a\x00b.wav", 422, "file: the file name contains a NUL character"),
        (b"a\xffb.wav", 400, "file: the file name is not valid UTF-8"),
    ],
    ids=["nul", "not-utf8"],
)
@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_a_refused_file_name_leaves_nothing_on_disk(
    state: AppState, target: Target, kind: str, filename: bytes, status: int, needle: str
) -> None:
    before_files = _files(state.media.root)
    before_rows = await _activity_names(state, target.tenant.org_id)
    body, headers = _raw_file_part(filename)
    response = await target.browser.post(
        f"{API}/{kind}/upload", content=body, headers={**target.headers, **headers}
    )
    assert check_error(response, status) == needle
    assert _files(state.media.root) == before_files
    assert await _activity_names(state, target.tenant.org_id) == before_rows


@pytest.mark.parametrize(
    ("fields", "status", "needle"),
    [
        ([("description", "a\x00b")], 422, "description: contains a NUL character"),
        ([("personIds", "\x00")], 422, "personIds: contains a NUL character"),
        ([("fromNumber", "\x00")], 422, "fromNumber: contains a NUL character"),
        ([("na\x00me", "x")], 422, "a part name contains a NUL character"),
    ],
    ids=["description", "person-ids", "from-number", "part-name"],
)
async def test_upload_fields_refuse_nul(
    state: AppState, target: Target, fields: list[tuple[str, str]], status: int, needle: str
) -> None:
    before = _files(state.media.root)
    body, headers = multipart([*FIELDS, *fields], [("file", "ok.wav", wav_bytes(), "audio/wav")])
    response = await target.browser.post(
        f"{API}/calls/upload", content=body, headers={**target.headers, **headers}
    )
    assert check_error(response, status) == needle
    assert _files(state.media.root) == before


@pytest.mark.parametrize(
    "url",
    ["http://[::1:18081/x", "http://[bad", "http://]/", "http://foo.1/", "http://%31.0.0.1/"],
)
@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_a_malformed_media_url_is_a_422(target: Target, kind: str, url: str) -> None:
    body, headers = multipart([*FIELDS, ("mediaUrl", url)])
    response = await target.browser.post(
        f"{API}/{kind}/upload", content=body, headers={**target.headers, **headers}
    )
    assert check_error(response, 422).startswith("mediaUrl: "), response.text


# --- MCP tool arguments -----------------------------------------------------------------------


async def _tool(target: Target, name: str, arguments: Any = None, raw: bytes = b"") -> Any:
    """The simple form's answer to running `name`; `raw` sends those exact JSON bytes."""
    body = raw or orjson.dumps({"name": name, "arguments": arguments})
    headers = {**target.headers, "content-type": "application/json"}
    response = await target.browser.post(MCP, content=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


async def test_every_tool_argument_refuses_nul(target: Target) -> None:
    listed = await target.browser.get(MCP, headers={**target.headers, "accept": "application/json"})
    tools = listed.json()["tools"]
    walked = 0
    for tool in tools:
        schema = tool["inputSchema"]
        for name, prop in schema.get("properties", {}).items():
            kinds = [prop, *prop.get("anyOf", [])]
            is_list = any(k.get("type") == "array" for k in kinds)
            if not is_list and not any(k.get("type") == "string" for k in kinds):
                continue
            arguments = {key: "x" for key in schema.get("required", [])}
            arguments[name] = ["a\x00b"] if is_list else "a\x00b"
            result = await _tool(target, tool["name"], arguments)
            where = f"{name}.0" if is_list else name
            assert result["isError"] is True, (tool["name"], name)
            expected = f"Invalid argument {where}: contains a NUL character"
            assert result["content"][0]["text"] == expected, (tool["name"], result)
            walked += 1
    assert walked >= 30


@pytest.mark.parametrize("number", [b"1e400", b"-1e400", b"1" + b"0" * 400])
async def test_tool_arguments_refuse_impossible_numbers(target: Target, number: bytes) -> None:
    # Through JSON-RPC: the simple form's reader (orjson) refuses integers beyond 64 bits itself.
    rpc = (
        b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": '
        b'{"name": "list_meetings", "arguments": {"limit": %s}}}' % number
    )
    headers = {
        **target.headers,
        "content-type": "application/json",
        "accept": "application/json, text/event-stream",
    }
    response = await target.browser.post(MCP, content=rpc, headers=headers)
    assert "Invalid argument limit: is not a number any field accepts" in response.text


async def test_a_lone_surrogate_is_a_parse_error(target: Target) -> None:
    lone = b'{"name": "list_meetings", "arguments": {"keyword": "\\ud800"}}'
    headers = {**target.headers, "content-type": "application/json"}
    response = await target.browser.post(MCP, content=lone, headers=headers)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700


async def test_the_json_rpc_form_refuses_nul_too(target: Target) -> None:
    rpc = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "list_calls", "arguments": {"participants": ["a\x00b@x.com"]}},
    }
    headers = {**target.headers, "accept": "application/json, text/event-stream"}
    response = await target.browser.post(MCP, json=rpc, headers=headers)
    assert "Invalid argument participants.0: contains a NUL character" in response.text
