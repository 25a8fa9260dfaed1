"""Errors of reading a recording, each telling the caller what to do next (HTTP status, retry)."""

from __future__ import annotations

# MediaError codes: the file itself is the problem; retrying never helps.
EMPTY = "empty"  # zero bytes
TRUNCATED = "truncated"  # a known container whose data stops early
UNDECODABLE = "undecodable"  # not a media file, or its audio cannot be decoded
UNSUPPORTED = "unsupported_format"  # a media file, but not a container we take
NO_AUDIO = "no_audio"  # a media file without an audio stream
NOT_FOUND = "not_found"
TOO_LONG = "too_long"  # longer than MEETSIGHT_MAX_MEDIA_SECONDS (declared or decoded)
TOO_MANY_CHANNELS = "too_many_channels"  # more channels than can be mixed down
UNSUPPORTED_RATE = "unsupported_sample_rate"  # a sample rate no recorder writes

# Not a format we take (415); one we take but broken (422).
_HTTP_STATUS = {UNSUPPORTED: 415, UNDECODABLE: 415, NO_AUDIO: 422, EMPTY: 422, TRUNCATED: 422}
# TOO_LONG, TOO_MANY_CHANNELS, UNSUPPORTED_RATE: readable, but refused by a limit (422).


class ReportedError(Exception):
    """An error the media child process hands back to its caller as itself (pickled), for the
    caller to handle: a MediaError, a speech.errors.TranscriptionError. Anything else the child
    raises reaches the caller as MediaProcessFailed."""


class MediaError(ReportedError):
    """A recording that cannot be used, with a stable code and a sentence for a human."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def http_status(self) -> int:
        return _HTTP_STATUS.get(self.code, 422)

    def __reduce__(self) -> tuple[type[MediaError], tuple[str, str]]:
        return (type(self), (self.code, self.message))

    def __repr__(self) -> str:
        return f"MediaError({self.code!r}, {self.message!r})"


class MediaProcessCrashed(Exception):
    """The child process that decodes or recognizes untrusted media died (a segfault in a codec,
    an out-of-memory kill) or stopped answering; the process that called it lives on."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MediaProcessFailed(Exception):
    """The child raised something other than a ReportedError (a bug, or a file no check
    foresaw): a job logs and retries it; an upload check refuses the file."""
