"""Errors of recognition, each telling the caller what to do next (retry or not). A recording
that cannot be read raises `meetsight.media.errors.MediaError`."""

from __future__ import annotations

from meetsight.media.errors import ReportedError


class TranscriptionError(ReportedError):
    """Recognition failed; `transient` says whether the same job may succeed when retried
    (a timeout, a 5xx, a busy GPU) or never will (a 4xx, a bad model path)."""

    def __init__(self, transient: bool, message: str) -> None:
        super().__init__(message)
        self.transient = transient
        self.message = message

    def __reduce__(self) -> tuple[type[TranscriptionError], tuple[bool, str]]:
        return (type(self), (self.transient, self.message))

    def __repr__(self) -> str:
        return f"TranscriptionError(transient={self.transient}, {self.message!r})"


class ModelError(Exception):
    """The configured model cannot be found or failed its integrity check."""


class RecognitionCancelled(Exception):
    """The caller stopped waiting (a worker shutting down): recognition stops between
    segments instead of running to the end for nobody."""
