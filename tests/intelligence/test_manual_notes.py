"""POST and DELETE .../notes: manual notes, validated, kept apart from the derived ones."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from test_stage import import_activity

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.shapes import check_error
from meetsight.auth.api_keys import create_api_key
from meetsight.state import AppState

API = "/api/v1"


def note(tenant: Tenant, **fields: Any) -> dict[str, Any]:
    return {"content": "Ask about the Q3 budget.", "smartCategoryId": tenant.categories[1].id} | (
        fields
    )


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_manual_note_is_created_listed_and_deleted(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, kind: str
) -> None:
    activity_id = await import_activity(client, tenant, kind)
    await drain_jobs(state)
    url = f"{API}/{kind}/{activity_id}/notes"
    body = note(tenant, tag="budget", priority="high", startTimestamp=12.5, endTimestamp=20)
    r = await client.post(url, headers=tenant.headers, json=body)
    assert r.status_code == 201, r.text
    created = r.json()["data"]
    assert created["content"] == "Ask about the Q3 budget."
    assert (created["isManual"], created["priority"], created["tag"]) == (True, "high", "budget")
    assert created["startTimestamp"] == 12.5
    listed = (await client.get(url, headers=tenant.headers)).json()["data"]["notes"]
    assert created in listed
    derived = [n for n in listed if not n["isManual"]]
    assert derived

    r = await client.delete(f"{url}/{derived[0]['id']}", headers=tenant.headers)
    check_error(r, 409, contains="Only manual notes")
    r = await client.delete(f"{url}/{created['id']}", headers=tenant.headers)
    assert r.status_code == 200 and r.json()["data"] is True
    after = (await client.get(url, headers=tenant.headers)).json()["data"]["notes"]
    assert created not in after and len(after) == len(listed) - 1
    r = await client.delete(f"{url}/{created['id']}", headers=tenant.headers)
    check_error(r, 404, contains="Note not found")


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"content": ""}, "content"),
        ({"content": "   "}, "blank"),
        ({"content": None}, "content"),
        ({"smartCategoryId": "nope"}, "smartCategoryId"),
        ({"priority": "urgent"}, "priority"),
        ({"startTimestamp": 30, "endTimestamp": 10}, "endTimestamp"),
        ({"startTimestamp": -1}, "startTimestamp"),
        ({"tag": "x\u0000"}, "NUL"),
        ({"content": "y" * 10_001}, "content"),
    ],
    ids=["empty", "blank", "null", "category", "priority", "order", "negative", "nul", "long"],
)
async def test_bad_manual_notes_are_422_and_store_nothing(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, change: dict[str, Any], needle: str
) -> None:
    call_id = await import_activity(client, tenant)
    url = f"{API}/calls/{call_id}/notes"
    before = (await client.get(url, headers=tenant.headers)).json()["data"]["notes"]
    r = await client.post(url, headers=tenant.headers, json=note(tenant, **change))
    check_error(r, 422, contains=needle)
    assert (await client.get(url, headers=tenant.headers)).json()["data"]["notes"] == before


async def test_other_orgs_category_key_scope_and_ids(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    call_id = await import_activity(client, tenant)
    url = f"{API}/calls/{call_id}/notes"
    r = await client.post(url, headers=tenant.headers, json=note(other_tenant))
    check_error(r, 422, contains="smartCategoryId")
    r = await client.post(url, json=note(tenant))
    check_error(r, 401)
    r = await client.post(url, headers=other_tenant.headers, json=note(other_tenant))
    check_error(r, 404)
    r = await client.post(
        f"{API}/meetings/{call_id}/notes", headers=tenant.headers, json=note(tenant)
    )
    check_error(r, 404)
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session,
            secret=state.settings.hmac_secret(),
            organization_id=tenant.org_id,
            name="read only",
            scopes=["calls:read"],
        )
        await session.commit()
    r = await client.post(url, headers={"x-api-key": created.key}, json=note(tenant))
    check_error(r, 403)
