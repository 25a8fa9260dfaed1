"""The verified-key cache never outlives the key's own expiry."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from fixtures.factories import Tenant
from meetsight.auth.api_keys import ApiKeyVerifier, create_api_key
from meetsight.db.base import utcnow
from meetsight.state import AppState


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
    verifier = ApiKeyVerifier(secret, cache_seconds=60)
    ctx = await verifier.verify(state.sessionmaker, created.key)
    assert ctx is not None and ctx.organization_id == tenant.org_id
    await asyncio.sleep(1.7)
    assert await verifier.verify(state.sessionmaker, created.key) is None


async def test_unknown_key_is_rejected_and_not_confused_with_a_known_one(
    state: AppState, tenant: Tenant
) -> None:
    verifier = ApiKeyVerifier(state.settings.hmac_secret(), cache_seconds=60)
    assert await verifier.verify(state.sessionmaker, tenant.key + "x") is None
    ctx = await verifier.verify(state.sessionmaker, tenant.key)
    assert ctx is not None and ctx.organization_id == tenant.org_id


async def test_concurrent_misses_for_one_key_share_one_lookup(
    state: AppState, tenant: Tenant
) -> None:
    """A busy key whose cache entry lapsed: its waiting requests must not each take a session
    (SQLite has one pooled connection; under load they queued past the pool's timeout)."""
    opened = 0

    def counting_sessionmaker():  # type: ignore[no-untyped-def]
        nonlocal opened
        opened += 1
        return state.sessionmaker()

    verifier = ApiKeyVerifier(state.settings.hmac_secret(), cache_seconds=60)
    found = await asyncio.gather(
        *(verifier.verify(counting_sessionmaker, tenant.key) for _ in range(20))  # type: ignore[arg-type]
    )
    assert opened == 1
    assert all(ctx is not None and ctx.organization_id == tenant.org_id for ctx in found)
    other = await asyncio.gather(
        verifier.verify(counting_sessionmaker, tenant.key + "x"),  # type: ignore[arg-type]
        verifier.verify(counting_sessionmaker, tenant.key + "y"),  # type: ignore[arg-type]
    )
    assert other == [None, None] and opened == 3
