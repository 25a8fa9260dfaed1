"""Who is calling the token and revocation endpoints: client_secret_basic, client_secret_post,
or a public client that names itself (`none`, PKCE protects its codes)."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from urllib.parse import unquote_plus

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth.errors import invalid_client, invalid_request
from meetsight.auth.oauth.hashing import MAX_PRESENTED_LENGTH, client_secret_matches
from meetsight.auth.oauth.models import OAuthClient
from meetsight.security.input_text import text_problem


def _basic_credentials(header: str) -> tuple[str, str] | None:
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        raise invalid_client("Malformed HTTP Basic credentials", basic=True) from None
    client_id, sep, secret = decoded.partition(":")
    if not sep:
        raise invalid_client("Malformed HTTP Basic credentials", basic=True)
    # RFC 6749 section 2.3.1: both parts are form-urlencoded before encoding.
    client_id, secret = unquote_plus(client_id), unquote_plus(secret)
    if text_problem(client_id) or text_problem(secret):  # a NUL would reach the database
        raise invalid_client("Malformed HTTP Basic credentials", basic=True)
    return client_id, secret


async def find_client(session: AsyncSession, client_id: str) -> OAuthClient | None:
    if not client_id or len(client_id) > MAX_PRESENTED_LENGTH:
        return None
    found = await session.execute(sa.select(OAuthClient).where(OAuthClient.client_id == client_id))
    return found.scalar_one_or_none()


async def authenticate_client(
    session: AsyncSession, headers: Mapping[str, str], form: Mapping[str, str]
) -> OAuthClient:
    """The calling client; OAuthError invalid_client (401) when it cannot be trusted."""
    basic = _basic_credentials(headers.get("authorization", ""))
    posted_secret = form.get("client_secret")
    secret: str | None
    if basic is not None:
        if posted_secret is not None:
            raise invalid_request("Use one client authentication method, not two")
        client_id, secret = basic
        if form.get("client_id") not in (None, client_id):
            raise invalid_request("client_id differs from the authenticated client")
    else:
        client_id, secret = form.get("client_id", ""), posted_secret
    client = await find_client(session, client_id)
    if client is None:
        raise invalid_client("Unknown client", basic=basic is not None)
    if client.confidential:
        if not secret or not client_secret_matches(client.secret_hash, secret):
            raise invalid_client("Client authentication failed", basic=basic is not None)
    elif secret:
        raise invalid_client("A public client has no secret", basic=basic is not None)
    return client
