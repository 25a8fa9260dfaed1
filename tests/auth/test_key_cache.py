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
