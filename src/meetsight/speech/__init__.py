"""Speech building blocks: resolving the Whisper model, recognition.

The processing worker calls `make_transcriber(settings).transcribe(audio.samples, language,
vocabulary)` on audio decoded by `meetsight.media.decode` (which also probes uploads and makes
thumbnails). Every function blocks; call them from a worker thread.
"""

from meetsight.speech.errors import ModelError, TranscriptionError
from meetsight.speech.models import resolve_model
from meetsight.speech.recognize import (
    LocalWhisper,
    OpenAICompatible,
    RecognizedSegment,
    Transcriber,
    Transcription,
    Word,
    make_transcriber,
)

__all__ = [
    "LocalWhisper",
    "ModelError",
    "OpenAICompatible",
    "RecognizedSegment",
    "Transcriber",
    "Transcription",
    "TranscriptionError",
    "Word",
    "make_transcriber",
    "resolve_model",
]
