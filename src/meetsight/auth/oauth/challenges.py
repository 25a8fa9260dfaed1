"""WWW-Authenticate values (RFC 6750, RFC 9728): a 401 points at the resource's metadata and the
scopes to ask for; a 403 for a missing scope names it."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from meetsight.auth.credentials import bearer_token
from meetsight.auth.oauth.metadata import CHALLENGE_SCOPES
from meetsight.auth.resources import metadata_url, resource_of_path


def _public_url(conn: HTTPConnection) -> str | None:
    state = getattr(conn.app.state, "ms", None)
    return None if state is None else str(state.public_url)


def unauthorized_challenge(conn: HTTPConnection) -> str:
    public = _public_url(conn)
    if public is None:
        return "Bearer"
    resource = resource_of_path(public, conn.url.path)
    parts = [
        f'resource_metadata="{metadata_url(public, resource)}"',
        f'scope="{" ".join(CHALLENGE_SCOPES)}"',
    ]
    if bearer_token(conn.headers.get("authorization")):
        parts.append('error="invalid_token"')
    return "Bearer " + ", ".join(parts)


def insufficient_scope_challenge(conn: HTTPConnection, scopes: tuple[str, ...]) -> str:
    parts = ['error="insufficient_scope"', f'scope="{" ".join(scopes)}"']
    public = _public_url(conn)
    if public is not None:
        resource = resource_of_path(public, conn.url.path)
        parts.append(f'resource_metadata="{metadata_url(public, resource)}"')
    return "Bearer " + ", ".join(parts)
