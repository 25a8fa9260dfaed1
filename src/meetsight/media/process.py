"""Untrusted media is read in child processes, never in the process that answers HTTP or runs
the job queue.

A codec that segfaults on a crafted file, or a recording that drives memory until the kernel
kills something, then ends one child: the parent sees the pipe close, reports
`MediaProcessCrashed` for that call and starts a fresh child for the next one. Children are
long-lived (one per worker slot, plus a small pool for upload checks), so the speech models they
load stay loaded from one job to the next.

The protocol is pickled `(function name, args)` requests and `(kind, value)` answers framed by
a 4-byte length, over the child's stdin and a private copy of its stdout (its fd 1 goes to
stderr, so a library printing cannot corrupt the stream).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import pickle
import queue
import signal
import struct
import subprocess
import sys
import threading
import weakref
from collections.abc import Callable
from typing import IO, Any

from meetsight.media.errors import MediaProcessCrashed, MediaProcessFailed, ReportedError

_HEADER = struct.Struct("!I")
_LIVE: weakref.WeakSet[MediaProcess] = weakref.WeakSet()


def _write_frame(stream: IO[bytes], value: Any) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read_frame(stream: IO[bytes]) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError
    (size,) = _HEADER.unpack(header)
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def _describe_exit(code: int | None) -> str:
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        hint = " (out of memory?)" if -code == signal.SIGKILL else ""
        return f"was killed by {name}{hint}"
    return f"exited with status {code}"


class MediaProcess:
    """One child process, started on first use and again after it dies. Calls are serial."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        _LIVE.add(self)

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def _ensure(self) -> subprocess.Popen[bytes]:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", "meetsight.media.child"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                close_fds=True,
            )
        return self._proc

    def call(self, function: str | Callable[..., Any], *args: Any) -> Any:
        """Run `function` (a name of meetsight.media.child.FUNCTIONS, or a module-level
        function) in the child; blocking. Raises what the function raised (a ReportedError:
        MediaError, TranscriptionError) or MediaProcessCrashed."""
        with self._lock:
            proc = self._ensure()
            assert proc.stdin is not None and proc.stdout is not None
            try:
                _write_frame(proc.stdin, (function, args))
                kind, value = _read_frame(proc.stdout)
            except (EOFError, BrokenPipeError, OSError, pickle.UnpicklingError):
                self.kill()
                raise MediaProcessCrashed(
                    f"the media process {_describe_exit(proc.returncode)}"
                ) from None
        if kind == "ok":
            return value
        if kind == "raised" and isinstance(value, ReportedError):
            raise value
        raise MediaProcessFailed(f"media process: {value}")

    def kill(self) -> None:
        """End the child now (a cancelled call, shutdown); the next call starts another."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=10)
        for pipe in (proc.stdin, proc.stdout):
            with contextlib.suppress(OSError):
                if pipe is not None:
                    pipe.close()


class MediaProcessPool:
    """Up to `size` children shared by coroutines on any event loop: a call waits for an idle
    child. Cancelling a call kills its child, which is what stops FFmpeg or Whisper mid-file."""

    def __init__(self, size: int) -> None:
        self.members = [MediaProcess() for _ in range(max(1, size))]
        self._idle: queue.SimpleQueue[MediaProcess] = queue.SimpleQueue()
        for child in self.members:
            self._idle.put(child)

    async def call(self, function: str | Callable[..., Any], *args: Any) -> Any:
        taking = asyncio.ensure_future(asyncio.to_thread(self._idle.get))
        try:
            child = await asyncio.shield(taking)
        except asyncio.CancelledError:
            # The thread still takes a child when one frees up: hand it back, or the pool
            # would shrink by one for every call cancelled while waiting.
            taking.add_done_callback(lambda done: self._idle.put(done.result()))
            raise
        try:
            future = asyncio.ensure_future(asyncio.to_thread(child.call, function, *args))
            try:
                return await asyncio.shield(future)
            except asyncio.CancelledError:
                child.kill()
                with contextlib.suppress(BaseException):
                    await future
                raise
        finally:
            self._idle.put(child)

    def close(self) -> None:
        for child in self.members:
            child.kill()


_shared: dict[str, MediaProcessPool] = {}
_shared_lock = threading.Lock()


def _named_pool(name: str, size: int) -> MediaProcessPool:
    with _shared_lock:
        if name not in _shared:
            _shared[name] = MediaProcessPool(size)
        return _shared[name]


def upload_checks() -> MediaProcessPool:
    """The process's pool for checking received files (uploads, fetched media URLs): apart from
    the workers', so an upload's check never waits behind an hour of recognition."""
    return _named_pool("checks", 2)


def shared_pool() -> MediaProcessPool:
    """One child for job stages run outside a WorkerPool (tests, one-off runs)."""
    return _named_pool("jobs", 1)


@atexit.register
def _kill_children() -> None:
    for child in list(_LIVE):
        with contextlib.suppress(Exception):
            child.kill()
