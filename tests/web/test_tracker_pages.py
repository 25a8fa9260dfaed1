"""The tracker pages over HTTP (in-process, SQLite and PostgreSQL): create, edit and delete with
the form token, the chart and the moments of the signed-in user's organization only, bad ranges
and bad forms as pages with the reason, built-in trackers read-only."""

from __future__ import annotations

import re

import httpx
import pytest

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.jobs import drain_jobs
from meetsight.state import AppState
from web.pages import WebUserInfo, add_user, form_token, sign_in


@pytest.fixture
async def browser_in(
    browser: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> httpx.AsyncClient:
    member: WebUserInfo = await add_user(state, tenant.org_id, role="member")
    assert (await sign_in(browser, member.email)).status_code == 303
    return browser


async def test_create_see_mentions_edit_and_delete(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    activity = await make_activity(state, tenant)  # the factory's script says "proposal"
    token = await form_token(browser_in, "/app/trackers")
    made = await browser_in.post(
        "/app/trackers",
        data={"csrf_token": token, "name": "Proposals", "keywords": "proposal, budget"},
    )
    assert made.status_code == 303
    location = made.headers["location"]
    assert re.fullmatch(r"/app/trackers/[0-9a-f-]+", location)
    await drain_jobs(state)
    page = (await browser_in.get(location)).text
    assert "Created “Proposals”" in page and 'class="week-chart"' in page
    assert f'href="/app/conversations/{activity}?t=48.00"' in page  # "...proposal by Friday."
    assert f'href="/app/conversations/{activity}?t=36.00"' in page  # "Budget is around..."
    assert "Olivia Owner" in page  # the rep
    edit = await browser_in.post(
        location,
        data={"csrf_token": token, "name": "Proposals", "keywords": "spreadsheets"},
    )
    assert edit.status_code == 303
    await drain_jobs(state)
    page = (await browser_in.get(location)).text
    assert "?t=12.00" in page and "?t=48.00" not in page
    bad = await browser_in.post(location, data={"csrf_token": token, "name": "P", "keywords": ""})
    assert bad.status_code == 422 and "keywords" in bad.text
    gone = await browser_in.post(f"{location}/delete", data={"csrf_token": token})
    assert gone.status_code == 303
    assert (await browser_in.get(location)).status_code == 404


async def test_ranges_forms_and_other_organizations(
    browser_in: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    token = await form_token(browser_in, "/app/trackers")
    other = await make_tenant(state)
    theirs = await browser_in.post(
        "/api/v1/trackers",
        json={"name": "Theirs", "keywords": ["x"]},
        headers=other.headers,
    )
    theirs_id = theirs.json()["data"]["id"]
    assert (await browser_in.get(f"/app/trackers/{theirs_id}")).status_code == 404
    changed = await browser_in.post(
        f"/app/trackers/{theirs_id}",
        data={"csrf_token": token, "name": "Mine now", "keywords": "y"},
    )
    assert changed.status_code == 404
    no_token = await browser_in.post("/app/trackers", data={"name": "X", "keywords": "x"})
    assert no_token.status_code == 403
    too_many = ", ".join(f"k{i}" for i in range(51))
    refused = await browser_in.post(
        "/app/trackers", data={"csrf_token": token, "name": "Many", "keywords": too_many}
    )
    assert refused.status_code == 422 and "keywords" in refused.text
    assert "k50" in refused.text  # what was typed stays in the form
    backwards = await browser_in.get(
        "/app/trackers/builtin-competitors?from=2026-10-10&to=2026-10-01"
    )
    assert backwards.status_code == 422 and "after its end" in backwards.text
    builtin = await browser_in.post(
        "/app/trackers/builtin-objections",
        data={"csrf_token": token, "name": "Mine", "keywords": "x"},
    )
    assert builtin.status_code == 403 and "read-only" in builtin.text
    listing = (await browser_in.get("/app/trackers")).text
    assert "Competitors (built in)" in listing and "Theirs" not in listing
