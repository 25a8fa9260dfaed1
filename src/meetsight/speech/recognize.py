"""Speech recognition behind one interface: local faster-whisper, or an OpenAI-compatible
`/v1/audio/transcriptions` endpoint (OpenAI, speaches, vLLM, whisper.cpp server with --convert).

Both take 16 kHz mono float32 audio (`meetsight.media.decode`) and return a `Transcription` with
word timestamps. They block: the worker calls them from a thread.
"""

from __future__ import annotations

import json
import logging
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import httpx
import numpy as np

from meetsight.media.decode import SAMPLE_RATE
from meetsight.media.encode import write_audio
from meetsight.speech.errors import ModelError, RecognitionCancelled, TranscriptionError
from meetsight.speech.languages import to_iso, to_whisper
from meetsight.speech.models import resolve_model

if TYPE_CHECKING:
    from faster_whisper import WhisperModel

    from meetsight.config import Settings

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Word:
    start: float
    end: float
    text: str
    probability: float | None = None  # None where the backend does not say
    # Whether a space comes before the word in the text: not for the "-disposed" of
    # "ill-disposed", which the recognizer gives as a word of its own.
    spaced: bool = True


@dataclass(frozen=True, slots=True)
class RecognizedSegment:
    start: float
    end: float
    text: str
    words: list[Word] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Transcription:
    language: str  # ISO 639-1
    duration: float  # seconds of audio given
    segments: list[RecognizedSegment]

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.segments if s.text)

    @property
    def words(self) -> list[Word]:
        return [w for s in self.segments for w in s.words]


class Transcriber(Protocol):
    def transcribe(
        self,
        audio: np.ndarray,
        language: str | None = None,
        vocabulary: Sequence[str] = (),
        should_stop: Callable[[], bool] | None = None,
    ) -> Transcription:
        """Recognize 16 kHz mono float32 `audio`. `language` is ISO 639-1 (None: detect it);
        `vocabulary` lists names and terms to favour (an organization's custom vocabulary).
        `should_stop` is asked between segments; True raises RecognitionCancelled."""
        ...


def _check_language(language: str | None) -> str | None:
    if language is None or language == "":
        return None
    code = to_whisper(language)
    if code is None:
        raise TranscriptionError(False, f"unsupported language {language!r}")
    return code


def _vocabulary_text(vocabulary: Sequence[str]) -> str | None:
    terms = [t.strip() for t in vocabulary if t and t.strip()]
    return ", ".join(dict.fromkeys(terms)) or None


def _seconds(value: float) -> float:
    return round(float(value), 3)  # plain floats (not numpy's) for JSON and equality


# --- local faster-whisper ------------------------------------------------------------------

_load_lock = threading.Lock()


def resolve_device(device: str) -> str:
    if device != "auto":
        return device
    import ctranslate2

    return "cuda" if ctranslate2.get_cuda_device_count() > 0 else "cpu"


def resolve_compute_type(compute_type: str, device: str) -> str:
    if compute_type != "auto":
        return compute_type
    return "float16" if device == "cuda" else "int8"


@lru_cache(maxsize=2)
def _load_model(path: str, device: str, compute_type: str, threads: int) -> WhisperModel:
    from faster_whisper import WhisperModel

    return WhisperModel(
        path,
        device=device,
        compute_type=compute_type,
        cpu_threads=threads,
        local_files_only=True,  # never reach for the Hugging Face hub
    )


class LocalWhisper:
    """faster-whisper (CTranslate2). The model is loaded on first use and kept for the process:
    loading takes seconds, and every worker thread shares one copy."""

    def __init__(
        self,
        model_path: str | Path,
        device: Literal["auto", "cpu", "cuda"] | str = "auto",
        compute_type: str = "auto",
        threads: int = 0,
        beam_size: int = 5,
    ) -> None:
        self.model_path = str(model_path)
        self.device = resolve_device(device)
        self.compute_type = resolve_compute_type(compute_type, self.device)
        self.threads = threads
        self.beam_size = beam_size

    @property
    def model(self) -> WhisperModel:
        with _load_lock:  # two threads asking at once load it once
            try:
                return _load_model(self.model_path, self.device, self.compute_type, self.threads)
            except (RuntimeError, ValueError, OSError) as exc:
                # Out of memory (GPU busy) may pass; a bad model folder or device never will.
                transient = "out of memory" in str(exc).lower()
                raise TranscriptionError(transient, f"cannot load the ASR model: {exc}") from exc

    def transcribe(
        self,
        audio: np.ndarray,
        language: str | None = None,
        vocabulary: Sequence[str] = (),
        should_stop: Callable[[], bool] | None = None,
    ) -> Transcription:
        model = self.model  # loading may take seconds: the caller may have left meanwhile
        if should_stop is not None and should_stop():
            raise RecognitionCancelled
        code = _check_language(language)
        if not model.model.is_multilingual:
            code = "en"  # an English-only model: detection would only ever say English
        try:
            segments, info = model.transcribe(
                np.ascontiguousarray(audio, dtype=np.float32),
                language=code,
                beam_size=self.beam_size,
                word_timestamps=True,
                vad_filter=True,
                hotwords=_vocabulary_text(vocabulary),
                # Each window decoded on its own: one misheard passage cannot start a loop of
                # repeated text through the rest of a long meeting.
                condition_on_previous_text=False,
            )
            result = []
            for s in segments:  # a generator: decoding happens here, a window at a time
                if should_stop is not None and should_stop():
                    raise RecognitionCancelled
                words = [
                    Word(
                        _seconds(w.start),
                        _seconds(w.end),
                        w.word.strip(),
                        float(w.probability),
                        # Whisper's words carry their leading space; one without continues
                        # the word before it.
                        spaced=i == 0 or w.word[:1].isspace(),
                    )
                    for i, w in enumerate(s.words or [])
                ]
                result.append(
                    RecognizedSegment(_seconds(s.start), _seconds(s.end), s.text.strip(), words)
                )
        except RuntimeError as exc:
            transient = "out of memory" in str(exc).lower()
            raise TranscriptionError(transient, f"recognition failed: {exc}") from exc
        return Transcription(
            language=to_iso(info.language) or (code or ""),
            duration=round(len(audio) / SAMPLE_RATE, 3),
            segments=[s for s in result if s.text],
        )


# --- OpenAI-compatible endpoint ------------------------------------------------------------

UploadFormat = Literal["flac", "wav", "mp3"]
_CONTENT_TYPES = {"flac": "audio/flac", "wav": "audio/wav", "mp3": "audio/mpeg"}


class OpenAICompatible:
    """POST the audio to `{url}/v1/audio/transcriptions` as multipart, asking for verbose_json
    with word and segment timestamps. FLAC by default: lossless, half the size of WAV, and
    accepted by OpenAI (25 MB limit: about 25 minutes of 16 kHz mono)."""

    def __init__(
        self,
        url: str,
        api_key: str | None = None,
        model: str = "whisper-1",
        timeout: float = 600.0,
        connect_timeout: float = 10.0,
        upload_format: UploadFormat = "flac",
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        base = url.rstrip("/")
        self.endpoint = (base[:-3] if base.endswith("/v1") else base) + "/v1/audio/transcriptions"
        self.api_key = api_key
        self.model = model
        self.timeout = httpx.Timeout(timeout, connect=connect_timeout)
        self.upload_format = upload_format
        self.transport = transport

    def transcribe(
        self,
        audio: np.ndarray,
        language: str | None = None,
        vocabulary: Sequence[str] = (),
        should_stop: Callable[[], bool] | None = None,
    ) -> Transcription:
        code = _check_language(language)
        data: dict[str, Any] = {
            "model": self.model,
            "response_format": "verbose_json",
            "timestamp_granularities[]": ["word", "segment"],
        }
        if code:
            data["language"] = to_iso(code)
        if prompt := _vocabulary_text(vocabulary):
            data["prompt"] = prompt  # the API's way to favour spellings of names and terms
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        duration = len(audio) / SAMPLE_RATE
        # Spool the encoded audio to disk: an hour of audio is not held twice in memory.
        with tempfile.TemporaryFile() as fh:
            write_audio(audio, fh, self.upload_format)
            fh.seek(0)
            files = {
                "file": (f"audio.{self.upload_format}", fh, _CONTENT_TYPES[self.upload_format])
            }
            try:
                with httpx.Client(timeout=self.timeout, transport=self.transport) as client:
                    response = client.post(self.endpoint, data=data, files=files, headers=headers)
            except httpx.TimeoutException as exc:
                raise TranscriptionError(True, f"transcription endpoint timed out: {exc}") from exc
            except httpx.TransportError as exc:
                raise TranscriptionError(
                    True, f"transcription endpoint unreachable: {exc}"
                ) from exc
        if response.status_code >= 400:
            transient = response.status_code >= 500 or response.status_code in (408, 429)
            raise TranscriptionError(
                transient,
                f"transcription endpoint answered {response.status_code}: "
                f"{_error_detail(response)}",
            )
        try:
            body = response.json()
        except json.JSONDecodeError:
            raise TranscriptionError(True, "transcription endpoint sent invalid JSON") from None
        return parse_verbose_json(body, duration, fallback_language=code)


def _error_detail(response: httpx.Response) -> str:
    try:
        body = response.json()
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            return str(body["error"].get("message", body["error"]))
        return json.dumps(body)[:300]
    except (json.JSONDecodeError, UnicodeDecodeError):
        return response.text[:300]


def _word(raw: dict[str, Any]) -> Word:
    prob = raw.get("probability")
    return Word(
        start=round(float(raw["start"]), 3),
        end=round(float(raw["end"]), 3),
        text=str(raw.get("word", raw.get("text", ""))).strip(),
        probability=float(prob) if prob is not None else None,
    )


def align_words(words: Sequence[Word], text: str) -> list[Word]:
    """Words as they are written in the segment's text: OpenAI gives words without their
    punctuation or spacing ("ill", "disposed" for "ill-disposed,"), which captions need to find
    sentence ends and to join words back. A word not found in order is left as it came."""
    lowered = text.lower()
    if len(lowered) != len(text):  # lowercasing changed lengths (rare scripts): offsets differ
        return list(words)
    out: list[Word] = []
    cursor = 0
    for word in words:
        token = word.text.strip().lower()
        at = lowered.find(token, cursor) if token else -1
        if at < 0 or any(ch.isalnum() for ch in text[cursor:at]):
            out.append(word)  # not next in the text: an unaligned word keeps its own form
            continue
        start = at
        while start > cursor and not text[start - 1].isspace():
            start -= 1  # leading punctuation: "¿", "(", the "-" of "-disposed"
        end = at + len(token)
        while end < len(text) and not text[end].isspace() and not text[end].isalnum():
            end += 1  # trailing punctuation: "disposed,"
        spaced = start == 0 or text[start - 1].isspace()
        out.append(Word(word.start, word.end, text[start:end], word.probability, spaced))
        cursor = end
    return out


def parse_verbose_json(
    body: dict[str, Any], duration: float, fallback_language: str | None = None
) -> Transcription:
    """OpenAI's verbose_json: segments, and words either at the top level (OpenAI) or inside
    each segment (speaches, faster-whisper-server). Top-level words go to the segment they
    fall in, by their midpoint."""
    if not isinstance(body, dict):
        raise TranscriptionError(False, "transcription endpoint sent an unexpected response")
    try:
        raw_segments = body.get("segments") or []
        top_words = [_word(w) for w in body.get("words") or []]
        segments: list[RecognizedSegment] = []
        if not raw_segments and (body.get("text") or top_words):
            start = top_words[0].start if top_words else 0.0
            end = top_words[-1].end if top_words else float(body.get("duration") or duration)
            raw_segments = [{"start": start, "end": end, "text": body.get("text", "")}]
        bounds = [(float(s["start"]), float(s["end"])) for s in raw_segments]
        assigned: list[list[Word]] = [[] for _ in raw_segments]
        for word in top_words:
            mid = (word.start + word.end) / 2
            best = min(
                range(len(bounds)),
                key=lambda i: (
                    0.0
                    if bounds[i][0] <= mid <= bounds[i][1]
                    else min(abs(mid - bounds[i][0]), abs(mid - bounds[i][1]))
                ),
            )
            assigned[best].append(word)
        for raw, words in zip(raw_segments, assigned, strict=True):
            nested = [_word(w) for w in raw.get("words") or []]
            text = str(raw.get("text", "")).strip()
            if text:
                segments.append(
                    RecognizedSegment(
                        start=round(float(raw["start"]), 3),
                        end=round(float(raw["end"]), 3),
                        text=text,
                        words=align_words(nested or words, text),
                    )
                )
    except (KeyError, TypeError, ValueError) as exc:
        raise TranscriptionError(False, f"unexpected transcription response: {exc}") from exc
    return Transcription(
        language=to_iso(body.get("language")) or to_iso(fallback_language),
        duration=round(float(body.get("duration") or duration), 3),
        segments=segments,
    )


# --- from settings -------------------------------------------------------------------------


def make_transcriber(settings: Settings, beam_size: int = 5) -> Transcriber:
    """The backend the settings choose (MEETSIGHT_ASR_*)."""
    if settings.asr_backend == "openai":
        return OpenAICompatible(
            settings.asr_openai_url,
            api_key=settings.asr_openai_api_key,
            model=settings.asr_openai_model,
        )
    try:
        path = resolve_model(settings.asr_model, settings.data_dir)
    except ModelError as exc:
        raise TranscriptionError(False, str(exc)) from exc
    return LocalWhisper(
        path,
        device=settings.asr_device,
        compute_type=settings.asr_compute_type,
        threads=settings.asr_threads,
        beam_size=beam_size,
    )
