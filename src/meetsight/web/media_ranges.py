"""Recordings for the player, with HTTP Range (RFC 9110 §14): the browser seeks by asking for
`Range: bytes=START-END` and gets 206 with that slice, streamed from the local media folder.

Kept apart from the pages on purpose: the storage interface ("s3" branch, storage/base.py)
offers `size(key)` and `read_range(key, start, end)` with the same meaning as `_local_size` and
`_local_chunks` here; at merge `serve_media` reads through that interface instead.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

from anyio import to_thread
from starlette.responses import Response, StreamingResponse

from meetsight.errors import AppError, NotFound

CHUNK = 256 * 1024
_RANGE = re.compile(r"bytes=(\d*)-(\d*)")


class RangeNotSatisfiable(AppError):
    status_code = 416

    def __init__(self, size: int) -> None:
        super().__init__(f"Range: outside the recording's {size} bytes")
        self.headers = {"Content-Range": f"bytes */{size}"}


def wanted_range(header: str | None, size: int) -> tuple[int, int] | None:
    """(first, last) byte, inclusive; None for the whole file. A header that is not one
    `bytes=` range is ignored (RFC 9110 lets a server answer 200 then); one that cannot be
    satisfied (starts at or past the end, `bytes=-0`, last before first) is 416."""
    if not header:
        return None
    found = _RANGE.fullmatch(header.strip())
    if found is None or found.group(0) == "bytes=-":
        return None
    first, last = found.groups()
    if not first:  # bytes=-N: the last N bytes
        count = int(last)
        if count == 0:
            raise RangeNotSatisfiable(size)
        return max(0, size - count), size - 1
    start = int(first)
    if start >= size or (last and int(last) < start):
        raise RangeNotSatisfiable(size)
    return start, min(int(last), size - 1) if last else size - 1


def _local_size(path: Path) -> int | None:
    try:
        return path.stat().st_size if path.is_file() else None
    except OSError:
        return None


async def _local_chunks(path: Path, start: int, end: int) -> AsyncIterator[bytes]:
    handle = await to_thread.run_sync(path.open, "rb")
    try:
        await to_thread.run_sync(handle.seek, start)
        left = end - start + 1
        while left > 0:
            chunk = await to_thread.run_sync(handle.read, min(CHUNK, left))
            if not chunk:
                break
            left -= len(chunk)
            yield chunk
    finally:
        await to_thread.run_sync(handle.close)


async def serve_media(path: Path, content_type: str, range_header: str | None) -> Response:
    """200 with the whole recording or 206 with the asked slice; 404 when the file is gone."""
    size = await to_thread.run_sync(_local_size, path)
    if size is None:
        raise NotFound("This conversation has no recording")
    headers = {"Accept-Ranges": "bytes", "Cache-Control": "private, max-age=3600"}
    if size == 0:
        return Response(b"", media_type=content_type, headers=headers)
    wanted = wanted_range(range_header, size)
    start, end = wanted if wanted is not None else (0, size - 1)
    headers["Content-Length"] = str(end - start + 1)
    status = 200
    if wanted is not None:
        status = 206
        headers["Content-Range"] = f"bytes {start}-{end}/{size}"
    return StreamingResponse(
        _local_chunks(path, start, end),
        status_code=status,
        media_type=content_type,
        headers=headers,
    )
