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


def envelope(
    data: Any, *, status_code: int = 200, headers: Mapping[str, str] | None = None
) -> Response:
    return Response(
        envelope_body(data, status_code=status_code),
        status_code=status_code,
        media_type=JSON_MEDIA_TYPE,
        headers=headers,
    )


def error_envelope(
    status_code: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    return Response(
        envelope_body(None, status_code=status_code, error=message),
        status_code=status_code,
        media_type=JSON_MEDIA_TYPE,
        headers=headers,
    )
