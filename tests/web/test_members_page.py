"""/settings/members and /settings/audit: admins only; role rules; the last owner stays."""

from __future__ import annotations

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.auth.models import ApiKey
from meetsight.organizations.models import User
from meetsight.state import AppState
from web.pages import PASSWORD, WebUserInfo, add_user, post_form, sign_in, unique_email

PAGE = "/settings/members"


async def role_of(state: AppState, user_id: str) -> str | None:
    async with state.sessionmaker() as session:
        return (
            await session.execute(sa.select(User.role).where(User.id == user_id))
        ).scalar_one_or_none()


@pytest.mark.parametrize(
    "path", ["/settings/members", "/settings/audit", "/settings/oauth-clients"]
)
async def test_member_cannot_open_admin_pages(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant, path: str
) -> None:
    member = await add_user(state, tenant.org_id, role="member")
    await sign_in(browser, member.email)
    answer = await browser.get(path)
    assert answer.status_code == 403 and "Only owners and admins" in answer.text
    home = await browser.get("/app")
    assert 'href="/settings/members"' not in home.text


async def test_member_cannot_post_to_admin_actions(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    member = await add_user(state, tenant.org_id, role="member")
    admin = await add_user(state, tenant.org_id, role="admin")
    await sign_in(browser, member.email)
    answer = await post_form(browser, "/app", f"{PAGE}/{admin.id}/role", {"role": "member"})
    assert answer.status_code == 403
    assert await role_of(state, admin.id) == "admin"


async def test_admin_adds_a_member_who_can_sign_in(
    signed_in: httpx.AsyncClient, browser_factory, state: AppState
) -> None:
    email = unique_email("new")
    answer = await post_form(
        signed_in,
        PAGE,
        PAGE,
        {"email": email, "name": "New Person", "role": "member", "password": PASSWORD},
    )
    assert answer.status_code == 303
    assert email in (await signed_in.get(PAGE)).text
    async with browser_factory() as other:
        assert (await sign_in(other, email)).status_code == 303
    audit = await signed_in.get("/settings/audit")
    assert "Added member" in audit.text and email in audit.text


async def test_admin_cannot_make_or_touch_owners(
    signed_in: httpx.AsyncClient, state: AppState, admin: WebUserInfo
) -> None:
    owner = await add_user(state, admin.org_id, role="owner")
    made = await post_form(
        signed_in,
        PAGE,
        PAGE,
        {"email": unique_email(), "name": "X", "role": "owner", "password": PASSWORD},
    )
    assert made.status_code == 403 and "Only an owner" in made.text
    demote = await post_form(signed_in, PAGE, f"{PAGE}/{owner.id}/role", {"role": "member"})
    assert demote.status_code == 403
    removed = await post_form(signed_in, PAGE, f"{PAGE}/{owner.id}/remove", {})
    assert removed.status_code == 403
    assert await role_of(state, owner.id) == "owner"


async def test_last_owner_cannot_be_demoted_or_removed(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    # make_tenant's owner has no password; the only owner who signs in is this one.
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(User).where(User.organization_id == tenant.org_id).values(role="member")
        )
        await session.commit()
    owner = await add_user(state, tenant.org_id, role="owner")
    second = await add_user(state, tenant.org_id, role="owner")
    await sign_in(browser, owner.email)
    # With two owners one may go; then the last one stays.
    assert (
        await post_form(browser, PAGE, f"{PAGE}/{second.id}/role", {"role": "admin"})
    ).status_code == 303
    assert await role_of(state, second.id) == "admin"
    async with state.sessionmaker() as session:
        await session.execute(sa.update(User).where(User.id == second.id).values(role="owner"))
        await session.commit()
    assert (await post_form(browser, PAGE, f"{PAGE}/{second.id}/remove", {})).status_code == 303
    assert await role_of(state, second.id) is None
    # Now `owner` is the last owner: they can neither step down nor leave.
    self_demote = await post_form(browser, PAGE, f"{PAGE}/{owner.id}/role", {"role": "admin"})
    assert self_demote.status_code == 422 and "last owner" in self_demote.text
    assert await role_of(state, owner.id) == "owner"
    self_remove = await post_form(browser, PAGE, f"{PAGE}/{owner.id}/remove", {})
    assert self_remove.status_code == 422 and "cannot remove yourself" in self_remove.text


async def test_removing_a_member_ends_sessions_and_revokes_their_keys(
    signed_in: httpx.AsyncClient,
    browser_factory,
    client: httpx.AsyncClient,
    state: AppState,
    admin: WebUserInfo,
) -> None:
    member = await add_user(state, admin.org_id, role="member")
    async with browser_factory() as theirs:
        await sign_in(theirs, member.email)
        await post_form(
            theirs,
            "/settings/api-keys",
            "/settings/api-keys",
            {"name": "theirs", "scopes": ["meetings:read"]},
        )
        page = (await theirs.get("/settings/api-keys")).text
        key = page.split('<code id="new-key-value">')[1].split("<")[0]
        assert (await client.get("/api/v1/meetings", headers={"x-api-key": key})).status_code == 200
        answer = await post_form(signed_in, PAGE, f"{PAGE}/{member.id}/remove", {})
        assert answer.status_code == 303
        assert (await theirs.get("/app")).status_code == 303
    state.api_keys.forget()
    assert (await client.get("/api/v1/meetings", headers={"x-api-key": key})).status_code == 401
    async with state.sessionmaker() as session:
        revoked = (
            await session.execute(
                sa.select(ApiKey.revoked_at).where(ApiKey.created_by_user_id == member.id)
            )
        ).scalar_one()
    assert revoked is not None


async def test_other_organizations_member_is_404(
    signed_in: httpx.AsyncClient, state: AppState
) -> None:
    from fixtures.factories import make_tenant

    other = await make_tenant(state)
    answer = await post_form(signed_in, PAGE, f"{PAGE}/{other.user_id}/role", {"role": "admin"})
    assert answer.status_code == 404
    answer = await post_form(signed_in, PAGE, f"{PAGE}/{other.user_id}/remove", {})
    assert answer.status_code == 404
    assert await role_of(state, other.user_id) == "owner"


async def test_audit_log_lists_sign_ins_newest_first(
    signed_in: httpx.AsyncClient, admin: WebUserInfo
) -> None:
    page = await signed_in.get("/settings/audit")
    assert page.status_code == 200
    assert "Signed in" in page.text and admin.email in page.text
