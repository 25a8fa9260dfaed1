"""Speech building blocks: decoding recordings, resolving the Whisper model, recognition.

The processing worker calls, in order: `probe` (at upload, to refuse bad files), `decode`,
`make_transcriber(settings).transcribe(audio.samples, language, vocabulary)`, and `thumbnail`
for videos. Every function blocks; call them from a worker thread.
"""

from meetsight.speech.decode import DecodedAudio, MediaInfo, decode, probe, thumbnail
from meetsight.speech.errors import MediaError, ModelError, TranscriptionError
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
    "DecodedAudio",
    "LocalWhisper",
    "MediaError",
    "MediaInfo",
    "ModelError",
    "OpenAICompatible",
    "RecognizedSegment",
    "Transcriber",
    "Transcription",
    "TranscriptionError",
    "Word",
    "decode",
    "make_transcriber",
    "probe",
    "resolve_model",
    "thumbnail",
]
