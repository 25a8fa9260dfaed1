"""The child process of `media.process`: probes, thumbnails and recognition of untrusted media.

Run as `python -m meetsight.media.child`; it serves requests until its stdin closes.
Whatever a crafted file does to FFmpeg or Whisper here (a segfault, memory until the kernel's
OOM killer steps in) ends this process only.

A request names one of FUNCTIONS (probe, thumbnail), or is a module-level function itself,
pickled by reference and imported here: recognition is `processing.recognition.recognize`, so
that this package, below speech and speakers, imports neither.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from meetsight.media.decode import MediaInfo, probe, thumbnail
from meetsight.media.errors import ReportedError


def probe_file(path: str, scan: bool, max_seconds: float | None) -> MediaInfo:
    return probe(path, scan=scan, max_seconds=max_seconds)


def thumbnail_file(path: str, out_path: str) -> str:
    return str(thumbnail(path, out_path))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "probe": probe_file,
    "thumbnail": thumbnail_file,
}


def _die_with_parent() -> None:
    """Linux: the kernel kills this child when its parent dies, even mid-decode."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _answer(function: str | Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        run = FUNCTIONS[function] if isinstance(function, str) else function
        return "ok", run(*args)
    except ReportedError as exc:
        return "raised", exc
    except Exception as exc:  # reported to the parent, which logs it and retries the job
        return "error", f"{type(exc).__name__}: {exc}"


def main() -> None:
    from meetsight.media.process import _read_frame, _write_frame

    _die_with_parent()
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # stray prints from libraries go to stderr, not into the answers
    sys.stdout = sys.stderr
    requests = sys.stdin.buffer
    while True:
        try:
            function, args = _read_frame(requests)
        except EOFError:
            return
        _write_frame(answers, _answer(function, args))


if __name__ == "__main__":
    # Through the imported module, so that what it defines pickles as meetsight.media.child.*
    # and not as __main__.*, which the parent cannot load.
    from meetsight.media import child

    child.main()
