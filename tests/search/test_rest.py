"""GET /api/v1/search: envelope and X-Total-Count, scopes per kind, 422 naming the parameter."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from fixtures.factories import make_tenant
from fixtures.shapes import check_envelope, check_error
from meetsight.state import AppState

from .helpers import make_transcribed

URL = "/api/v1/search"
LINE = ["We compared the pricing tiers with the competitor."]


async def test_hits_in_the_envelope_with_total_header(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, LINE, name="Pricing review")
    call = await make_transcribed(state, tenant, LINE, is_call=True, name="Follow-up")
    r = await client.get(URL, params={"q": "price", "limit": 1}, headers=tenant.headers)
    assert r.status_code == 200, r.text
    assert r.headers["X-Total-Count"] == "2"
    [hit] = check_envelope(r.json())
    assert hit["id"] == meeting and hit["type"] == "meeting" and hit["titleMatched"] is True
    assert hit["startDateTime"] == "2026-10-01T15:00:00Z"
    assert hit["matches"] == [
        {
            "position": 0,
            "speaker": "Olivia Owner",
            "side": "external",  # nobody of this transcript is marked internal or owns it
            "startTime": 0.0,
            "endTime": 9.5,
            "snippet": hit["matches"][0]["snippet"],
            "url": f"http://testserver/app/conversations/{meeting}?t=0.00",
        }
    ]
    assert "**pricing**" in hit["matches"][0]["snippet"]
    r = await client.get(URL, params={"q": "price", "limit": 1, "page": 2}, headers=tenant.headers)
    assert [h["id"] for h in check_envelope(r.json())] == [call]
    r = await client.get(
        URL,
        params={"q": "competitor", "type": "calls", "scope": "sentences", "direction": "OUTBOUND"},
        headers=tenant.headers,
    )
    assert [h["type"] for h in check_envelope(r.json())] == ["call"]


async def test_kinds_follow_the_keys_scopes(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state, scopes=["meetings:read"])
    meeting = await make_transcribed(state, tenant, LINE)
    await make_transcribed(state, tenant, LINE, is_call=True)
    r = await client.get(URL, params={"q": "pricing"}, headers=tenant.headers)
    assert [h["id"] for h in check_envelope(r.json())] == [meeting]
    assert r.headers["X-Total-Count"] == "1"
    r = await client.get(URL, params={"q": "pricing", "type": "calls"}, headers=tenant.headers)
    check_error(r, 403, contains="calls:read")
    writer = await make_tenant(state, scopes=["calls:write"])
    r = await client.get(URL, params={"q": "pricing"}, headers=writer.headers)
    check_error(r, 403)
    r = await client.get(URL, params={"q": "pricing"})
    check_error(r, 401)
    # The credential before the query (deps.Reader): a missing q is still a 401, then a 403.
    check_error(await client.get(URL), 401)
    check_error(await client.get(URL, headers=writer.headers), 403)
    check_error(await client.get(URL, headers=tenant.headers), 422)


async def test_another_organization_sees_nothing(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant, other = await make_tenant(state), await make_tenant(state)
    await make_transcribed(state, tenant, LINE)
    r = await client.get(URL, params={"q": "pricing"}, headers=other.headers)
    assert check_envelope(r.json()) == [] and r.headers["X-Total-Count"] == "0"


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({}, "q"),
        ({"q": ""}, "q"),
        ({"q": "AND OR"}, "q"),
        ({"q": "x" * 501}, "q"),
        ({"q": "price\x00"}, "q"),
        ({"q": "price", "scope": "body"}, "scope"),
        ({"q": "price", "type": "webinars"}, "type"),
        ({"q": "price", "fromDate": "yesterday"}, "fromDate"),
        ({"q": "price", "toDate": "2026-02-30"}, "toDate"),
        ({"q": "price", "limit": "51"}, "limit"),
        ({"q": "price", "limit": "0"}, "limit"),
        ({"q": "price", "page": "0"}, "page"),
        ({"q": "price", "direction": "sideways"}, "direction"),
        ({"q": "price", "fromDate": "2026-05-02", "toDate": "2026-05-01"}, "fromDate"),
    ],
)
async def test_bad_parameters_are_422_naming_them(
    client: httpx.AsyncClient, state: AppState, params: dict[str, Any], named: str
) -> None:
    tenant = await make_tenant(state)
    r = await client.get(URL, params=params, headers=tenant.headers)
    assert named in check_error(r, 422)
