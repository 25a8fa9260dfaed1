"""The verified-key cache: never outlives the key's own expiry, a revocation or a deletion made
elsewhere ends it within its lifetime, and concurrent misses share one lookup."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from fixtures.factories import Tenant
from meetsight.auth.api_keys import ApiKeyVerifier, create_api_key, revoke_api_key
from meetsight.auth.models import ApiKey
from meetsight.db.base import utcnow
from meetsight.db.reads import AnySelect, Reader
from meetsight.state import AppState

T = TypeVar("T")


async def test_cached_key_stops_working_when_it_expires(state: AppState, tenant: Tenant) -> None:
    secret = state.settings.hmac_secret()
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session,
            secret=secret,
            organization_id=tenant.org_id,
            name="short-lived",
            expires_at=utcnow() + timedelta(seconds=1.5),
        )
        await session.commit()
    verifier = ApiKeyVerifier(secret, cache_seconds=60, reader=state.reader)
    ctx = await verifier.verify(state.sessionmaker, created.key)
    assert ctx is not None and ctx.organization_id == tenant.org_id
    await asyncio.sleep(1.7)
    assert await verifier.verify(state.sessionmaker, created.key) is None


async def test_unknown_key_is_rejected_and_not_confused_with_a_known_one(
    state: AppState, tenant: Tenant
) -> None:
    verifier = ApiKeyVerifier(state.settings.hmac_secret(), cache_seconds=60, reader=state.reader)
    assert await verifier.verify(state.sessionmaker, tenant.key + "x") is None
    ctx = await verifier.verify(state.sessionmaker, tenant.key)
    assert ctx is not None and ctx.organization_id == tenant.org_id


async def test_concurrent_misses_for_one_key_share_one_lookup(
    state: AppState, tenant: Tenant
) -> None:
    """A busy key whose cache entry lapsed: its waiting requests must not each look it up
    (under load they queued past the pool's timeout when each took a session)."""
    reader = CountingReader(state.reader)
    verifier = ApiKeyVerifier(state.settings.hmac_secret(), cache_seconds=60, reader=reader)
    found = await asyncio.gather(
        *(verifier.verify(state.sessionmaker, tenant.key) for _ in range(20))
    )
    assert reader.fetched == 1
    assert all(ctx is not None and ctx.organization_id == tenant.org_id for ctx in found)
    other = await asyncio.gather(
        verifier.verify(state.sessionmaker, tenant.key + "x"),
        verifier.verify(state.sessionmaker, tenant.key + "y"),
    )
    assert other == [None, None] and reader.fetched == 3


class CountingReader:
    """The app's reader, counting the statements run through it."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self.fetched = 0

    async def fetch(self, statement: AnySelect, params: dict[str, Any]) -> Sequence[Any]:
        self.fetched += 1
        await asyncio.sleep(0)  # as a lookup on another engine would: the waiters pile up
        return await self._reader.fetch(statement, params)

    async def run_sync(self, fn: Callable[[Connection], T]) -> T:
        return await self._reader.run_sync(fn)

    def connect(self) -> Any:
        return self._reader.connect()

    def change_mark(self) -> int | None:
        return self._reader.change_mark()

    async def close(self) -> None:
        await self._reader.close()


async def test_revoked_and_deleted_keys_stop_working_within_the_cache_lifetime(
    state: AppState, tenant: Tenant
) -> None:
    """Revoked or deleted elsewhere (another process: nothing calls `forget`), a key cached as
    valid is refused as soon as its entry lapses: the lookup reads the latest commit."""
    secret = state.settings.hmac_secret()
    async with state.sessionmaker() as session:
        revoked = await create_api_key(
            session, secret=secret, organization_id=tenant.org_id, name="to revoke"
        )
        deleted = await create_api_key(
            session, secret=secret, organization_id=tenant.org_id, name="to delete"
        )
        await session.commit()
    verifier = ApiKeyVerifier(secret, cache_seconds=0.5, reader=state.reader)
    assert await verifier.verify(state.sessionmaker, revoked.key) is not None
    assert await verifier.verify(state.sessionmaker, deleted.key) is not None
    async with state.sessionmaker() as session:
        await revoke_api_key(session, key_id=revoked.record.id, organization_id=tenant.org_id)
        await session.execute(sa.delete(ApiKey).where(ApiKey.id == deleted.record.id))
        await session.commit()
    # Still trusted while cached (the documented window) ...
    assert await verifier.verify(state.sessionmaker, revoked.key) is not None
    await asyncio.sleep(0.6)
    # ... and refused once it lapses.
    assert await verifier.verify(state.sessionmaker, revoked.key) is None
    assert await verifier.verify(state.sessionmaker, deleted.key) is None
