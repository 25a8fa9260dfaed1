"""Registered OAuth clients of an organization: create, list, rotate the secret, delete.

The settings page and `meetsight oauth-client create` both use these; the secret of a
confidential client is returned once and only its hash is kept."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth import repository
from meetsight.auth.oauth.hashing import (
    CLIENT_SECRET_PREFIX,
    hash_client_secret,
    new_client_id,
    new_secret,
)
from meetsight.auth.oauth.models import OAuthClient
from meetsight.auth.scopes import ALL_SCOPES, OFFLINE_ACCESS
from meetsight.db.base import utcnow
from meetsight.errors import NotFound, ValidationFailed

MAX_REDIRECT_URIS = 10
MAX_URI_LENGTH = 2000
# Schemes a browser must never be sent to with a code in the URL.
FORBIDDEN_SCHEMES = frozenset({"javascript", "data", "file", "vbscript", "about", "blob"})
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def check_redirect_uri(uri: str) -> str:
    """An absolute URI without a fragment: https, http on a loopback host (native apps, RFC
    8252), or an app's own scheme such as cursor://; anything else is refused."""
    uri = uri.strip()
    if not uri or len(uri) > MAX_URI_LENGTH:
        raise ValidationFailed(f"redirect_uris: between 1 and {MAX_URI_LENGTH} characters")
    try:
        parts = urlsplit(uri)
    except ValueError:
        raise ValidationFailed(f"redirect_uris: {uri!r} is not a URI") from None
    scheme = parts.scheme.lower()
    if not scheme or scheme in FORBIDDEN_SCHEMES:
        raise ValidationFailed(f"redirect_uris: {uri!r} is not an absolute URI a client can use")
    if parts.fragment or "#" in uri:
        raise ValidationFailed(f"redirect_uris: {uri!r} must not have a fragment")
    if any(ch.isspace() for ch in uri):
        raise ValidationFailed(f"redirect_uris: {uri!r} must not contain spaces")
    if scheme in ("http", "https") and not parts.hostname:
        raise ValidationFailed(f"redirect_uris: {uri!r} has no host")
    if scheme == "http" and (parts.hostname or "").lower() not in LOOPBACK_HOSTS:
        raise ValidationFailed(f"redirect_uris: {uri!r}: plain http only on a loopback host")
    return uri


def check_scopes(scopes: Iterable[str] | None) -> list[str]:
    chosen = list(dict.fromkeys(s.strip() for s in scopes)) if scopes else list(ALL_SCOPES)
    unknown = [s for s in chosen if s not in ALL_SCOPES]
    if unknown:
        raise ValidationFailed(f"scopes: unknown scope {unknown[0]!r}")
    if not [s for s in chosen if s != OFFLINE_ACCESS]:
        raise ValidationFailed("scopes: at least one scope besides offline_access")
    return chosen


async def create_client(
    session: AsyncSession,
    org_id: str,
    *,
    name: str,
    redirect_uris: Iterable[str],
    scopes: Iterable[str] | None,
    confidential: bool,
    created_by: str | None = None,
) -> tuple[OAuthClient, str | None]:
    """Register a client; the secret (confidential clients only) is returned once."""
    name = name.strip()
    if not name or len(name) > 200:
        raise ValidationFailed("name: between 1 and 200 characters")
    uris = list(dict.fromkeys(check_redirect_uri(u) for u in redirect_uris if u.strip()))
    if not uris:
        raise ValidationFailed("redirect_uris: at least one redirect URI")
    if len(uris) > MAX_REDIRECT_URIS:
        raise ValidationFailed(f"redirect_uris: at most {MAX_REDIRECT_URIS}")
    if not await repository.organization_exists(session, org_id):
        raise NotFound("Organization not found")
    secret = new_secret(CLIENT_SECRET_PREFIX) if confidential else None
    client = OAuthClient(
        organization_id=org_id,
        client_id=new_client_id(),
        name=name,
        redirect_uris=uris,
        scopes=check_scopes(scopes),
        confidential=confidential,
        secret_hash=hash_client_secret(secret) if secret else None,
        created_by_user_id=created_by,
    )
    session.add(client)
    await session.flush()
    return client, secret


async def list_clients(session: AsyncSession, org_id: str) -> list[OAuthClient]:
    return await repository.clients_of(session, org_id)


async def get_client(session: AsyncSession, org_id: str, client_id: str) -> OAuthClient:
    client = await repository.get_client(session, org_id, client_id)
    if client is None:
        raise NotFound("OAuth client not found")
    return client


async def rotate_secret(session: AsyncSession, org_id: str, client_id: str) -> str:
    """A new secret for a confidential client; the old one stops working at once."""
    client = await get_client(session, org_id, client_id)
    if not client.confidential:
        raise ValidationFailed("client: a public client has no secret to rotate")
    secret = new_secret(CLIENT_SECRET_PREFIX)
    client.secret_hash = hash_client_secret(secret)
    client.secret_rotated_at = utcnow()
    await session.flush()
    return secret


async def delete_client(session: AsyncSession, org_id: str, client_id: str) -> None:
    """Remove the client with its codes, consents, grants and tokens (every token stops)."""
    client = await get_client(session, org_id, client_id)
    await repository.delete_client_rows(session, org_id, client_id)
    await session.delete(client)
    await session.flush()
