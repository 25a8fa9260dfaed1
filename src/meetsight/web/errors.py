"""Errors of the web pages: an HTML page with the status, or a redirect to sign in."""

from __future__ import annotations

from urllib.parse import quote


class PageError(Exception):
    """Rendered as error.html with this status (403 forbidden, 404 not found...)."""

    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


class SignInRequired(Exception):
    """Rendered as a 303 to /signin that comes back to `next_path` afterwards."""

    def __init__(self, next_path: str) -> None:
        super().__init__(next_path)
        self.next_path = next_path

    @property
    def location(self) -> str:
        return "/signin?next=" + quote(self.next_path, safe="")


def safe_next(value: str | None, default: str = "/app") -> str:
    """A local path to go to after sign-in; anything that could leave the site is ignored."""
    if not value or not value.startswith("/") or value.startswith(("//", "/\\")):
        return default
    if any(ch in value for ch in "\r\n\t\\") or len(value) > 2000:
        return default
    return value
