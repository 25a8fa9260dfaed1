"""Every route has a body size limit (1 MiB by default): a larger declared or chunked body is a
413 envelope before anything else; uploads keep their own, larger limit."""

from __future__ import annotations

from collections.abc import AsyncIterator

from fixtures.factories import make_tenant
from fixtures.limited_apps import MCP, OpenApp
from fixtures.multipart import multipart
from fixtures.shapes import check_error

MIB = 1024 * 1024
JSON = {"content-type": "application/json"}


def json_body(size: int) -> bytes:
    """A JSON object of exactly `size` bytes."""
    head, tail = b'{"question": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


async def chunks(body: bytes, size: int = 64 * 1024) -> AsyncIterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start : start + size]


async def test_json_over_a_mebibyte_is_413(open_app: OpenApp) -> None:
    async with open_app() as limited:
        tenant = await make_tenant(limited.state)
        headers = {**tenant.headers, **JSON}
        path = "/api/v1/meetings/some-id/chat"
        big = await limited.client.post(path, content=json_body(MIB + 1), headers=headers)
        check_error(big, 413, contains="Request body too large")
        # Checked first: no credential needed to be refused for size.
        check_error(await limited.client.post(path, content=json_body(MIB + 1), headers=JSON), 413)
        streamed = await limited.client.post(
            path, content=chunks(json_body(2 * MIB)), headers=headers
        )
        assert "content-length" not in streamed.request.headers
        check_error(streamed, 413)
        mcp = await limited.client.post(MCP, content=json_body(MIB + 1), headers=headers)
        check_error(mcp, 413)
        # At the limit the request goes on to the endpoint, which judges the question.
        at_limit = await limited.client.post(path, content=json_body(MIB), headers=headers)
        check_error(at_limit, 422, contains="question")
        small_chunked = await limited.client.post(
            path, content=chunks(json_body(1000)), headers=headers
        )
        check_error(small_chunked, 404)


async def test_the_limit_is_configurable(open_app: OpenApp) -> None:
    async with open_app(max_body_bytes=2048) as limited:
        answer = await limited.client.post(
            "/api/v1/meetings/x/chat", content=json_body(2049), headers=JSON
        )
        check_error(answer, 413)


async def test_uploads_keep_their_own_larger_limit(open_app: OpenApp) -> None:
    async with open_app(max_body_bytes=16 * 1024) as limited:
        tenant = await make_tenant(limited.state)
        cue = "1\n00:00:01,000 --> 00:00:03,000\nAlice: pricing for the pilot\n\n"
        transcript = (cue * (32 * 1024 // len(cue) + 1)).encode()
        assert len(transcript) > 32 * 1024  # twice the body limit
        body, headers = multipart(
            [("name", "Big transcript"), ("startDateTime", "2026-05-01T10:00:00Z")],
            [("transcript", "t.srt", transcript, "application/x-subrip")],
        )
        answer = await limited.client.post(
            "/api/v1/meetings/upload", content=body, headers={**tenant.headers, **headers}
        )
        assert answer.status_code == 201, answer.text[:300]
