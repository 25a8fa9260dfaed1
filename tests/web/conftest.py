"""Page tests: one httpx client (one cookie jar, one "browser") per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import httpx
import pytest

from fixtures.factories import Tenant
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, sign_in


@pytest.fixture
async def browser(app_and_state: tuple[object, AppState]) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=app_and_state[0])  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        yield client


@pytest.fixture
def browser_factory(
    app_and_state: tuple[object, AppState],
) -> Callable[[], AbstractAsyncContextManager[httpx.AsyncClient]]:
    """More browsers (cookie jars) for one test: `async with browser_factory() as other:`."""

    @asynccontextmanager
    async def make() -> AsyncIterator[httpx.AsyncClient]:
        transport = httpx.ASGITransport(app=app_and_state[0])  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            yield c

    return make


@pytest.fixture
async def admin(state: AppState, tenant: Tenant) -> WebUserInfo:
    return await add_user(state, tenant.org_id, role="admin")


@pytest.fixture
async def signed_in(browser: httpx.AsyncClient, admin: WebUserInfo) -> httpx.AsyncClient:
    answer = await sign_in(browser, admin.email)
    assert answer.status_code == 303, answer.text[:300]
    return browser
