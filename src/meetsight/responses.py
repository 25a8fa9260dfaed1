"""The response envelope {statusCode, count, error, data}, rendered with orjson."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson
from starlette.responses import Response

JSON_MEDIA_TYPE = "application/json"
# Serializers format times with timefmt.iso_z; a datetime that reaches orjson still leaves as
# UTC with Z.
ORJSON_OPTIONS = orjson.OPT_UTC_Z | orjson.OPT_NAIVE_UTC


def envelope_body(data: Any, *, status_code: int = 200, error: str | None = None) -> bytes:
    if data is None:
        count = 0
    elif isinstance(data, list):
        count = len(data)
    else:
        count = 1
    body = {"statusCode": status_code, "count": count, "error": error, "data": data}
    return orjson.dumps(body, option=ORJSON_OPTIONS)


_CONTENT_TYPE = (b"content-type", JSON_MEDIA_TYPE.encode("latin-1"))
_OWN_HEADERS = frozenset({"content-length", "content-type"})


class EnvelopeResponse(Response):
    """`Response(body, status_code, headers, media_type=JSON_MEDIA_TYPE)` for a rendered
    envelope, its raw headers made directly: the given ones, then content-length and
    content-type, as Response's `render` and `init_headers` make them for a bytes body (what
    those generic steps checked cost more than the list itself, on every answer). Headers that
    name either of the two, or a status without a body, take Response's own way."""

    media_type = JSON_MEDIA_TYPE

    def __init__(
        self, body: bytes, status_code: int = 200, headers: Mapping[str, str] | None = None
    ) -> None:
        if (
            status_code < 200
            or status_code in (204, 304)
            or (headers and not _OWN_HEADERS.isdisjoint(k.lower() for k in headers))
        ):
            super().__init__(body, status_code, headers, JSON_MEDIA_TYPE)
            return
        self.status_code = status_code
        self.background = None
        self.body = body
        raw = (
            [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
            if headers
            else []
        )
        raw.append((b"content-length", str(len(body)).encode("latin-1")))
        raw.append(_CONTENT_TYPE)
        self.raw_headers = raw


def envelope(
    data: Any, *, status_code: int = 200, headers: Mapping[str, str] | None = None
) -> Response:
    return EnvelopeResponse(envelope_body(data, status_code=status_code), status_code, headers)


def error_envelope(
    status_code: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    return EnvelopeResponse(
        envelope_body(None, status_code=status_code, error=message), status_code, headers
    )
