"""The child process of `media_process`: probes, thumbnails and recognition of untrusted media.

Run as `python -m meetsight.speech.media_child`; it serves requests until its stdin closes.
Whatever a crafted file does to FFmpeg or Whisper here (a segfault, memory until the kernel's
OOM killer steps in) ends this process only.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meetsight.config import Settings
from meetsight.speech.decode import MediaInfo, decode, probe, thumbnail
from meetsight.speech.errors import MediaError, TranscriptionError


@dataclass(frozen=True, slots=True)
class Heard:
    """What recognition found, with the seconds each part took."""

    transcription: Any  # meetsight.speech.recognize.Transcription
    attribution: Any  # meetsight.speakers.Attribution
    seconds: dict[str, float]  # decode, asr, speakers
    audio_seconds: float


def recognize(
    settings: Settings,
    path: str,
    language: str | None,
    vocabulary: list[str],
    speakers_hint: int | None,
) -> Heard:
    """Decode (within the duration limit), recognize and attribute speakers."""
    from meetsight.speakers import attribute
    from meetsight.speech.recognize import make_transcriber

    t0 = time.perf_counter()
    audio = decode(path, max_seconds=settings.max_media_seconds)
    t1 = time.perf_counter()
    transcription = make_transcriber(settings).transcribe(audio.samples, language, vocabulary)
    t2 = time.perf_counter()
    attribution = attribute(audio, transcription, num_speakers_hint=speakers_hint)
    t3 = time.perf_counter()
    seconds = {"decode": t1 - t0, "asr": t2 - t1, "speakers": t3 - t2}
    return Heard(
        transcription,
        attribution,
        {k: round(v, 3) for k, v in seconds.items()},
        audio.duration,
    )


def probe_file(path: str, scan: bool, max_seconds: float | None) -> MediaInfo:
    return probe(path, scan=scan, max_seconds=max_seconds)


def thumbnail_file(path: str, out_path: str) -> str:
    return str(thumbnail(path, out_path))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "recognize": recognize,
    "probe": probe_file,
    "thumbnail": thumbnail_file,
}


def _die_with_parent() -> None:
    """Linux: the kernel kills this child when its parent dies, even mid-decode."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _answer(function: str, args: tuple[Any, ...]) -> tuple[str, Any]:
    try:
        return "ok", FUNCTIONS[function](*args)
    except MediaError as exc:
        return "media_error", (exc.code, exc.message)
    except TranscriptionError as exc:
        return "transcription_error", (exc.transient, exc.message)
    except Exception as exc:  # reported to the parent, which logs it and retries the job
        return "error", f"{type(exc).__name__}: {exc}"


def main() -> None:
    from meetsight.speech.media_process import _read_frame, _write_frame

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
    # Through the imported module, so answers pickle as meetsight.speech.media_child.Heard and
    # not as __main__.Heard, which the parent cannot load.
    from meetsight.speech import media_child

    media_child.main()
