"""/settings/api-keys: the key shown once and working on REST, revocation, scoping by role and
organization."""

from __future__ import annotations

import re

import httpx
import sqlalchemy as sa

from fixtures.factories import Tenant, make_tenant
from meetsight.audit.models import AuditEvent
from meetsight.auth.models import ApiKey
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, post_form, sign_in

PAGE = "/settings/api-keys"
KEY = re.compile(r'<code id="new-key-value">(msk_[^<]+)</code>')


async def create_key(
    client: httpx.AsyncClient, name: str, scopes: list[str], expires: str = ""
) -> httpx.Response:
    return await post_form(client, PAGE, PAGE, {"name": name, "scopes": scopes, "expires": expires})


async def test_key_is_shown_once_and_works(
    signed_in: httpx.AsyncClient, client: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    answer = await create_key(signed_in, "CRM sync", ["meetings:read"], expires="2099-01-31")
    assert answer.status_code == 303 and answer.headers["location"] == PAGE
    page = await signed_in.get(PAGE)
    found = KEY.search(page.text)
    assert found, page.text[:2000]
    key = found.group(1)
    again = await signed_in.get(PAGE)
    assert key not in again.text and "CRM sync" in again.text and key[:12] in again.text
    # The key works on REST with exactly its scope.
    listed = await client.get("/api/v1/meetings", headers={"x-api-key": key})
    assert listed.status_code == 200
    calls = await client.get("/api/v1/calls", headers={"x-api-key": key})
    assert calls.status_code == 403
    async with state.sessionmaker() as session:
        record = (
            await session.execute(sa.select(ApiKey).where(ApiKey.prefix == key[:12]))
        ).scalar_one()
        assert record.created_by_user_id == admin.id and record.expires_at is not None
        # Neither the key nor anything that reveals it sits in the database.
        flash = (
            await session.execute(
                sa.text("SELECT flash FROM web_sessions WHERE user_id = :u"), {"u": admin.id}
            )
        ).scalar()
        assert flash is None


async def test_sealed_flash_is_not_the_key(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    await create_key(signed_in, "sealed", ["calls:read"])
    async with state.sessionmaker() as session:
        sealed = (
            await session.execute(
                sa.text("SELECT flash FROM web_sessions WHERE user_id = :u"), {"u": admin.id}
            )
        ).scalar()
    assert sealed and "msk_" not in sealed
    assert KEY.search((await signed_in.get(PAGE)).text)


async def test_revoke_stops_the_key(
    signed_in: httpx.AsyncClient, client: httpx.AsyncClient, state: AppState, admin: WebUserInfo
) -> None:
    await create_key(signed_in, "to revoke", ["meetings:read"])
    key = KEY.search((await signed_in.get(PAGE)).text).group(1)  # type: ignore[union-attr]
    assert (await client.get("/api/v1/meetings", headers={"x-api-key": key})).status_code == 200
    async with state.sessionmaker() as session:
        key_id = (
            await session.execute(sa.select(ApiKey.id).where(ApiKey.prefix == key[:12]))
        ).scalar_one()
    answer = await post_form(signed_in, PAGE, f"{PAGE}/{key_id}/revoke", {})
    assert answer.status_code == 303
    assert (await client.get("/api/v1/meetings", headers={"x-api-key": key})).status_code == 401
    page = await signed_in.get(PAGE)
    assert "revoked" in page.text
    async with state.sessionmaker() as session:
        actions = set(
            (
                await session.execute(
                    sa.select(AuditEvent.action).where(AuditEvent.target_id == key_id)
                )
            ).scalars()
        )
    assert actions == {"api_key.created", "api_key.revoked"}


async def test_another_organizations_key_cannot_be_revoked(
    signed_in: httpx.AsyncClient, client: httpx.AsyncClient, state: AppState
) -> None:
    other = await make_tenant(state)
    async with state.sessionmaker() as session:
        key_id = (
            await session.execute(
                sa.select(ApiKey.id).where(ApiKey.organization_id == other.org_id)
            )
        ).scalar_one()
    answer = await post_form(signed_in, PAGE, f"{PAGE}/{key_id}/revoke", {})
    assert answer.status_code == 404 and "No such API key." in answer.text
    assert (await client.get("/api/v1/meetings", headers=other.headers)).status_code == 200


async def test_member_sees_and_revokes_only_own_keys(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant, admin: WebUserInfo
) -> None:
    member = await add_user(state, tenant.org_id, role="member")
    await sign_in(browser, member.email)
    await create_key(browser, "member key", ["calls:read"])
    page = await browser.get(PAGE)
    assert "member key" in page.text and "Your keys" in page.text
    assert 'name="test"' not in page.text and ">test<" not in page.text  # the tenant's key
    async with state.sessionmaker() as session:
        tenant_key_id = (
            await session.execute(
                sa.select(ApiKey.id).where(
                    ApiKey.organization_id == tenant.org_id, ApiKey.name == "test"
                )
            )
        ).scalar_one()
    answer = await post_form(browser, PAGE, f"{PAGE}/{tenant_key_id}/revoke", {})
    assert answer.status_code == 404


async def test_bad_input_is_shown_on_the_form(signed_in: httpx.AsyncClient) -> None:
    no_scope = await create_key(signed_in, "x", [])
    assert no_scope.status_code == 422 and "choose at least one" in no_scope.text
    past = await create_key(signed_in, "x", ["meetings:read"], expires="2001-01-01")
    assert past.status_code == 422 and "in the future" in past.text
    bad = await create_key(signed_in, "x", ["admin:all"])
    assert bad.status_code == 422 and "unknown scope" in bad.text
    empty = await create_key(signed_in, "  ", ["meetings:read"])
    assert empty.status_code == 422 and "must not be empty" in empty.text
