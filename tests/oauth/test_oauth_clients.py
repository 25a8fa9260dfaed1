"""Registered clients: validation, the secret shown once and stored as a hash, rotation, delete."""

from __future__ import annotations

import pytest

from fixtures.factories import Tenant
from meetsight.auth.oauth.clients import create_client, delete_client, list_clients, rotate_secret
from meetsight.auth.oauth.hashing import client_secret_matches
from meetsight.errors import NotFound, ValidationFailed
from meetsight.state import AppState

CALLBACK = "https://client.example/callback"


async def test_confidential_client_secret_is_hashed_and_rotates(
    state: AppState, tenant: Tenant
) -> None:
    async with state.sessionmaker() as session:
        client, secret = await create_client(
            session,
            tenant.org_id,
            name=" Claude ",
            redirect_uris=[CALLBACK, CALLBACK],
            scopes=None,
            confidential=True,
            created_by=tenant.user_id,
        )
        await session.commit()
        assert secret is not None and secret.startswith("mss_")
        assert client.secret_hash != secret and client_secret_matches(client.secret_hash, secret)
        assert client.name == "Claude" and client.redirect_uris == [CALLBACK]
        assert "offline_access" in client.scopes
        new_secret = await rotate_secret(session, tenant.org_id, client.client_id)
        await session.commit()
        listed = await list_clients(session, tenant.org_id)
        assert [c.client_id for c in listed] == [client.client_id]
        assert client_secret_matches(listed[0].secret_hash, new_secret)
        assert not client_secret_matches(listed[0].secret_hash, secret)


async def test_public_client_has_no_secret(state: AppState, tenant: Tenant) -> None:
    async with state.sessionmaker() as session:
        client, secret = await create_client(
            session,
            tenant.org_id,
            name="Cursor",
            redirect_uris=["cursor://anysphere.cursor-retrieval/oauth/callback"],
            scopes=["meetings:read"],
            confidential=False,
        )
        assert secret is None and client.secret_hash is None
        with pytest.raises(ValidationFailed):
            await rotate_secret(session, tenant.org_id, client.client_id)


@pytest.mark.parametrize(
    ("uris", "scopes", "fragment"),
    [
        ([], None, "at least one redirect URI"),
        (["http://example.com/cb"], None, "loopback"),
        (["javascript:alert(1)"], None, "absolute URI"),
        (["https://example.com/cb#x"], None, "fragment"),
        (["/relative"], None, "absolute URI"),
        ([CALLBACK], ["admin"], "unknown scope"),
        ([CALLBACK], ["offline_access"], "besides offline_access"),
    ],
)
async def test_invalid_registrations_are_refused(
    state: AppState, tenant: Tenant, uris: list[str], scopes: list[str] | None, fragment: str
) -> None:
    async with state.sessionmaker() as session:
        with pytest.raises(ValidationFailed, match=fragment):
            await create_client(
                session,
                tenant.org_id,
                name="x",
                redirect_uris=uris,
                scopes=scopes,
                confidential=False,
            )


async def test_other_organization_cannot_touch_a_client(
    state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    async with state.sessionmaker() as session:
        client, _ = await create_client(
            session,
            tenant.org_id,
            name="Mine",
            redirect_uris=["http://127.0.0.1:3000/cb"],
            scopes=None,
            confidential=True,
        )
        await session.commit()
        assert await list_clients(session, other_tenant.org_id) == []
        with pytest.raises(NotFound):
            await rotate_secret(session, other_tenant.org_id, client.client_id)
        with pytest.raises(NotFound):
            await delete_client(session, other_tenant.org_id, client.client_id)
        await delete_client(session, tenant.org_id, client.client_id)
        await session.commit()
        assert await list_clients(session, tenant.org_id) == []
