"""Access tokens on REST and MCP: a presented bearer token to an AuthContext, checked against
the resource the request is for (RFC 8707 audience check)."""

from __future__ import annotations

import hmac
import time
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.auth.context import AuthContext
from meetsight.auth.oauth import repository
from meetsight.auth.oauth.hashing import ACCESS_TOKEN_PREFIX, MAX_PRESENTED_LENGTH, token_digests
from meetsight.auth.resources import covers
from meetsight.db.base import utcnow
from meetsight.db.unit_of_work import read_only

MAX_CACHED = 10_000


@dataclass(frozen=True, slots=True)
class VerifiedToken:
    auth: AuthContext
    resource: str


class BearerVerifier:
    """Verified tokens are trusted for `cache_seconds` (never past their expiry); a revocation
    made in this process clears the cache at once, one made elsewhere within that time."""

    def __init__(
        self, secret: bytes, cache_seconds: float, previous_secrets: Sequence[bytes] = ()
    ) -> None:
        self._secrets = [secret, *previous_secrets]  # see hashing.token_digests
        self._cache_seconds = cache_seconds
        self._cache: dict[str, tuple[float, VerifiedToken | None]] = {}

    def forget(self) -> None:
        self._cache.clear()

    async def verify(
        self, sessionmaker: async_sessionmaker[AsyncSession], token: str, resource: str
    ) -> AuthContext | None:
        if not token.startswith(ACCESS_TOKEN_PREFIX) or len(token) > MAX_PRESENTED_LENGTH:
            return None
        now = time.monotonic()
        cached = self._cache.get(token)
        if cached is not None and cached[0] > now:
            found = cached[1]
        else:
            async with read_only(sessionmaker) as session:
                digests = token_digests(self._secrets, token)
                found, valid_seconds = await self._lookup(session, digests)
            if len(self._cache) > MAX_CACHED:
                self._cache.clear()
            self._cache[token] = (now + min(self._cache_seconds, valid_seconds), found)
        if found is None or not covers(found.resource, resource):
            return None
        return found.auth

    async def _lookup(
        self, session: AsyncSession, digests: list[str]
    ) -> tuple[VerifiedToken | None, float]:
        row = await repository.token_and_grant(session, digests, "access")
        if row is None or not any(hmac.compare_digest(row[0].token_hash, d) for d in digests):
            return None, 60.0
        token, grant = row
        now = utcnow()
        if token.revoked_at is not None or grant.revoked_at is not None or token.expires_at <= now:
            return None, 60.0
        auth = AuthContext(
            organization_id=grant.organization_id,
            scopes=frozenset(token.scopes),
            credential_kind="oauth",
            credential_id=grant.id,  # rate limits count per grant
            user_id=grant.user_id,
        )
        return VerifiedToken(auth, grant.resource), (token.expires_at - now).total_seconds()
