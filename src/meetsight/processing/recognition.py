"""Recognition of a stored recording, run in a media child process (`media.child`, reached
through `media_steps.in_media_process`): decode, recognize, tell the speakers apart.

It lives here, above `speech` and `speakers`, so that the media package, which runs it in its
child, imports neither; the child imports this module when it unpickles the request.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from meetsight.config import Settings
from meetsight.media.decode import decode


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
