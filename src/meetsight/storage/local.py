"""Media in a local folder: uploads stream into a temporary file, then move into place."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import time
import uuid
from pathlib import Path
from typing import BinaryIO

from meetsight.errors import AppError, InsufficientStorage
from meetsight.storage.owners import MediaOwner

log = logging.getLogger("meetsight.media")


class MediaWriter:
    """Receives an upload chunk by chunk; nothing is visible under a key until `commit`."""

    def __init__(self, store: LocalMediaStore, temp_path: Path, handle: BinaryIO) -> None:
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
        """Make what was written readable at `temp_path` (to check the content before commit)."""
        try:
            await asyncio.to_thread(self._handle.flush)
        except OSError as exc:
            raise storage_error(exc) from exc

    async def commit(self, key: str) -> None:
        target = self._store.path(key)
        try:
            await asyncio.to_thread(self._finish, target)
        except OSError as exc:
            await self.abort()
            raise storage_error(exc) from exc

    def _finish(self, target: Path) -> None:
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(self.temp_path, target)

    async def abort(self) -> None:
        def _drop() -> None:
            # After a failed write the buffer still holds bytes, and close() flushes them: on a
            # full disk that fails again. The file descriptor is closed all the same; the
            # error was already reported, so only the partial file's removal matters here.
            with contextlib.suppress(OSError):
                self._handle.close()
            self.temp_path.unlink(missing_ok=True)

        await asyncio.to_thread(_drop)


class LocalMediaStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self._owner = MediaOwner(root / "tmp")

    def path(self, key: str) -> Path:
        if ".." in key.split("/") or key.startswith("/"):
            raise ValueError(f"bad media key {key!r}")
        return self.root / key

    async def open_writer(self) -> MediaWriter:
        def _open() -> tuple[Path, BinaryIO]:
            path = self._owner.folder() / f"{uuid.uuid4().hex}.part"
            return path, path.open("wb")

        try:
            path, handle = await asyncio.to_thread(_open)
        except OSError as exc:
            raise storage_error(exc) from exc
        return MediaWriter(self, path, handle)

    async def put_bytes(self, key: str, data: bytes) -> None:
        writer = await self.open_writer()
        await writer.write(data)
        await writer.commit(key)

    async def delete_prefix(self, prefix: str) -> None:
        """Remove every file under a key prefix (an activity's media and thumbnail)."""
        folder = self.path(prefix)

        def _remove() -> None:
            if folder.is_dir():
                for child in sorted(folder.rglob("*"), reverse=True):
                    child.unlink() if child.is_file() else child.rmdir()
                folder.rmdir()

        await asyncio.to_thread(_remove)

    async def exists(self, key: str) -> bool:
        return await asyncio.to_thread(self.path(key).is_file)

    def clear_temp(self) -> int:
        """Drop partial uploads left by processes that died mid-upload (not those of live ones);
        run at start. An unwritable folder is logged, not fatal: reads still work."""
        temp_dir = self.root / "tmp"
        removed = 0
        try:
            if temp_dir.is_dir():
                for part in temp_dir.glob("*.part"):  # from versions before owner folders
                    part.unlink(missing_ok=True)
                    removed += 1
            removed += self._owner.remove_dead()
        except OSError as exc:
            log.warning("could not clear partial uploads in %s: %s", temp_dir, exc)
        return removed

    def others_writing(self) -> bool:
        """Whether another live process writes into this folder (it may be mid-commit)."""
        return self._owner.others_alive()


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


def list_activity_folders(root: Path, *, older_than: float = 0.0) -> list[tuple[str, str]]:
    """(organization id, activity id) of media folders untouched for `older_than` seconds."""
    found: list[tuple[str, str]] = []
    if not root.is_dir():
        return found
    cutoff = time.time() - older_than
    for org_dir in root.iterdir():
        if org_dir.is_dir() and org_dir.name != "tmp":
            found.extend(
                (org_dir.name, a.name)
                for a in org_dir.iterdir()
                if a.is_dir() and a.stat().st_mtime <= cutoff
            )
    return found
