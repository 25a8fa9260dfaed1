"""Rotating the HMAC secret: keys made with a previous secret keep working while it is listed in
previous_secret_keys, and each is moved to the new secret the first time it is used."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.auth.api_keys import ApiKeyVerifier, create_api_key, hash_key
from meetsight.auth.models import ApiKey
from meetsight.config import Settings
from meetsight.state import AppState

OLD, NEW = b"secret-being-rotated-out", b"secret-rotated-in"


async def _key_made_with(state: AppState, tenant: Tenant, secret: bytes) -> tuple[str, str]:
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session, secret=secret, organization_id=tenant.org_id, name="rotation"
        )
        await session.commit()
    return created.record.id, created.key


async def _stored_hash(state: AppState, key_id: str) -> str:
    async with state.sessionmaker() as session:
        query = sa.select(ApiKey.key_hash).where(ApiKey.id == key_id)
        return str((await session.execute(query)).scalar_one())


async def test_keys_of_the_previous_secret_work_and_move_to_the_new_one(
    state: AppState, tenant: Tenant
) -> None:
    key_id, key = await _key_made_with(state, tenant, OLD)
    unused_id, unused = await _key_made_with(state, tenant, OLD)

    # Without the previous secret listed, the new one alone refuses the old keys.
    assert (
        await ApiKeyVerifier(NEW, 0, reader=state.reader).verify(state.sessionmaker, unused) is None
    )

    rotating = ApiKeyVerifier(NEW, 0, previous_secrets=[OLD], reader=state.reader)
    ctx = await rotating.verify(state.sessionmaker, key)
    assert ctx is not None and (ctx.organization_id, ctx.credential_id) == (tenant.org_id, key_id)
    assert await _stored_hash(state, key_id) == hash_key(NEW, key)  # moved on first use
    assert await _stored_hash(state, unused_id) == hash_key(OLD, unused)  # not used yet

    # Once moved, the key no longer needs the previous secret; an unused one still does.
    after = ApiKeyVerifier(NEW, 0, reader=state.reader)
    assert await after.verify(state.sessionmaker, key) is not None
    assert await after.verify(state.sessionmaker, unused) is None
    # A key of neither secret is refused, and a wrong key is not confused with a right one.
    _, foreign = await _key_made_with(state, tenant, b"some-other-secret")
    assert await rotating.verify(state.sessionmaker, foreign) is None
    assert await rotating.verify(state.sessionmaker, unused + "x") is None


def test_previous_secrets_setting_reads_a_json_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEETSIGHT_PREVIOUS_SECRET_KEYS", '["one", "two"]')
    assert Settings().previous_hmac_secrets() == [b"one", b"two"]
