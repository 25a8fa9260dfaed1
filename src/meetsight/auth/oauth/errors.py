"""OAuth errors (RFC 6749 section 5.2): the token and revocation endpoints answer with OAuth's
own JSON, not the API envelope."""

from __future__ import annotations

from starlette.responses import JSONResponse

NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}


class OAuthError(Exception):
    def __init__(self, error: str, description: str, status_code: int = 400) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.status_code = status_code
        self.headers: dict[str, str] = {}

    def response(self) -> JSONResponse:
        body = {"error": self.error, "error_description": self.description}
        return JSONResponse(body, self.status_code, headers={**NO_STORE, **self.headers})


def invalid_request(description: str) -> OAuthError:
    return OAuthError("invalid_request", description)


def invalid_grant(description: str) -> OAuthError:
    return OAuthError("invalid_grant", description)


def invalid_client(description: str, *, basic: bool) -> OAuthError:
    """401; a client that tried HTTP Basic is told to use it again (RFC 6749 section 5.2)."""
    error = OAuthError("invalid_client", description, 401)
    if basic:
        error.headers["WWW-Authenticate"] = 'Basic realm="meetsight"'
    return error
