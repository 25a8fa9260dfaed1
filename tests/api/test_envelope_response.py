"""The envelope's Response: the status, headers and body starlette's Response makes for it."""

from __future__ import annotations

import pytest
from starlette.responses import Response

from meetsight.responses import JSON_MEDIA_TYPE, EnvelopeResponse, envelope_body

HEADERS: list[dict[str, str] | None] = [
    None,
    {},
    {"X-Total-Count": "42"},
    {"WWW-Authenticate": 'Bearer realm="x"', "Retry-After": "5", "RateLimit-Limit": "35"},
    {"Content-Type": "application/problem+json"},  # names its own: Response's way
    {"content-length": "3"},
]


@pytest.mark.parametrize("headers", HEADERS)
@pytest.mark.parametrize("status", [200, 201, 401, 404, 429, 500, 204, 304, 101])
def test_same_answer_as_starlette_response(headers: dict[str, str] | None, status: int) -> None:
    body = envelope_body([{"id": "é"}], status_code=status)
    ours = EnvelopeResponse(body, status, headers)
    theirs = Response(body, status, headers, JSON_MEDIA_TYPE)
    assert (ours.status_code, ours.raw_headers, ours.body) == (
        theirs.status_code,
        theirs.raw_headers,
        theirs.body,
    )
    assert ours.background is None and ours.media_type == JSON_MEDIA_TYPE
    assert ours.headers.get("content-type") == theirs.headers.get("content-type")
