"""REST /trackers end to end: conversations imported and processed by the real worker, trackers
created through the API and indexed by their job; mentions by words and by meaning with their
moments and links, counts per week and per rep, the built-in trackers from the engine's
findings, scopes, and bad input as a 4xx envelope."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_person, make_tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from fixtures.shapes import check_envelope, check_error
from meetsight.auth.api_keys import create_api_key
from meetsight.auth.scopes import CALLS_READ
from meetsight.errors import NotFound
from meetsight.state import AppState
from meetsight.trackers.models import TrackerMention
from meetsight.trackers.tasks import enqueue_reindex_all

API = "/api/v1"
URL = f"{API}/trackers"


def _vtt(lines: list[tuple[str, str]]) -> str:
    cues = []
    for i, (speaker, text) in enumerate(lines):
        cues.append(f"00:00:{i * 5:02d}.000 --> 00:00:{i * 5 + 4:02d}.000\n<v {speaker}>{text}\n")
    return "WEBVTT\n\n" + "\n".join(cues)


PRICING_CALL = [
    ("Olivia Owner", "Thanks for making the time today, Carl."),
    ("Carl Customer", "Honestly, Routemaster Pro came in quite a bit cheaper than you."),
    ("Olivia Owner", "Understood. What does your pricing look like with them today?"),
    ("Carl Customer", "We pay about two hundred per month, and the price is what matters."),
    ("Olivia Owner", "Our priceless support is included, by the way."),
    ("Carl Customer", "I'm worried the integration will take too long for our small team."),
    ("Olivia Owner", "I'll send the proposal by Friday."),
]
SECURITY_CALL = [
    ("Olivia Owner", "Good morning, shall we start?"),
    ("Carl Customer", "Do you encrypt the recordings at rest, and where are they hosted?"),
    ("Olivia Owner", "Yes, everything is encrypted and hosted in Frankfurt."),
    ("Carl Customer", "Great. Our security team will send their questionnaire."),
]


async def _import(
    client: httpx.AsyncClient,
    tenant: Tenant,
    lines: list[tuple[str, str]],
    *,
    kind: str = "meetings",
    start: str = "2026-10-06T10:00:00Z",
    owner: str | None = None,
) -> str:
    fields = [("name", "Call with Carl"), ("startDateTime", start)]
    fields.append(("ownerId", owner or tenant.person_id))
    body, headers = multipart(fields, [("transcript", "t.vtt", _vtt(lines).encode(), "text/vtt")])
    r = await client.post(
        f"{API}/{kind}/upload", content=body, headers={**tenant.headers, **headers}
    )
    assert r.status_code == 201, r.text
    return str(next(iter(check_envelope(r.json(), status=201).values())))


async def _create(client: httpx.AsyncClient, tenant: Tenant, **body: Any) -> dict[str, Any]:
    r = await client.post(URL, json=body, headers=tenant.headers)
    assert r.status_code == 201, r.text
    return dict(check_envelope(r.json(), status=201))


async def _mentions(
    client: httpx.AsyncClient, tenant: Tenant, tracker_id: str, **params: Any
) -> list[dict[str, Any]]:
    r = await client.get(
        f"{URL}/{tracker_id}/mentions", params={"limit": 100, **params}, headers=tenant.headers
    )
    assert r.status_code == 200, r.text
    return list(check_envelope(r.json()))


@pytest.fixture
async def fresh(state: AppState) -> Tenant:
    return await make_tenant(state)


async def test_words_meaning_counts_and_links(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    first = await _import(client, fresh, PRICING_CALL)
    rep = await make_person(state, fresh.org_id, "Rita Rep", is_internal=True)
    second = await _import(
        client, fresh, SECURITY_CALL, kind="calls", start="2026-10-15T09:00:00Z", owner=rep
    )
    await drain_jobs(state)
    pricing = await _create(
        client, fresh, name="Pricing", keywords=["price", "PRICING", "per  month"]
    )
    security = await _create(
        client,
        fresh,
        name="Security",
        keywords=["security"],
        examples=[
            "Do you have a SOC 2 Type II report?",
            "Where is our data stored, and is it encrypted?",
        ],
    )
    assert pricing["status"] == "indexing" and pricing["builtIn"] is False
    await drain_jobs(state)
    got = check_envelope((await client.get(f"{URL}/{pricing['id']}", headers=fresh.headers)).json())
    assert got["status"] == "ready"

    found = await _mentions(client, fresh, pricing["id"])
    # Case ignored, whole words only ("priceless" is not "price"), a phrase across words.
    assert [(m["conversationId"], m["time"], m["term"]) for m in found] == [
        (first, 10.0, "PRICING"),
        (first, 15.0, "per  month"),
    ]
    m = found[0]
    assert m["speaker"] == "Olivia Owner" and m["matchedBy"] == "words"
    assert m["type"] == "meeting" and m["conversationName"] == "Call with Carl"
    assert m["url"] == f"http://testserver/app/conversations/{first}?t=10.00"
    assert m["repId"] == fresh.person_id and m["repName"] == "Olivia Owner"

    by_meaning = await _mentions(client, fresh, security["id"])
    assert {(x["conversationId"], x["time"]) for x in by_meaning} >= {(second, 5.0), (second, 15.0)}
    encrypted = next(x for x in by_meaning if x["time"] == 5.0)
    assert encrypted["matchedBy"] == "meaning" and encrypted["score"] > 0
    assert encrypted["type"] == "call" and encrypted["repName"] == "Rita Rep"

    r = await client.get(
        f"{URL}/{security['id']}/counts",
        params={"fromDate": "2026-10-01", "toDate": "2026-10-31"},
        headers=fresh.headers,
    )
    counts = check_envelope(r.json())
    assert counts["total"] == len(by_meaning)
    assert [w["weekStart"] for w in counts["weeks"]] == [
        "2026-09-28",
        "2026-10-05",
        "2026-10-12",
        "2026-10-19",
        "2026-10-26",
    ]
    assert counts["weeks"][2]["count"] == len(by_meaning)
    assert counts["reps"] == [{"repId": rep, "repName": "Rita Rep", "count": len(by_meaning)}]
    assert sum(x["count"] for x in counts["speakers"]) == len(by_meaning)
    assert {x["speaker"] for x in counts["speakers"]} <= {"Carl Customer", "Olivia Owner"}
    # One rep's conversations only.
    assert await _mentions(client, fresh, security["id"], repId=fresh.person_id) == []
    assert len(await _mentions(client, fresh, security["id"], repId=rep)) == len(by_meaning)
    # A range that leaves the conversation out.
    assert await _mentions(client, fresh, security["id"], toDate="2026-10-14") == []


async def test_builtin_trackers_come_from_the_engine(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    activity = await _import(client, fresh, PRICING_CALL)
    await drain_jobs(state)
    listed = check_envelope((await client.get(URL, headers=fresh.headers)).json())
    assert [t["id"] for t in listed[:2]] == ["builtin-competitors", "builtin-objections"]
    assert all(t["builtIn"] for t in listed[:2])
    competitors = await _mentions(client, fresh, "builtin-competitors")
    assert [(m["conversationId"], m["time"], m["term"], m["matchedBy"]) for m in competitors] == [
        (activity, 5.0, "Routemaster Pro", "engine")
    ]
    objections = await _mentions(client, fresh, "builtin-objections")
    assert any(m["time"] == 25.0 for m in objections), objections
    for method, body in (("PATCH", {"name": "Mine"}), ("DELETE", None)):
        r = await client.request(
            method, f"{URL}/builtin-objections", json=body, headers=fresh.headers
        )
        check_error(r, 403)


async def test_edit_reindexes_and_delete_removes(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    activity = await _import(client, fresh, PRICING_CALL)
    await drain_jobs(state)
    tracker = await _create(client, fresh, name="Proposal", keywords=["proposal"])
    await drain_jobs(state)
    assert [m["time"] for m in await _mentions(client, fresh, tracker["id"])] == [30.0]
    r = await client.patch(
        f"{URL}/{tracker['id']}", json={"keywords": ["Friday"]}, headers=fresh.headers
    )
    assert check_envelope(r.json())["status"] == "indexing"
    await drain_jobs(state)
    assert [m["term"] for m in await _mentions(client, fresh, tracker["id"])] == ["Friday"]
    # A new conversation is indexed when it is processed, without re-running the tracker.
    await _import(client, fresh, PRICING_CALL, start="2026-10-20T10:00:00Z")
    await drain_jobs(state)
    assert len(await _mentions(client, fresh, tracker["id"])) == 2
    r = await client.delete(f"{API}/meetings/{activity}", headers=fresh.headers)
    assert r.status_code == 200
    assert len(await _mentions(client, fresh, tracker["id"])) == 1
    r = await client.delete(f"{URL}/{tracker['id']}", headers=fresh.headers)
    assert check_envelope(r.json()) is True
    check_error(await client.get(f"{URL}/{tracker['id']}/mentions", headers=fresh.headers), 404)
    async with state.sessionmaker() as session:
        left = await session.execute(
            sa.select(sa.func.count())
            .select_from(TrackerMention)
            .where(
                TrackerMention.organization_id == fresh.org_id,
                TrackerMention.tracker_id == tracker["id"],
            )
        )
        assert left.scalar_one() == 0


async def test_mentions_follow_the_credentials_scopes(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    await _import(client, fresh, PRICING_CALL)
    await _import(client, fresh, PRICING_CALL, kind="calls")
    await drain_jobs(state)
    tracker = await _create(client, fresh, name="Pricing", keywords=["pricing"])
    await drain_jobs(state)
    assert {m["type"] for m in await _mentions(client, fresh, tracker["id"])} == {"meeting", "call"}
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session,
            secret=state.settings.hmac_secret(),
            organization_id=fresh.org_id,
            name="calls reader",
            scopes=[CALLS_READ],
        )
        await session.commit()
    calls_only = {"x-api-key": created.key}
    r = await client.get(f"{URL}/{tracker['id']}/mentions", headers=calls_only)
    assert {m["type"] for m in check_envelope(r.json())} == {"call"}
    r = await client.get(f"{URL}/{tracker['id']}/counts", headers=calls_only)
    assert check_envelope(r.json())["total"] == 1
    check_error(
        await client.get(f"{URL}/{tracker['id']}/mentions?type=meetings", headers=calls_only), 403
    )


BAD_BODIES = [
    ({"name": "X", "keywords": []}, "keywords"),
    ({"name": "X"}, "keywords"),
    ({"name": "X", "keywords": [""]}, "keywords"),
    ({"name": "X", "keywords": ["  "]}, "keywords"),
    ({"name": "X", "keywords": ["*"]}, "keywords"),
    ({"name": "X", "keywords": [f"k{i}" for i in range(51)]}, "keywords"),
    ({"name": "X", "keywords": ["a" * 101]}, "keywords"),
    ({"name": "", "keywords": ["a"]}, "name"),
    ({"name": "X", "keywords": ["a"], "examples": ["e"] * 21}, "examples"),
    ({"name": "X", "keywords": "price"}, "keywords"),
    ({"name": "X", "keywords": ["a"], "colour": "red"}, "colour"),
    ({"name": "X", "keywords": ["a\x00"]}, "keywords"),
]


@pytest.mark.parametrize(("body", "field"), BAD_BODIES)
async def test_bad_bodies_are_422(
    client: httpx.AsyncClient, fresh: Tenant, body: dict[str, Any], field: str
) -> None:
    r = await client.post(URL, json=body, headers=fresh.headers)
    assert field in check_error(r, 422)


async def test_bad_requests(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant, other_tenant: Tenant
) -> None:
    mine = await _create(client, fresh, name="Pricing", keywords=["price"])
    theirs = await _create(client, other_tenant, name="Pricing", keywords=["price"])
    for suffix in ("", "/mentions", "/counts"):
        check_error(await client.get(f"{URL}/{theirs['id']}{suffix}", headers=fresh.headers), 404)
    check_error(
        await client.patch(f"{URL}/{theirs['id']}", json={"name": "Y"}, headers=fresh.headers), 404
    )
    check_error(await client.delete(f"{URL}/{theirs['id']}", headers=fresh.headers), 404)
    check_error(await client.get(f"{URL}/nope/mentions", headers=fresh.headers), 404)
    for params in (
        {"fromDate": "2026-10-10", "toDate": "2026-10-01"},
        {"fromDate": "2026-13-01"},
        {"fromDate": "2026-10-01T00:00:00Z"},
        {"limit": "0"},
        {"type": "emails"},
    ):
        for suffix in ("/mentions",) if "limit" in params else ("/mentions", "/counts"):
            r = await client.get(
                f"{URL}/{mine['id']}{suffix}", params=params, headers=fresh.headers
            )
            check_error(r, 422)
    r = await client.get(
        f"{URL}/{mine['id']}/counts",
        params={"fromDate": "2020-01-01", "toDate": "2026-01-01"},
        headers=fresh.headers,
    )
    assert "toDate" in check_error(r, 422)
    dup = await client.post(URL, json={"name": "PRICING", "keywords": ["x"]}, headers=fresh.headers)
    check_error(dup, 409)
    builtin_name = {"name": "Competitors (built in)", "keywords": ["x"]}
    check_error(await client.post(URL, json=builtin_name, headers=fresh.headers), 409)
    null = await client.patch(f"{URL}/{mine['id']}", json={"keywords": None}, headers=fresh.headers)
    assert "keywords" in check_error(null, 422)
    check_error(await client.get(URL), 401)
    reader = await make_tenant(state, scopes=[CALLS_READ])
    check_error(
        await client.post(URL, json={"name": "Z", "keywords": ["z"]}, headers=reader.headers), 403
    )


async def test_counts_without_a_range_span_the_data(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    await _import(client, fresh, PRICING_CALL, start="2026-10-06T10:00:00Z")
    await _import(client, fresh, PRICING_CALL, start="2026-10-21T10:00:00Z")
    await drain_jobs(state)
    tracker = await _create(client, fresh, name="Pricing", keywords=["pricing", "price"])
    await drain_jobs(state)
    counts = check_envelope(
        (await client.get(f"{URL}/{tracker['id']}/counts", headers=fresh.headers)).json()
    )
    assert counts["total"] == 4 and counts["fromDate"] is None
    assert [(w["weekStart"], w["count"]) for w in counts["weeks"]] == [
        ("2026-10-05", 2),
        ("2026-10-12", 0),
        ("2026-10-19", 2),
    ]
    page = await client.get(
        f"{URL}/{tracker['id']}/mentions", params={"limit": 1, "page": 2}, headers=fresh.headers
    )
    assert page.headers["x-total-count"] == "4"
    assert [m["conversationStart"] for m in check_envelope(page.json())] == ["2026-10-21T10:00:00Z"]
    assert datetime(2026, 10, 21, tzinfo=UTC)


async def test_reindex_all_rebuilds_builtin_and_own_mentions(
    client: httpx.AsyncClient, state: AppState, fresh: Tenant
) -> None:
    """An activity processed before trackers existed has no mentions; `meetsight trackers
    reindex` (enqueue_reindex_all) finds them from its transcript and stored insights."""
    await _import(client, fresh, PRICING_CALL)
    await drain_jobs(state)
    tracker = await _create(client, fresh, name="Proposal", keywords=["proposal"])
    await drain_jobs(state)
    async with state.sessionmaker() as session:
        await session.execute(
            sa.delete(TrackerMention).where(TrackerMention.organization_id == fresh.org_id)
        )
        assert await enqueue_reindex_all(session, fresh.org_id) == 2
        await session.commit()
    assert (
        check_envelope((await client.get(f"{URL}/{tracker['id']}", headers=fresh.headers)).json())[
            "status"
        ]
        == "indexing"
    )
    await drain_jobs(state)
    assert [m["term"] for m in await _mentions(client, fresh, "builtin-competitors")] == [
        "Routemaster Pro"
    ]
    assert await _mentions(client, fresh, "builtin-objections")
    assert [m["term"] for m in await _mentions(client, fresh, tracker["id"])] == ["proposal"]
    async with state.sessionmaker() as session:
        with pytest.raises(NotFound):
            await enqueue_reindex_all(session, "no-such-org")
