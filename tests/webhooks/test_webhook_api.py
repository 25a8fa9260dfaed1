"""The /webhooks REST surface: envelope, validation naming the field, scopes, tenancy."""

from __future__ import annotations

import httpx
import pytest

from fixtures.factories import make_tenant
from meetsight.state import AppState

API = "/api/v1"
PUBLIC = "https://hooks.example.com/meetsight"


async def test_crud_round_trip(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    made = await client.post(
        f"{API}/webhooks",
        json={"url": PUBLIC, "description": "CRM sync", "secret": "s" * 24},
        headers=tenant.headers,
    )
    assert made.status_code == 201
    body = made.json()
    assert body["statusCode"] == 201 and body["count"] == 1 and body["error"] is None
    hook = body["data"]
    assert hook["secret"] == "s" * 24
    assert hook["events"] == ["meeting_status_changed"] and hook["active"] is True

    listed = await client.get(f"{API}/webhooks", headers=tenant.headers)
    assert listed.headers["x-total-count"] == "1"
    assert [h["id"] for h in listed.json()["data"]] == [hook["id"]]
    assert listed.json()["data"][0]["secret"] is None

    changed = await client.patch(
        f"{API}/webhooks/{hook['id']}",
        json={"url": "https://other.example.com/in", "events": ["meeting_status_changed"]},
        headers=tenant.headers,
    )
    assert changed.status_code == 200
    assert changed.json()["data"]["url"] == "https://other.example.com/in"
    assert changed.json()["data"]["description"] == "CRM sync"

    gone = await client.delete(f"{API}/webhooks/{hook['id']}", headers=tenant.headers)
    assert gone.json() == {"statusCode": 200, "count": 1, "error": None, "data": True}
    missing = await client.get(f"{API}/webhooks/{hook['id']}", headers=tenant.headers)
    assert missing.status_code == 404
    assert missing.json()["error"] == "Webhook not found"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "ftp://example.com/x"}, "url"),
        ({"url": "https://user:pw@example.com/x"}, "url"),
        ({"url": "http://127.0.0.1:9/x"}, "url"),
        ({"url": "http://localhost/x"}, "url"),
        ({"url": "http://169.254.169.254/latest"}, "url"),
        ({"url": "http://[::1]/x"}, "url"),
        ({}, "url"),
        ({"url": PUBLIC, "events": ["meeting_created"]}, "events"),
        ({"url": PUBLIC, "events": []}, "events"),
        ({"url": PUBLIC, "secret": "short"}, "secret"),
        ({"url": PUBLIC, "active": "yes"}, "active"),
        ({"url": PUBLIC, "colour": "red"}, "colour"),
    ],
)
async def test_bad_bodies_are_422_naming_the_field(
    client: httpx.AsyncClient, state: AppState, body: dict, field: str
) -> None:
    tenant = await make_tenant(state)
    answer = await client.post(f"{API}/webhooks", json=body, headers=tenant.headers)
    assert answer.status_code == 422, answer.text
    envelope = answer.json()
    assert envelope["statusCode"] == 422 and envelope["data"] is None
    assert envelope["error"].startswith(f"{field}:"), envelope["error"]


async def test_patch_refuses_null_and_bad_url(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    made = await client.post(f"{API}/webhooks", json={"url": PUBLIC}, headers=tenant.headers)
    hook_id = made.json()["data"]["id"]
    for body, field in (({"url": None}, "url"), ({"url": "http://10.1.2.3/"}, "url")):
        answer = await client.patch(f"{API}/webhooks/{hook_id}", json=body, headers=tenant.headers)
        assert answer.status_code == 422
        assert answer.json()["error"].startswith(f"{field}:")


async def test_another_organizations_webhook_is_not_found(
    client: httpx.AsyncClient, state: AppState
) -> None:
    owner, other = await make_tenant(state), await make_tenant(state)
    made = await client.post(f"{API}/webhooks", json={"url": PUBLIC}, headers=owner.headers)
    hook_id = made.json()["data"]["id"]
    for method, path, body in (
        ("GET", f"/webhooks/{hook_id}", None),
        ("PATCH", f"/webhooks/{hook_id}", {"active": False}),
        ("DELETE", f"/webhooks/{hook_id}", None),
        ("GET", f"/webhooks/{hook_id}/deliveries", None),
    ):
        answer = await client.request(method, f"{API}{path}", json=body, headers=other.headers)
        assert answer.status_code == 404, (method, path)
    assert (await client.get(f"{API}/webhooks", headers=other.headers)).json()["data"] == []
    still = await client.get(f"{API}/webhooks/{hook_id}", headers=owner.headers)
    assert still.json()["data"]["active"] is True


async def test_scopes(client: httpx.AsyncClient, state: AppState) -> None:
    reader = await make_tenant(state, scopes=["meetings:read", "calls:read"])
    half = await make_tenant(state, scopes=["meetings:write"])
    for tenant in (reader, half):
        answer = await client.get(f"{API}/webhooks", headers=tenant.headers)
        assert answer.status_code == 403
        refused = await client.post(f"{API}/webhooks", json={}, headers=tenant.headers)
        assert refused.status_code == 403  # before the body is looked at
    anonymous = await client.get(f"{API}/webhooks")
    assert anonymous.status_code == 401


async def test_at_most_twenty_per_organization(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    for i in range(20):
        made = await client.post(
            f"{API}/webhooks", json={"url": f"{PUBLIC}/{i}"}, headers=tenant.headers
        )
        assert made.status_code == 201
    extra = await client.post(f"{API}/webhooks", json={"url": PUBLIC}, headers=tenant.headers)
    assert extra.status_code == 409
    page = await client.get(f"{API}/webhooks?limit=5&page=4", headers=tenant.headers)
    assert page.headers["x-total-count"] == "20" and len(page.json()["data"]) == 5
