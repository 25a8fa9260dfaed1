"""Serving a stored file with HTTP Range support (RFC 9110 §14), the same for every media store:
players seek with `Range: bytes=START-END` and get 206 with that slice streamed from the store."""

from __future__ import annotations

import re

from starlette.responses import Response, StreamingResponse

from meetsight.errors import AppError, NotFound
from meetsight.storage.base import MediaStore

# Numbers of more than 20 digits (no file is that large; 5000 of them made int() raise) make the
# header malformed, hence ignored.
_RANGE = re.compile(r"bytes=(\d{0,20})-(\d{0,20})")


class RangeNotSatisfiable(AppError):
    status_code = 416

    def __init__(self, size: int) -> None:
        super().__init__(f"Range: outside the file's {size} bytes")
        self.headers = {"Content-Range": f"bytes */{size}"}


def parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """The (first, last) byte asked for, inclusive; None for the whole file. A header that is
    malformed or asks for several ranges is ignored (the whole file, as RFC 9110 allows); one
    that starts past the end, ends before it starts or is `bytes=-0` is 416."""
    if not header:
        return None
    found = _RANGE.fullmatch(header.strip())
    if found is None:
        return None
    first, last = found.groups()
    if not first and not last:
        return None
    if not first:  # bytes=-N: the last N bytes
        count = int(last)
        if count == 0:
            raise RangeNotSatisfiable(size)
        return max(0, size - count), size - 1
    start = int(first)
    if start >= size or (last and int(last) < start):
        raise RangeNotSatisfiable(size)
    return start, min(int(last), size - 1) if last else size - 1


async def stored_file_response(
    media: MediaStore,
    key: str,
    content_type: str,
    range_header: str | None,
    *,
    missing: str,
) -> Response:
    """200 with the whole file or 206 with the asked range, streamed; 404 `missing` when the
    store holds nothing under `key`, 503 when the store does not answer."""
    size = await media.size(key)
    if size is None:
        raise NotFound(missing)
    headers = {"Accept-Ranges": "bytes", "Cache-Control": "private"}
    if size == 0:
        return Response(b"", media_type=content_type, headers=headers)
    wanted = parse_range(range_header, size)
    start, end = wanted if wanted is not None else (0, size - 1)
    opened = await media.read_range(key, start, end)
    if opened is None:  # deleted between the two calls
        raise NotFound(missing)
    headers["Content-Length"] = str(opened.length)
    status = 200
    if wanted is not None:
        status = 206
        headers["Content-Range"] = f"bytes {opened.start}-{opened.end}/{opened.size}"
    return StreamingResponse(
        opened.chunks, status_code=status, media_type=content_type, headers=headers
    )
