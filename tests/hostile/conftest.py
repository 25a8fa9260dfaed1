"""Hostile-input tests: one tenant with a meeting, a call, a category, a webhook and an OAuth
client, an API key and a signed-in admin browser, shared by a module so that walking every
route stays cheap."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant, make_activity, make_tenant
from meetsight.state import AppState
from web.pages import add_user, form_token, sign_in

API = "/api/v1"


@dataclass
class Target:
    tenant: Tenant
    meeting: str
    call: str
    browser: httpx.AsyncClient  # signed in as an admin of the tenant's organization
    csrf: str

    @property
    def headers(self) -> dict[str, str]:
        return self.tenant.headers


@pytest.fixture(scope="module")
async def target(
    app_and_state: tuple[Any, AppState],
) -> AsyncIterator[Target]:
    app, state = app_and_state
    tenant = await make_tenant(state)
    meeting = await make_activity(state, tenant)
    call = await make_activity(state, tenant, is_call=True, name="Acme call")
    admin = await add_user(state, tenant.org_id, role="admin")
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as browser:
        assert (await sign_in(browser, admin.email)).status_code == 303
        csrf = await form_token(browser, "/settings/api-keys")
        yield Target(tenant, meeting, call, browser, csrf)


def is_page(response: httpx.Response, status: int) -> str:
    """The HTML error page with this status; returns its text."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("text/html"), response.headers
    assert "<h1>" in response.text
    return response.text
