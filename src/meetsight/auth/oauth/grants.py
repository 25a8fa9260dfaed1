"""Codes, grants and tokens: issue a code, exchange it (PKCE S256), rotate refresh tokens with
reuse detection, revoke. Every value is stored as an HMAC only."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.oauth import repository
from meetsight.auth.oauth.errors import OAuthError, invalid_grant, invalid_request
from meetsight.auth.oauth.hashing import (
    ACCESS_TOKEN_PREFIX,
    CODE_PREFIX,
    MAX_PRESENTED_LENGTH,
    REFRESH_TOKEN_PREFIX,
    hash_token,
    new_secret,
    token_digests,
)
from meetsight.auth.oauth.models import OAuthClient, OAuthCode, OAuthGrant, OAuthToken
from meetsight.auth.resources import normalise
from meetsight.auth.scopes import OFFLINE_ACCESS
from meetsight.config import Settings
from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import checkpoint

VERIFIER = re.compile(r"[A-Za-z0-9\-._~]{43,128}")
CHALLENGE = re.compile(r"[A-Za-z0-9\-_]{43}")


def s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def is_s256_challenge(challenge: str) -> bool:
    return CHALLENGE.fullmatch(challenge) is not None


@dataclass(frozen=True, slots=True)
class IssuedTokens:
    access_token: str
    expires_in: int
    scopes: list[str]
    refresh_token: str | None

    def body(self) -> dict[str, object]:
        body: dict[str, object] = {
            "access_token": self.access_token,
            "token_type": "Bearer",
            "expires_in": self.expires_in,
            "scope": " ".join(self.scopes),
        }
        if self.refresh_token:
            body["refresh_token"] = self.refresh_token
        return body


async def issue_code(
    session: AsyncSession,
    settings: Settings,
    *,
    client: OAuthClient,
    user_id: str,
    redirect_uri: str,
    scopes: list[str],
    resource: str,
    code_challenge: str,
) -> str:
    code = new_secret(CODE_PREFIX)
    session.add(
        OAuthCode(
            organization_id=client.organization_id,
            code_hash=hash_token(settings.hmac_secret(), code),
            client_id=client.client_id,
            user_id=user_id,
            redirect_uri=redirect_uri,
            scopes=scopes,
            resource=resource,
            code_challenge=code_challenge,
            expires_at=utcnow() + timedelta(seconds=settings.oauth_code_seconds),
        )
    )
    await session.flush()
    return code


async def _issue_tokens(
    session: AsyncSession, settings: Settings, grant: OAuthGrant, scopes: list[str]
) -> IssuedTokens:
    secret = settings.hmac_secret()
    now = utcnow()
    access = new_secret(ACCESS_TOKEN_PREFIX)
    ttl = settings.oauth_access_token_seconds
    session.add(
        OAuthToken(
            organization_id=grant.organization_id,
            token_hash=hash_token(secret, access),
            kind="access",
            grant_id=grant.id,
            scopes=scopes,
            expires_at=now + timedelta(seconds=ttl),
        )
    )
    refresh = None
    if OFFLINE_ACCESS in grant.scopes:
        refresh = new_secret(REFRESH_TOKEN_PREFIX)
        session.add(
            OAuthToken(
                organization_id=grant.organization_id,
                token_hash=hash_token(secret, refresh),
                kind="refresh",
                grant_id=grant.id,
                scopes=grant.scopes,
                expires_at=now + timedelta(seconds=settings.oauth_refresh_token_seconds),
            )
        )
    await session.flush()
    return IssuedTokens(access, ttl, scopes, refresh)


async def revoke_grant(session: AsyncSession, grant: OAuthGrant, reason: str) -> None:
    """End the grant and every token of it (the caller commits)."""
    now = utcnow()
    if grant.revoked_at is None:
        grant.revoked_at = now
        grant.revoked_reason = reason
    await repository.revoke_grant_tokens(session, grant.organization_id, grant.id, at=now)
    await session.flush()


def _check_resource(requested: str | None, bound: str) -> None:
    if requested is not None and normalise(requested) != bound:
        raise OAuthError("invalid_target", "resource differs from the one authorized")


async def exchange_code(
    session: AsyncSession,
    settings: Settings,
    *,
    client: OAuthClient,
    code: str,
    code_verifier: str | None,
    redirect_uri: str | None,
    resource: str | None,
) -> IssuedTokens:
    """Trade a code for tokens. A code presented twice revokes what its first use issued."""
    if not code or len(code) > MAX_PRESENTED_LENGTH:
        raise invalid_request("code is required")
    if code_verifier is None:
        raise invalid_request("code_verifier is required (PKCE)")
    record = await repository.code_by_hash(session, _digests(settings, code))
    if record is None or record.client_id != client.client_id:
        raise invalid_grant("The authorization code is invalid")
    if record.used_at is not None:
        if record.grant_id is not None:
            grant = await repository.get_grant(session, record.organization_id, record.grant_id)
            if grant is not None:
                await revoke_grant(session, grant, "code_reused")
                await checkpoint(session)
        raise invalid_grant("The authorization code was already used")
    if record.expires_at <= utcnow():
        raise invalid_grant("The authorization code has expired")
    try:
        _check_redemption(record, code_verifier, redirect_uri, resource)
    except OAuthError:
        # One try per code: a wrong verifier must not leave the code open to further guesses
        # (nor to the right verifier later), so a failed redemption spends it.
        await _spend_code(session, record)
        raise
    grant = OAuthGrant(
        organization_id=record.organization_id,
        client_id=client.client_id,
        user_id=record.user_id,
        scopes=record.scopes,
        resource=record.resource,
    )
    session.add(grant)
    await session.flush()
    # Single use even under a race: only the request that flips used_at goes on.
    spent = await repository.spend_code(
        session, record.organization_id, record.id, used_at=utcnow(), grant_id=grant.id
    )
    if spent != 1:
        await session.rollback()
        raise invalid_grant("The authorization code was already used")
    issued = await _issue_tokens(session, settings, grant, record.scopes)
    return issued


def _check_redemption(
    record: OAuthCode, code_verifier: str, redirect_uri: str | None, resource: str | None
) -> None:
    """What the client presents with the code: the redirect URI, the PKCE verifier, the
    resource, each as the authorization request bound them."""
    if record.redirect_uri and redirect_uri != record.redirect_uri:
        raise invalid_grant("redirect_uri differs from the authorization request")
    if not VERIFIER.fullmatch(code_verifier) or not hmac.compare_digest(
        s256(code_verifier), record.code_challenge
    ):
        raise invalid_grant("code_verifier does not match the code_challenge")
    _check_resource(resource, record.resource)


async def _spend_code(session: AsyncSession, record: OAuthCode) -> None:
    """Mark the code used without a grant (a later use is "already used", with nothing to
    revoke) and commit, since the caller answers with an error."""
    await repository.spend_code(session, record.organization_id, record.id, used_at=utcnow())
    await checkpoint(session)


async def refresh(
    session: AsyncSession,
    settings: Settings,
    *,
    client: OAuthClient,
    refresh_token: str,
    scope: str | None,
    resource: str | None,
) -> IssuedTokens:
    """Rotate: the presented refresh token is spent and a new pair issued. Presenting a spent
    one again means it leaked: the whole grant is revoked."""
    if not refresh_token or len(refresh_token) > MAX_PRESENTED_LENGTH:
        raise invalid_request("refresh_token is required")
    digests = _digests(settings, refresh_token)
    row = await repository.token_and_grant(session, digests, "refresh")
    if row is None:
        raise invalid_grant("The refresh token is invalid")
    token, grant = row
    if grant.client_id != client.client_id:
        raise invalid_grant("The refresh token is invalid")
    if token.rotated_at is not None:
        await revoke_grant(session, grant, "refresh_reused")
        await checkpoint(session)
        raise invalid_grant("The refresh token was already used; the grant is revoked")
    if grant.revoked_at is not None or token.revoked_at is not None:
        raise invalid_grant("The refresh token was revoked")
    if token.expires_at <= utcnow():
        raise invalid_grant("The refresh token has expired")
    scopes = list(token.scopes)
    if scope is not None:
        asked = list(dict.fromkeys(scope.split()))
        if not asked or any(s not in token.scopes for s in asked):
            raise OAuthError("invalid_scope", "scope exceeds what was granted")
        scopes = asked
    _check_resource(resource, grant.resource)
    spent = await repository.rotate_token(session, token.organization_id, token.id, at=utcnow())
    if spent != 1:
        await revoke_grant(session, grant, "refresh_reused")
        await checkpoint(session)
        raise invalid_grant("The refresh token was already used; the grant is revoked")
    issued = await _issue_tokens(session, settings, grant, scopes)
    return issued


async def revoke_token(
    session: AsyncSession, settings: Settings, *, client: OAuthClient, token: str
) -> str | None:
    """RFC 7009: revoke a token of this client; a refresh token takes its grant with it.
    Unknown tokens and other clients' tokens change nothing. Returns the grant touched."""
    if not token or len(token) > MAX_PRESENTED_LENGTH:
        return None
    digests = _digests(settings, token)
    row = await repository.token_and_grant(session, digests)
    if row is None or row[1].client_id != client.client_id:
        return None
    record, grant = row
    if record.kind == "refresh":
        await revoke_grant(session, grant, "revoked")
    elif record.revoked_at is None:
        record.revoked_at = utcnow()
    return grant.id


def _digests(settings: Settings, presented: str) -> list[str]:
    return token_digests([settings.hmac_secret(), *settings.previous_hmac_secrets()], presented)
