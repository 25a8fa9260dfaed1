"""Media in a local folder: uploads stream into a temporary file, then move into place."""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from meetsight.storage.base import READ_CHUNK, StoredRange
from meetsight.storage.owners import MediaOwner
from meetsight.storage.staging import StagedWriter, StagingStore, check_key, storage_error

log = logging.getLogger("meetsight.media")

MediaWriter = StagedWriter  # the name older callers and tests import from here

__all__ = ["LocalMediaStore", "MediaWriter", "list_activity_folders", "storage_error"]


class LocalMediaStore(StagingStore):
    def __init__(self, root: Path) -> None:
        self.root = root
        self._owner = MediaOwner(root / "tmp")

    def path(self, key: str) -> Path:
        return self.root / check_key(key)

    async def place(self, staged: Path, key: str) -> None:
        target = self.path(key)

        def _move() -> None:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)

        try:
            await asyncio.to_thread(_move)
        except OSError as exc:
            raise storage_error(exc) from exc

    async def put_file(self, key: str, source: Path) -> None:
        await self.place(source, key)

    async def put_bytes(self, key: str, data: bytes) -> None:
        writer = await self.open_writer()
        await writer.write(data)
        await writer.store_as(key)

    async def size(self, key: str) -> int | None:
        def _stat() -> int | None:
            try:
                found = self.path(key).stat()
            except FileNotFoundError:
                return None
            return found.st_size if stat.S_ISREG(found.st_mode) else None

        return await asyncio.to_thread(_stat)

    async def exists(self, key: str) -> bool:
        return await asyncio.to_thread(self.path(key).is_file)

    async def read_range(self, key: str, start: int, end: int | None) -> StoredRange | None:
        path = self.path(key)
        try:
            handle = await asyncio.to_thread(path.open, "rb")
        except (FileNotFoundError, IsADirectoryError):
            return None
        size = os.fstat(handle.fileno()).st_size
        last = size - 1 if end is None else min(end, size - 1)

        async def chunks() -> AsyncIterator[bytes]:
            try:
                await asyncio.to_thread(handle.seek, start)
                left = last - start + 1
                while left > 0:
                    data = await asyncio.to_thread(handle.read, min(READ_CHUNK, left))
                    if not data:
                        break
                    left -= len(data)
                    yield data
            finally:
                handle.close()

        return StoredRange(size=size, start=start, end=last, chunks=chunks())

    @asynccontextmanager
    async def local_copy(self, key: str) -> AsyncIterator[Path]:
        yield self.path(key)  # already local: decoders read it in place

    async def delete_prefix(self, prefix: str) -> None:
        """Remove every file under a key prefix (an activity's media and thumbnail)."""
        folder = self.path(prefix)

        def _remove() -> None:
            if folder.is_dir():
                for child in sorted(folder.rglob("*"), reverse=True):
                    child.unlink() if child.is_file() else child.rmdir()
                folder.rmdir()

        await asyncio.to_thread(_remove)

    async def list_activity_prefixes(self, *, older_than: float) -> list[tuple[str, str]]:
        return await asyncio.to_thread(list_activity_folders, self.root, older_than=older_than)

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
