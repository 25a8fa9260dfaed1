"""Every route has a body size limit (1 MiB by default): a larger declared or chunked body is a
413 envelope before anything else; uploads keep their own, larger limit."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fixtures.factories import make_tenant
from fixtures.limited_apps import ADDRESS, MCP, LimitedApp, OpenApp, limited_settings
from fixtures.multipart import multipart, wav_bytes
from fixtures.shapes import check_error
from meetsight.app import create_app
from meetsight.security.body_limit import streamed_body_routes
from web.pages import WebUserInfo, add_user, form_token, sign_in

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


async def _signed_in_page_upload(limited: LimitedApp) -> tuple[str, WebUserInfo]:
    """A member signed in on the client; the upload page's CSRF token."""
    tenant = await make_tenant(limited.state)
    member = await add_user(limited.state, tenant.org_id, role="member")
    assert (await sign_in(limited.client, member.email)).status_code == 303
    return await form_token(limited.client, "/app/upload"), member


def _page_upload(recording: bytes) -> tuple[bytes, dict[str, str]]:
    return multipart(
        [("kind", "meeting"), ("name", "Page upload"), ("startDateTime", "2026-05-01T10:00:00Z")],
        [("file", "talk.wav", recording, "audio/wav")],
    )


async def test_the_upload_page_streams_past_the_body_limit(open_app: OpenApp) -> None:
    """The page's upload is as large as REST's: a recording over the JSON body limit goes
    through, and the page's own checks (session, CSRF, the upload size limit) still hold."""
    recording = wav_bytes(seconds=4.0)  # 64 KB: four times the body limit below
    async with open_app(max_body_bytes=16 * 1024, max_upload_bytes=256 * 1024) as limited:
        token, _ = await _signed_in_page_upload(limited)
        body, headers = _page_upload(recording)
        created = await limited.client.post(
            "/app/upload", content=body, headers={**headers, "x-csrf-token": token}
        )
        assert created.status_code == 201, created.text[:300]
        forged = await limited.client.post(
            "/app/upload", content=body, headers={**headers, "x-csrf-token": token[:-2] + "xx"}
        )
        assert forged.status_code == 403
        too_big, too_big_headers = _page_upload(wav_bytes(seconds=20.0))  # 320 KB
        refused = await limited.client.post(
            "/app/upload", content=too_big, headers={**too_big_headers, "x-csrf-token": token}
        )
        check_error(refused, 413, contains="limit")
        async with limited.client_at(ADDRESS) as stranger:
            anonymous = await stranger.post(
                "/app/upload", content=body, headers={**headers, "x-csrf-token": token}
            )
        check_error(anonymous, 401)


def test_only_declared_routes_stream_their_body() -> None:
    """The body limit knows the streaming routes from their own declaration: exactly the three
    uploads (REST meetings and calls, the web page), each reading with read_upload_form."""
    app = create_app(limited_settings(Path("/nonexistent"), max_body_bytes=2048))
    streamed = {
        (method, route.path)
        for route in streamed_body_routes(app.router.routes)
        for method in getattr(route, "methods", ())
    }
    assert streamed == {
        ("POST", "/api/v1/meetings/upload"),
        ("POST", "/api/v1/calls/upload"),
        ("POST", "/app/upload"),
    }


@pytest.mark.parametrize("method", ["TRACE", "PUT", "PATCH"])
async def test_a_method_an_upload_route_does_not_serve_is_405_whatever_the_body(
    open_app: OpenApp, method: str
) -> None:
    """The fuzzer's find: a multipart body on TRACE /meetings/upload was refused by the request
    guard (415) before the router could say the method is not served."""
    body, headers = multipart([("name", "x")], [])
    async with open_app() as limited:
        r = await limited.client.request(
            method, "/api/v1/meetings/upload", content=body, headers=headers
        )
    check_error(r, 405)
