"""/settings/webhooks: admins add an endpoint (secret shown once, usable to verify a delivery),
switch it off, rotate its secret, read its delivery log and delete it; members are refused;
another organization's webhook is a 404."""

from __future__ import annotations

import re

import httpx
import sqlalchemy as sa

from fixtures.factories import Tenant, make_tenant
from meetsight.audit.models import AuditEvent
from meetsight.state import AppState
from meetsight.webhooks.models import WebhookEndpoint
from web.pages import WebUserInfo, add_user, post_form, sign_in

PAGE = "/settings/webhooks"
SECRET = re.compile(r'<code id="new-secret-value">(whsec_[^<]+)</code>')
URL = "https://hooks.example.com/meetsight"


async def endpoint_of(state: AppState, org_id: str) -> WebhookEndpoint:
    async with state.sessionmaker() as session:
        return (
            await session.execute(
                sa.select(WebhookEndpoint).where(WebhookEndpoint.organization_id == org_id)
            )
        ).scalar_one()


async def test_add_switch_rotate_delete(
    signed_in: httpx.AsyncClient, admin: WebUserInfo, state: AppState
) -> None:
    added = await post_form(signed_in, PAGE, PAGE, {"url": URL, "description": "CRM"})
    assert added.status_code == 303 and added.headers["location"] == PAGE
    page = await signed_in.get(PAGE)
    secret = SECRET.search(page.text)
    assert secret and URL in page.text
    hook = await endpoint_of(state, admin.org_id)
    assert hook.secret == secret.group(1) and hook.description == "CRM"
    again = await signed_in.get(PAGE)
    assert secret.group(1) not in again.text  # shown once

    off = await post_form(signed_in, PAGE, f"{PAGE}/{hook.id}/active", {"active": "false"})
    assert off.status_code == 303
    assert (await endpoint_of(state, admin.org_id)).active is False
    assert "disabled" in (await signed_in.get(PAGE)).text

    rotated = await post_form(signed_in, PAGE, f"{PAGE}/{hook.id}/rotate", {})
    assert rotated.status_code == 303
    fresh = SECRET.search((await signed_in.get(PAGE)).text)
    assert fresh and fresh.group(1) != secret.group(1)
    assert (await endpoint_of(state, admin.org_id)).secret == fresh.group(1)

    log = await signed_in.get(f"{PAGE}/{hook.id}")
    assert log.status_code == 200 and "Nothing has been sent" in log.text

    gone = await post_form(signed_in, PAGE, f"{PAGE}/{hook.id}/delete", {})
    assert gone.status_code == 303
    async with state.sessionmaker() as session:
        left = await session.scalar(
            sa.select(sa.func.count())
            .select_from(WebhookEndpoint)
            .where(WebhookEndpoint.organization_id == admin.org_id)
        )
        actions = list(
            await session.scalars(
                sa.select(AuditEvent.action)
                .where(AuditEvent.organization_id == admin.org_id)
                .where(AuditEvent.action.like("webhook.%"))
                .order_by(AuditEvent.created_at)
            )
        )
    assert left == 0
    assert actions == ["webhook.created", "webhook.changed", "webhook.rotated", "webhook.deleted"]


async def test_bad_url_shows_the_form_again(
    signed_in: httpx.AsyncClient, admin: WebUserInfo
) -> None:
    answer = await post_form(signed_in, PAGE, PAGE, {"url": "http://127.0.0.1:8080/in"})
    assert answer.status_code == 422
    assert "url: 127.0.0.1 is a loopback address" in answer.text
    assert 'value="http://127.0.0.1:8080/in"' in answer.text
    bad = await post_form(signed_in, PAGE, PAGE, {"url": "ftp://example.com/"})
    assert bad.status_code == 422 and "url: must be http or https, not ftp" in bad.text


async def test_members_are_refused(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    member = await add_user(state, tenant.org_id, role="member")
    await sign_in(browser, member.email)
    assert (await browser.get(PAGE)).status_code == 403
    home = await browser.get("/app")
    assert f'href="{PAGE}"' not in home.text


async def test_another_organizations_webhook_is_not_found(
    signed_in: httpx.AsyncClient, client: httpx.AsyncClient, state: AppState
) -> None:
    other = await make_tenant(state)
    made = await client.post("/api/v1/webhooks", json={"url": URL}, headers=other.headers)
    foreign = made.json()["data"]["id"]
    assert (await signed_in.get(f"{PAGE}/{foreign}")).status_code == 404
    for action in ("active", "rotate", "delete"):
        answer = await post_form(signed_in, PAGE, f"{PAGE}/{foreign}/{action}", {"active": "false"})
        assert answer.status_code == 404
    still = await endpoint_of(state, other.org_id)
    assert still.active is True and still.secret == made.json()["data"]["secret"]
