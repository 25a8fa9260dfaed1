"""What a failed request raises: the server's envelope (statusCode and error) as an exception."""

from __future__ import annotations


class MeetsightError(Exception):
    """A request the server refused or could not answer. `status_code` is the envelope's
    statusCode (0 when no answer came back: a connection error); `message` its sentence."""

    def __init__(self, status_code: int, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(f"{status_code}: {message}" if status_code else message)
        self.status_code = status_code
        self.message = message
        self.retry_after = retry_after  # seconds, from Retry-After on a 429

    @property
    def statusCode(self) -> int:
        return self.status_code


class ConnectionFailed(MeetsightError):
    """The server could not be reached, or did not answer in time."""


class BadRequest(MeetsightError):
    """400 and 422: the request was malformed or a field was not valid."""


class Unauthorized(MeetsightError):
    """401: the API key is missing, wrong, expired or revoked."""


class Forbidden(MeetsightError):
    """403: the API key lacks the scope."""


class NotFound(MeetsightError):
    """404: missing, or another organization's."""


class RateLimited(MeetsightError):
    """429: `retry_after` says how long to wait."""


class ServerError(MeetsightError):
    """5xx."""


def error_for(status_code: int, message: str, retry_after: float | None = None) -> MeetsightError:
    kind: type[MeetsightError] = MeetsightError
    if status_code in (400, 422):
        kind = BadRequest
    elif status_code in (401, 403, 404, 429):
        kind = {401: Unauthorized, 403: Forbidden, 404: NotFound, 429: RateLimited}[status_code]
    elif status_code >= 500:
        kind = ServerError
    return kind(status_code, message, retry_after=retry_after)
