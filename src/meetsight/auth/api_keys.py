"""API keys: prefixed random secrets, stored only as an HMAC, with scopes, expiry and revocation."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.auth import repository
from meetsight.auth.context import AuthContext
from meetsight.auth.models import ApiKey
from meetsight.auth.scopes import API_KEY_SCOPES
from meetsight.db.base import utcnow
from meetsight.db.reads import Reader
from meetsight.db.unit_of_work import unit_of_work
from meetsight.errors import NotFound, ValidationFailed

KEY_PREFIX = "msk_"
DISPLAY_PREFIX_LENGTH = 12
LAST_USED_RESOLUTION_SECONDS = 300


def hash_key(secret: bytes, key: str) -> str:
    return hmac.new(secret, key.encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True, slots=True)
class CreatedApiKey:
    record: ApiKey
    key: str


async def create_api_key(
    session: AsyncSession,
    *,
    secret: bytes,
    organization_id: str,
    name: str,
    scopes: list[str] | None = None,
    expires_at: datetime | None = None,
    created_by_user_id: str | None = None,
) -> CreatedApiKey:
    """Create a key; the returned plain key is never stored and cannot be shown again."""
    chosen = list(dict.fromkeys(scopes)) if scopes else list(API_KEY_SCOPES)
    unknown = [s for s in chosen if s not in API_KEY_SCOPES]
    if unknown:
        raise ValidationFailed(f"scope: unknown scope {unknown[0]!r}")
    if not name.strip():
        raise ValidationFailed("name: must not be empty")
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    record = ApiKey(
        organization_id=organization_id,
        name=name.strip(),
        prefix=key[:DISPLAY_PREFIX_LENGTH],
        key_hash=hash_key(secret, key),
        scopes=chosen,
        expires_at=expires_at,
        created_by_user_id=created_by_user_id,
    )
    session.add(record)
    await session.flush()
    return CreatedApiKey(record=record, key=key)


async def revoke_api_key(
    session: AsyncSession, *, key_id: str, organization_id: str | None
) -> ApiKey:
    record = await repository.key_by_id(session, key_id, organization_id=organization_id)
    if record is None:
        raise NotFound("API key not found")
    if record.revoked_at is None:
        record.revoked_at = utcnow()
    await session.flush()
    return record


async def list_api_keys(
    session: AsyncSession, *, organization_id: str, created_by_user_id: str | None = None
) -> list[ApiKey]:
    """The organization's keys, newest first; only those one user created when given."""
    return await repository.keys_of(session, organization_id, created_by_user_id=created_by_user_id)


class ApiKeyVerifier:
    """Turns a presented key into an AuthContext, trusting a verified key for a few seconds.

    The short cache keeps the per-request cost off the database; a revocation made in this
    process takes effect at once, one made elsewhere within `cache_seconds`.
    """

    def __init__(
        self,
        secret: bytes,
        cache_seconds: float,
        previous_secrets: Sequence[bytes] = (),
        *,
        reader: Reader,
    ) -> None:
        self._secret = secret
        # Where a key is looked up (the app's reader, db/reads.py); its writes (last use, a
        # hash moved to the current secret) go through a unit of work of `verify`'s
        # sessionmaker, and only when there is one to make.
        self._reader = reader
        # Secrets being rotated out: a key made with one still works, and its stored hash is
        # moved to the current secret the first time it is seen (docs/operations.md).
        self._previous = tuple(p for p in previous_secrets if p != secret)
        self._cache_seconds = cache_seconds
        self._cache: dict[str, tuple[float, AuthContext | None]] = {}
        self._pending: dict[str, asyncio.Future[AuthContext | None]] = {}

    def forget(self, key_id: str | None = None) -> None:
        if key_id is None:
            self._cache.clear()
            return
        for key, (_, ctx) in list(self._cache.items()):
            if ctx is not None and ctx.credential_id == key_id:
                del self._cache[key]

    async def verify(
        self, sessionmaker: async_sessionmaker[AsyncSession], key: str
    ) -> AuthContext | None:
        if not key.startswith(KEY_PREFIX) or len(key) > 200:
            return None
        now = time.monotonic()
        # Keyed by the presented key itself: a hit then costs a dict lookup, not an HMAC.
        cached = self._cache.get(key)
        if cached is not None and cached[0] > now:
            return cached[1]
        # One lookup per key at a time: when a busy key's cache entry lapses, its concurrent
        # requests would otherwise each queue for SQLite's one pooled connection.
        pending = self._pending.get(key)
        if pending is None:
            pending = asyncio.ensure_future(self._load(sessionmaker, key, now))
            self._pending[key] = pending
            pending.add_done_callback(lambda done: self._settled(key, done))
        return await asyncio.shield(pending)

    def _settled(self, key: str, done: asyncio.Future[AuthContext | None]) -> None:
        self._pending.pop(key, None)
        if not done.cancelled():
            done.exception()  # retrieved: every waiter may have gone (client disconnects)

    async def _load(
        self, sessionmaker: async_sessionmaker[AsyncSession], key: str, now: float
    ) -> AuthContext | None:
        ctx, valid_seconds = await self._lookup(sessionmaker, key)
        if len(self._cache) > 10_000:
            self._cache.clear()
        self._cache[key] = (now + min(self._cache_seconds, valid_seconds), ctx)
        return ctx

    async def _lookup(
        self, sessionmaker: async_sessionmaker[AsyncSession], key: str
    ) -> tuple[AuthContext | None, float]:
        """The key's context, and how long it stays valid (an expiry may come before the cache
        would forget it)."""
        digest = hash_key(self._secret, key)
        digests = [digest, *(hash_key(p, key) for p in self._previous)]
        record = await repository.key_by_hash(self._reader, digests)
        # The hash lookup already matched; compare again in constant time as a guard.
        if record is None or not any(hmac.compare_digest(record.key_hash, d) for d in digests):
            return None, math.inf
        now = utcnow()
        if record.revoked_at is not None or (record.expires_at and record.expires_at <= now):
            return None, math.inf
        valid = (record.expires_at - now).total_seconds() if record.expires_at else math.inf
        last = record.last_used_at
        update: dict[str, object] = {}
        if record.key_hash != digest:  # made with a previous secret: move it to the current one
            update = {"key_hash": digest, "last_used_at": now}
        elif last is None or (now - last).total_seconds() > LAST_USED_RESOLUTION_SECONDS:
            update = {"last_used_at": now}
        if update:  # at most once per LAST_USED_RESOLUTION_SECONDS a key
            async with unit_of_work(sessionmaker) as session:
                await repository.update_key(session, record.organization_id, record.id, **update)
        ctx = AuthContext(
            organization_id=record.organization_id,
            scopes=frozenset(record.scopes),
            credential_kind="api_key",
            credential_id=record.id,
            user_id=record.created_by_user_id,
        )
        return ctx, valid
