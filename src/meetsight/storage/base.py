"""What the app and the workers need from a media store; the local folder (storage/local.py) and
an S3-compatible bucket (storage/s3.py) both provide it.

Uploads stage in a local temporary file in either case: the upload checks decode the whole file
(media_check.py) before anything is stored under a key, and `commit` then moves it into place
(local) or streams it to the bucket (S3)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from meetsight.errors import AppError

READ_CHUNK = 256 * 1024  # bytes per chunk when a stored file is streamed to a client


class MediaStoreUnavailable(AppError):
    """The store did not answer (S3 down, a network fault): 503 to a client, a retry for a job."""

    status_code = 503
    transient = True  # the worker retries the job later, with this message


class MediaWriter(Protocol):
    """Receives an upload chunk by chunk into `temp_path`; nothing is stored under a key
    until `store_as`."""

    temp_path: Path
    size: int
    head: bytes  # the first bytes, for sniffing the format

    async def write(self, chunk: bytes) -> None: ...

    async def flush(self) -> None: ...

    async def store_as(self, key: str) -> None: ...

    async def abort(self) -> None: ...


@dataclass(frozen=True, slots=True)
class StoredRange:
    """An open read of bytes `start`..`end` (inclusive) of a stored file of `size` bytes."""

    size: int
    start: int
    end: int
    chunks: AsyncIterator[bytes]

    @property
    def length(self) -> int:
        return self.end - self.start + 1


class MediaStore(Protocol):
    async def open_writer(self) -> MediaWriter: ...

    async def put_file(self, key: str, source: Path) -> None:
        """Store a local file under `key` (it is moved or uploaded, then gone)."""
        ...

    async def put_bytes(self, key: str, data: bytes) -> None: ...

    async def size(self, key: str) -> int | None:
        """The stored file's size in bytes, or None when there is none."""
        ...

    async def exists(self, key: str) -> bool: ...

    async def read_range(self, key: str, start: int, end: int | None) -> StoredRange | None:
        """Open bytes `start`..`end` (inclusive; None: to the end) for streaming, or None when
        the key holds nothing. The caller has checked the range against `size`."""
        ...

    def local_copy(self, key: str) -> AbstractAsyncContextManager[Path]:
        """A local file with the stored bytes, for decoding: the file itself (local store) or a
        temporary download (S3), removed on exit."""
        ...

    def temp_file(self, suffix: str) -> AbstractAsyncContextManager[Path]:
        """A path in this process's staging folder (for a thumbnail made before `put_file`)."""
        ...

    async def delete_prefix(self, prefix: str) -> None:
        """Remove every file under a key prefix (an activity's media and thumbnail)."""
        ...

    async def list_activity_prefixes(self, *, older_than: float) -> list[tuple[str, str]]:
        """(organization id, activity id) of stored activities untouched for `older_than`
        seconds: the start-up sweep removes those without a row."""
        ...

    def clear_temp(self) -> int:
        """Remove partial uploads that dead processes left in the staging folder."""
        ...

    def others_writing(self) -> bool:
        """Whether another live process may be about to commit into this store."""
        ...
