"""Transcript import/export: one place to import the public API from.

Parsing lives in ``parsing.py`` (WebVTT, SRT, JSON -> SegmentData) and writing in ``exporting.py``
(segments -> SRT, WebVTT, text, JSON); the two are kept apart to stay readable.
"""

from meetsight.transcripts.exporting import EXPORT_FORMATS, SegmentLike, export_transcript
from meetsight.transcripts.parsing import (
    MAX_SECONDS,
    MAX_SEGMENTS,
    UNKNOWN_SPEAKER,
    TranscriptFormatError,
    TranscriptTooLarge,
    detect_format,
    parse_transcript,
    split_speaker_prefix,
)

__all__ = [
    "EXPORT_FORMATS",
    "MAX_SECONDS",
    "MAX_SEGMENTS",
    "UNKNOWN_SPEAKER",
    "SegmentLike",
    "TranscriptFormatError",
    "TranscriptTooLarge",
    "detect_format",
    "export_transcript",
    "parse_transcript",
    "split_speaker_prefix",
]
