"""Which processes write into a local media folder. Each writing process keeps its partial uploads
in `tmp/<owner>/` and holds an exclusive flock on `tmp/<owner>.lock` while it lives; the kernel
drops the lock when the process dies, SIGKILL included. A starting process can then tell the
leftovers of a dead process (removed at once) from the work of a live one (left alone), instead
of guessing with a delay."""

from __future__ import annotations

import fcntl
import os
import shutil
import threading
import time
import uuid
from pathlib import Path


class MediaOwner:
    """This process's claim on a folder of partial uploads under `temp_root`."""

    def __init__(self, temp_root: Path) -> None:
        self.temp_root = temp_root
        self._folder: Path | None = None
        self._lock_fd: int | None = None
        self._claiming = threading.Lock()  # the first uploads may arrive on two threads at once

    def folder(self) -> Path:
        """This process's temp folder, created on first use behind a lock already held."""
        with self._claiming:
            if self._folder is None:
                self._claim()
            assert self._folder is not None
            return self._folder

    def _claim(self) -> None:
        self.temp_root.mkdir(parents=True, exist_ok=True)
        name = uuid.uuid4().hex
        # Locked under a hidden name, then renamed (the lock follows the file): no other
        # process ever sees this owner's lock file unheld.
        hidden = self.temp_root / f".{name}.lock"
        fd = os.open(hidden, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.rename(hidden, self.temp_root / f"{name}.lock")
        folder = self.temp_root / name
        folder.mkdir()
        self._folder, self._lock_fd = folder, fd

    def release(self) -> None:
        """Give the claim up (the folder becomes a dead owner's, removed by the next start)."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._folder, self._lock_fd = None, None

    def others_alive(self) -> bool:
        """Whether another live process writes here (and may be about to commit an upload)."""
        return any(_is_held(lock) for lock in self._other_locks())

    def remove_dead(self) -> int:
        """Remove what owners that died left; returns the partial uploads among it."""
        removed = 0
        for lock in self._other_locks():
            if _is_held(lock) or _being_claimed(lock):
                continue
            folder = self.temp_root / lock.name.removeprefix(".").removesuffix(".lock")
            if folder.is_dir():
                removed += sum(1 for _ in folder.glob("*.part"))
                shutil.rmtree(folder, ignore_errors=True)
            lock.unlink(missing_ok=True)
        return removed

    def _other_locks(self) -> list[Path]:
        if not self.temp_root.is_dir():
            return []
        own = self._folder.name if self._folder else None
        return [
            lock
            for lock in self.temp_root.glob("*.lock")
            if lock.name.removeprefix(".").removesuffix(".lock") != own
        ]


def _being_claimed(lock: Path) -> bool:
    """A hidden lock file just created: its process may not have locked it yet."""
    try:
        return lock.name.startswith(".") and time.time() - lock.stat().st_mtime < 60
    except FileNotFoundError:
        return False


def _is_held(lock_path: Path) -> bool:
    try:
        fd = os.open(lock_path, os.O_RDONLY)  # flock needs no write access (read-only mounts)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # also releases the probe's lock, if it got one
    return False
