"""Sign-in, sign-out, sessions (cookie flags, expiry, idle timeout, server-side end) and the
redirect of signed-out visitors."""

from __future__ import annotations

from datetime import timedelta

import httpx
import sqlalchemy as sa
from starlette.responses import Response

from fixtures.factories import Tenant
from meetsight.audit.models import AuditEvent
from meetsight.config import Settings
from meetsight.db.base import utcnow
from meetsight.organizations.models import Person, User
from meetsight.state import AppState
from meetsight.web.context import WebContext
from meetsight.web.models import WebSession
from meetsight.web.sessions import hash_token, set_session_cookie
from web.pages import PASSWORD, WebUserInfo, add_user, csrf_from, post_form, sign_in


async def session_rows(state: AppState, user_id: str) -> list[WebSession]:
    async with state.sessionmaker() as session:
        rows = await session.execute(sa.select(WebSession).where(WebSession.user_id == user_id))
        return list(rows.scalars())


async def test_signed_out_visitor_is_sent_to_signin_with_next(browser: httpx.AsyncClient) -> None:
    answer = await browser.get("/app?tab=keys&x=1")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/signin?next=%2Fapp%3Ftab%3Dkeys%26x%3D1"


async def test_sign_in_sets_a_safe_cookie_and_stores_only_its_hash(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    answer = await sign_in(browser, admin.email, next_path="/app?from=signin")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/app?from=signin"
    cookie = next(
        v for k, v in answer.headers.multi_items() if k == "set-cookie" and "session=" in v
    )
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # the test app's public URL is http
    token = browser.cookies["meetsight_session"]
    [row] = await session_rows(state, admin.id)
    assert row.token_hash == hash_token(token) and token not in row.token_hash
    page = await browser.get("/app")
    assert page.status_code == 200
    assert "Admin Person" in page.text and "Org under test" in page.text


def test_cookie_is_secure_and_host_prefixed_behind_https() -> None:
    ctx = WebContext(settings=Settings(), secret=b"s", https=True)
    response = Response()
    set_session_cookie(response, ctx, "tok")
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("__Host-meetsight_session=tok;")
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie


async def test_wrong_password_is_refused_without_a_session(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    answer = await sign_in(browser, admin.email, password="not the password")
    assert answer.status_code == 401
    assert "Wrong email or password." in answer.text
    assert "meetsight_session" not in browser.cookies
    assert await session_rows(state, admin.id) == []
    unknown = await sign_in(browser, "nobody-" + admin.email)
    assert unknown.status_code == 401 and "Wrong email or password." in unknown.text


async def test_next_that_leaves_the_site_is_ignored(
    browser: httpx.AsyncClient, admin: WebUserInfo
) -> None:
    for target in ("//evil.example/x", "https://evil.example/", "/\\evil.example"):
        browser.cookies.clear()
        answer = await sign_in(browser, admin.email, next_path=target)
        assert answer.headers["location"] == "/app", target


async def test_sign_out_ends_the_session_on_the_server(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    token = signed_in.cookies["meetsight_session"]
    assert len(await session_rows(state, admin.id)) == 1
    answer = await post_form(signed_in, "/app", "/signout", {})
    assert answer.status_code == 303 and answer.headers["location"] == "/signin"
    assert await session_rows(state, admin.id) == []
    # The old cookie, replayed by anyone who kept it, opens nothing.
    signed_in.cookies.set("meetsight_session", token)
    assert (await signed_in.get("/app")).status_code == 303
    async with state.sessionmaker() as session:
        actions = (
            await session.execute(
                sa.select(AuditEvent.action).where(AuditEvent.target_id == admin.id)
            )
        ).scalars()
        assert {"signin.ok", "signout"} <= set(actions)


async def test_idle_session_expires(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    idle = state.settings.session_idle_seconds
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(WebSession)
            .where(WebSession.user_id == admin.id)
            .values(last_seen_at=utcnow() - timedelta(seconds=idle + 5))
        )
        await session.commit()
    answer = await signed_in.get("/app")
    assert answer.status_code == 303 and answer.headers["location"].startswith("/signin")
    assert await session_rows(state, admin.id) == []


async def test_session_expires_at_its_absolute_end(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    assert (await signed_in.get("/app")).status_code == 200
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(WebSession)
            .where(WebSession.user_id == admin.id)
            .values(expires_at=utcnow() - timedelta(seconds=1))
        )
        await session.commit()
    assert (await signed_in.get("/app")).status_code == 303
    assert await session_rows(state, admin.id) == []


async def test_a_new_sign_in_replaces_the_old_session(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    first = signed_in.cookies["meetsight_session"]
    # Signing in again from the same browser (GET /signin redirects a signed-in user, so post).
    page = await signed_in.get("/app")
    answer = await signed_in.post(
        "/signin",
        data={"csrf_token": csrf_from(page.text), "email": admin.email, "password": PASSWORD},
    )
    assert answer.status_code == 303
    rows = await session_rows(state, admin.id)
    assert len(rows) == 1 and rows[0].token_hash != hash_token(first)


async def test_signin_page_and_setup_redirect_a_signed_in_user(
    signed_in: httpx.AsyncClient,
) -> None:
    assert (await signed_in.get("/signin?next=/settings/api-keys")).headers[
        "location"
    ] == "/settings/api-keys"
    assert (await signed_in.get("/")).headers["location"] == "/app"
    assert (await signed_in.get("/setup")).headers["location"] == "/app"


async def test_removed_user_loses_the_session(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    member = await add_user(state, tenant.org_id, role="member")
    assert (await sign_in(browser, member.email)).status_code == 303
    async with state.sessionmaker() as session:
        await session.execute(sa.delete(Person).where(Person.user_id == member.id))
        await session.execute(sa.delete(User).where(User.id == member.id))
        await session.commit()
    assert (await browser.get("/app")).status_code == 303
