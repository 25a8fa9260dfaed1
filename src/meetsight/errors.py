"""Application errors carry their HTTP status; one renderer turns them into the envelope."""

from __future__ import annotations


class AppError(Exception):
    status_code = 400
    headers: dict[str, str] | None = None  # extra response headers (Retry-After...)

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if status_code is not None:
            self.status_code = status_code


class BadRequest(AppError):
    status_code = 400


class Unauthorized(AppError):
    status_code = 401

    def __init__(self, message: str = "Unauthorized - missing or invalid API key") -> None:
        super().__init__(message)


class Forbidden(AppError):
    status_code = 403


class MissingScope(Forbidden):
    """403 for a credential without the scope an operation needs; answered with
    `WWW-Authenticate: Bearer error="insufficient_scope"` (RFC 6750 section 3.1)."""

    def __init__(self, scopes: tuple[str, ...]) -> None:
        super().__init__(f"This credential lacks the scope {' or '.join(scopes)}")
        self.scopes = scopes


class NotFound(AppError):
    status_code = 404


class Conflict(AppError):
    status_code = 409


class PayloadTooLarge(AppError):
    status_code = 413


class UnsupportedMedia(AppError):
    status_code = 415


class ValidationFailed(AppError):
    status_code = 422


class InsufficientStorage(AppError):
    status_code = 507
