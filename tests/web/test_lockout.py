"""Lockout after repeated failures, the same for known and unknown emails; audit events."""

from __future__ import annotations

from datetime import timedelta

import httpx
import sqlalchemy as sa

from meetsight.audit.models import AuditEvent
from meetsight.db.base import utcnow
from meetsight.state import AppState
from meetsight.web.models import SigninAttempt
from web.pages import WebUserInfo, sign_in, unique_email


async def fail(browser: httpx.AsyncClient, email: str, times: int) -> list[int]:
    codes = []
    for _ in range(times):
        codes.append((await sign_in(browser, email, password="wrong password")).status_code)
    return codes


async def test_five_failures_lock_the_email_even_for_the_right_password(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    limit = state.settings.signin_max_failures
    assert await fail(browser, admin.email, limit) == [401] * limit
    locked = await sign_in(browser, admin.email)  # the right password
    assert locked.status_code == 429
    assert "Too many failed sign-ins for this email. Try again in 15 minutes." in locked.text
    assert "meetsight_session" not in browser.cookies
    async with state.sessionmaker() as session:
        actions = list(
            (
                await session.execute(
                    sa.select(AuditEvent.action).where(AuditEvent.target_id == admin.id)
                )
            ).scalars()
        )
    assert actions.count("signin.failed") == limit and actions.count("signin.locked") == 1


async def test_lock_ends_after_the_lockout_time(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    await fail(browser, admin.email, state.settings.signin_max_failures)
    assert (await sign_in(browser, admin.email)).status_code == 429
    settings = state.settings
    past = utcnow() - timedelta(seconds=settings.signin_lockout_seconds + 1)
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(SigninAttempt)
            .where(SigninAttempt.email == admin.email)
            .values(created_at=past)
        )
        await session.commit()
    assert (await sign_in(browser, admin.email)).status_code == 303


async def test_unknown_email_locks_the_same_way(
    browser: httpx.AsyncClient, state: AppState
) -> None:
    email = unique_email("ghost")
    limit = state.settings.signin_max_failures
    assert await fail(browser, email, limit) == [401] * limit
    answer = await sign_in(browser, email)
    assert answer.status_code == 429 and "Too many failed sign-ins" in answer.text


async def test_a_success_resets_the_count(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    limit = state.settings.signin_max_failures
    await fail(browser, admin.email, limit - 1)
    assert (await sign_in(browser, admin.email)).status_code == 303
    browser.cookies.clear()
    assert await fail(browser, admin.email, limit - 1) == [401] * (limit - 1)
    assert (await sign_in(browser, admin.email)).status_code == 303


async def test_failures_of_one_email_do_not_lock_another(
    browser: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    await fail(browser, unique_email("other"), state.settings.signin_max_failures + 1)
    assert (await sign_in(browser, admin.email)).status_code == 303
