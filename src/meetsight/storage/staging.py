"""Uploads stream into a temporary file in this process's staging folder; `commit` then hands the
finished file to the store (a rename for the local folder, an upload for S3)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import BinaryIO, Protocol

from meetsight.errors import AppError, InsufficientStorage
from meetsight.storage.owners import MediaOwner


class Placer(Protocol):
    async def place(self, staged: Path, key: str) -> None:
        """Store the finished file `staged` under `key`; `staged` is gone afterwards."""
        ...


class StagingStore:
    """What both stores do alike: uploads and temporary files go into this process's own folder
    (`_owner`), and the subclass's `place` hands a finished upload to its storage."""

    _owner: MediaOwner

    async def place(self, staged: Path, key: str) -> None:
        raise NotImplementedError

    async def open_writer(self) -> StagedWriter:
        def _open() -> tuple[Path, BinaryIO]:
            path = self._owner.folder() / f"{uuid.uuid4().hex}.part"
            return path, path.open("wb")

        try:
            path, handle = await asyncio.to_thread(_open)
        except OSError as exc:
            raise storage_error(exc) from exc
        return StagedWriter(self, path, handle)

    @asynccontextmanager
    async def temp_file(self, suffix: str) -> AsyncIterator[Path]:
        folder = await asyncio.to_thread(self._owner.folder)
        path = folder / f"{uuid.uuid4().hex}{suffix}"
        try:
            yield path
        finally:
            await asyncio.to_thread(path.unlink, True)


class StagedWriter:
    """Receives an upload chunk by chunk; nothing is visible under a key until `store_as`."""

    def __init__(self, store: Placer, temp_path: Path, handle: BinaryIO) -> None:
        self._store = store
        self.temp_path = temp_path
        self._handle = handle
        self.size = 0
        self.head = b""  # the first bytes, for sniffing the format

    async def write(self, chunk: bytes) -> None:
        if len(self.head) < 64:
            self.head += chunk[: 64 - len(self.head)]
        self.size += len(chunk)
        try:
            await asyncio.to_thread(self._handle.write, chunk)
        except OSError as exc:
            raise storage_error(exc) from exc

    async def flush(self) -> None:
        """Make what was written readable at `temp_path` (to check the content before it is
        stored)."""
        try:
            await asyncio.to_thread(self._handle.flush)
        except OSError as exc:
            raise storage_error(exc) from exc

    async def store_as(self, key: str) -> None:
        try:
            await asyncio.to_thread(self._close)
        except OSError as exc:
            await self.abort()
            raise storage_error(exc) from exc
        try:
            await self._store.place(self.temp_path, key)
        except BaseException:
            await self.abort()
            raise

    def _close(self) -> None:
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()

    async def abort(self) -> None:
        def _drop() -> None:
            # After a failed write the buffer still holds bytes, and close() flushes them: on a
            # full disk that fails again. The file descriptor is closed all the same; the
            # error was already reported, so only the partial file's removal matters here.
            with contextlib.suppress(OSError):
                self._handle.close()
            self.temp_path.unlink(missing_ok=True)

        await asyncio.to_thread(_drop)


# Out of space: 507, the client may retry once an operator frees some. A file-size limit
# (RLIMIT_FSIZE, a filesystem's largest file) reads the same to the client.
_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
# Permissions or a read-only mount: a fault of the server's setup that no retry cures, so 500.
_UNWRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


def storage_error(exc: OSError) -> AppError:
    """The envelope for a failed media write: names the cause, never the server's paths."""
    if exc.errno in _FULL:
        return InsufficientStorage("The media store is full; the upload was not stored")
    if exc.errno in _UNWRITABLE:
        return AppError(
            f"The media folder is not writable by the server ({exc.strerror}); "
            "the upload was not stored",
            500,
        )
    return AppError(f"The media store could not be written ({exc.strerror})", 503)


def check_key(key: str) -> str:
    """A media key is relative and never climbs out of the store."""
    if not key or ".." in key.split("/") or key.startswith("/"):
        raise ValueError(f"bad media key {key!r}")
    return key
