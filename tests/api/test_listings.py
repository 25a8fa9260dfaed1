"""GET /meetings, /calls, /smart-categories, /call-notes: pagination, X-Total-Count, filters,
order (newest start first, then id), and meetings and calls never mixing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.shapes import CALL, MEETING, check, check_envelope
from meetsight.state import AppState

API = "/api/v1"


def at(day: str, hour: int = 15) -> datetime:
    return datetime.fromisoformat(f"{day}T{hour:02d}:00:00").replace(tzinfo=UTC)


@dataclass
class Listing:
    tenant: Tenant
    ids: dict[str, str]


MEETINGS = {  # name: (start, status, media type)
    "m1": ("Alpha kickoff", at("2026-01-10"), "completed", "videocall"),
    "m2": ("Beta review", at("2026-01-15", 23), "processing", "presential"),
    "m3": ("Gamma 50% plan", at("2026-02-01"), "completed", "videocall"),
    "m4": ("Gamma twin", at("2026-02-01"), "completed", "videocall"),
    "m5": ("Delta later", at("2026-03-05"), "scheduled", "videocall"),
}
CALLS = {  # name: (start, status, direction)
    "c1": ("Inbound from Acme", at("2026-01-12"), "completed", "inbound"),
    "c2": ("Outbound to ACME Corp", at("2026-02-20"), "processing", "outbound"),
    "c3": ("Renewal_call", at("2026-03-01", 0), "completed", "outbound"),
}


@pytest.fixture(scope="module")
async def listing(state: AppState) -> Listing:
    tenant = await make_tenant(state)
    ids: dict[str, str] = {}
    for key, (name, start, status, media_type) in MEETINGS.items():
        ids[key] = await make_activity(
            state, tenant, name=name, start=start, status=status, media_type=media_type, segments=1
        )
    for key, (name, start, status, direction) in CALLS.items():
        ids[key] = await make_activity(
            state,
            tenant,
            is_call=True,
            name=name,
            start=start,
            status=status,
            direction=direction,
            segments=1,
        )
    return Listing(tenant=tenant, ids=ids)


def _key_of(listing: Listing, activity_id: str) -> str:
    return next(k for k, v in listing.ids.items() if v == activity_id)


async def _list(
    client: httpx.AsyncClient, listing: Listing, path: str, **params: Any
) -> tuple[list[str], int, list[dict[str, Any]]]:
    r = await client.get(f"{API}{path}", params=params, headers=listing.tenant.headers)
    assert r.status_code == 200, r.text
    data = check_envelope(r.json())
    id_key = "meetingId" if path == "/meetings" else "callId"
    return [_key_of(listing, item[id_key]) for item in data], int(r.headers["x-total-count"]), data


def _tie(listing: Listing, a: str, b: str) -> list[str]:
    """Same start: the larger id first."""
    return sorted([a, b], key=lambda k: listing.ids[k], reverse=True)


async def test_meetings_newest_first_without_calls(
    client: httpx.AsyncClient, listing: Listing
) -> None:
    keys, total, data = await _list(client, listing, "/meetings")
    assert keys == ["m5", *_tie(listing, "m3", "m4"), "m2", "m1"]
    assert total == 5
    check(data, [MEETING])
    assert all(item["mediaType"] != "phonecall" and "callId" not in item for item in data)


async def test_calls_newest_first_only_calls(client: httpx.AsyncClient, listing: Listing) -> None:
    keys, total, data = await _list(client, listing, "/calls")
    assert keys == ["c3", "c2", "c1"]
    assert total == 3
    check(data, [CALL])
    assert [item["direction"] for item in data] == ["outbound", "outbound", "inbound"]


@pytest.mark.parametrize(("path", "count"), [("/meetings", 5), ("/calls", 3)])
async def test_pagination_walks_the_whole_listing(
    client: httpx.AsyncClient, listing: Listing, path: str, count: int
) -> None:
    everything, _, _ = await _list(client, listing, path, limit=100)
    assert len(everything) == count
    walked: list[str] = []
    for page in range(1, 5):
        keys, total, _ = await _list(client, listing, path, limit=2, page=page)
        assert total == count, page
        assert len(keys) == max(0, min(2, count - 2 * (page - 1)))
        walked.extend(keys)
    assert walked == everything
    keys, total, _ = await _list(client, listing, path, limit=1, page=count)
    assert (keys, total) == (everything[-1:], count)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"fromDate": "2026-01-15"}, ["m5", "m3", "m4", "m2"]),
        ({"toDate": "2026-01-15"}, ["m2", "m1"]),  # a bare toDate includes its whole day
        ({"fromDate": "2026-01-11", "toDate": "2026-02-01"}, ["m3", "m4", "m2"]),
        ({"fromDate": "2026-01-15T23:00:00Z", "toDate": "2026-01-15T23:00:01Z"}, ["m2"]),
        ({"fromDate": "2026-01-16T00:00:00+01:00", "toDate": "2026-01-16"}, ["m2"]),
        ({"status": "processing"}, ["m2"]),
        ({"status": "scheduled"}, ["m5"]),
        ({"status": "failed"}, []),
        ({"mediaType": "presential"}, ["m2"]),
        ({"mediaType": "videocall", "status": "completed"}, ["m3", "m4", "m1"]),
        ({"mediaType": "videocall", "toDate": "2026-02-28"}, ["m3", "m4", "m1"]),
    ],
)
async def test_meeting_filters(
    client: httpx.AsyncClient, listing: Listing, params: dict[str, str], expected: list[str]
) -> None:
    keys, total, _ = await _list(client, listing, "/meetings", **params)
    expected = list(expected)
    if "m3" in expected:
        at_m3 = expected.index("m3")
        expected[at_m3 : at_m3 + 2] = _tie(listing, "m3", "m4")
    assert keys == expected
    assert total == len(expected)


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"name": "acme"}, ["c2", "c1"]),
        ({"name": "ACME corp"}, ["c2"]),
        ({"name": "  acme  "}, ["c2", "c1"]),
        ({"name": "_"}, ["c3"]),  # a literal underscore, not LIKE's any-character
        ({"name": "%"}, []),
        ({"name": "nothing like it"}, []),
        ({"name": ""}, ["c3", "c2", "c1"]),
        ({"direction": "inbound"}, ["c1"]),
        ({"direction": "OUTBOUND"}, ["c3", "c2"]),
        ({"status": "processing"}, ["c2"]),
        ({"status": "completed", "direction": "outbound"}, ["c3"]),
        ({"fromDate": "2026-02-20"}, ["c3", "c2"]),
        ({"toDate": "2026-02-28"}, ["c2", "c1"]),
        ({"fromDate": "2026-01-01", "toDate": "2026-02-28", "name": "acme"}, ["c2", "c1"]),
    ],
)
async def test_call_filters(
    client: httpx.AsyncClient, listing: Listing, params: dict[str, str], expected: list[str]
) -> None:
    keys, total, _ = await _list(client, listing, "/calls", **params)
    assert keys == expected
    assert total == len(expected)


async def test_filtered_pagination_counts_the_filtered_total(
    client: httpx.AsyncClient, listing: Listing
) -> None:
    keys, total, _ = await _list(client, listing, "/meetings", status="completed", limit=1, page=2)
    assert total == 3
    assert keys == _tie(listing, "m3", "m4")[1:]
    keys, total, _ = await _list(client, listing, "/calls", direction="outbound", limit=1, page=3)
    assert (keys, total) == ([], 2)


async def test_a_phone_call_id_never_appears_among_meetings(
    client: httpx.AsyncClient, listing: Listing
) -> None:
    """Even when a filter would match it: calls carry mediaType phonecall."""
    keys, _, _ = await _list(client, listing, "/meetings", fromDate="2026-01-01", limit=100)
    assert not {"c1", "c2", "c3"} & set(keys)
    keys, _, _ = await _list(client, listing, "/calls", limit=100)
    assert set(keys) == {"c1", "c2", "c3"}


async def test_listings_see_only_their_organization(
    client: httpx.AsyncClient, state: AppState, listing: Listing
) -> None:
    stranger = await make_tenant(state)
    await make_activity(state, stranger, name="Stranger meeting")
    r = await client.get(f"{API}/meetings", params={"limit": 100}, headers=stranger.headers)
    assert [m["name"] for m in r.json()["data"]] == ["Stranger meeting"]
    keys, total, _ = await _list(client, listing, "/meetings", limit=100)
    assert total == 5 and len(keys) == 5


async def test_smart_categories_pagination(client: httpx.AsyncClient, listing: Listing) -> None:
    headers = listing.tenant.headers
    everything = (
        await client.get(f"{API}/smart-categories", params={"limit": 100}, headers=headers)
    ).json()["data"]
    assert len(everything) == len(listing.tenant.categories) == 8
    assert len(
        (await client.get(f"{API}/smart-categories", headers=headers)).json()["data"]
    ) == min(10, len(everything))
    walked = []
    for page in (1, 2, 3):
        r = await client.get(
            f"{API}/smart-categories", params={"limit": 3, "page": page}, headers=headers
        )
        assert r.headers["x-total-count"] == "8"
        walked.extend(check_envelope(r.json()))
    assert [c["id"] for c in walked] == [c["id"] for c in everything]


async def test_call_notes_one_entry_per_call_newest_first(
    client: httpx.AsyncClient, listing: Listing
) -> None:
    headers = listing.tenant.headers
    r = await client.get(f"{API}/call-notes", headers=headers)
    data = check_envelope(r.json())
    assert [_key_of(listing, e["callId"]) for e in data] == ["c3", "c2", "c1"]
    assert r.headers["x-total-count"] == "3"
    assert all(len(e["notes"]) == 1 for e in data)
    r = await client.get(f"{API}/call-notes", params={"limit": 2, "page": 2}, headers=headers)
    assert [_key_of(listing, e["callId"]) for e in r.json()["data"]] == ["c1"]
    assert r.headers["x-total-count"] == "3"
