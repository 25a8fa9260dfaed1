"""Lookups that forgive: a participant's name and a company without case or accents ("Lucia"
finds "Lucía"), a company by name or email domain, in the MCP tools and the REST listings, on
SQLite and PostgreSQL. An email keeps matching exactly, as the spec says."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import mcp_client, structured
from fixtures.shapes import check_envelope, check_error
from meetsight.activities.models import ActivityParticipant
from meetsight.organizations.models import Person
from meetsight.organizations.names import domain_query, email_domain, fold_name
from meetsight.state import AppState


async def _with_people(state: AppState, tenant: Tenant, activity_id: str, *people: Person) -> None:
    async with state.sessionmaker() as session:
        for position, person in enumerate(people, start=10):
            person.organization_id = tenant.org_id
            session.add(person)
            await session.flush()
            session.add(
                ActivityParticipant(
                    organization_id=tenant.org_id,
                    activity_id=activity_id,
                    person_id=person.id,
                    position=position,
                )
            )
        await session.commit()


async def _seed(state: AppState, tenant: Tenant) -> dict[str, str]:
    day = datetime(2026, 9, 1, 10, tzinfo=UTC)
    ids = {
        "lucia": await make_activity(state, tenant, name="LATAM review", start=day),
        "meridian": await make_activity(state, tenant, name="Meridian pricing", start=day),
        "acme_call": await make_activity(state, tenant, is_call=True, name="Acme line", start=day),
    }
    await _with_people(
        state,
        tenant,
        ids["lucia"],
        Person(name="Lucía Moreno", email="Lucia.Moreno@northwind-sales.example", is_internal=True),
    )
    await _with_people(
        state,
        tenant,
        ids["meridian"],
        Person(name="José Núñez", email="jose@meridian-logistica.example"),
        Person(name="Ines Ruiz", email="ines@mx.meridian-logistica.example", company="MERIDIAN"),
    )
    await _with_people(
        state,
        tenant,
        ids["acme_call"],
        Person(name="Åsa Ström", company="Ström & Söner AB", email="asa@strom.se"),
    )
    return ids


def _ids(page: dict[str, Any], key: str) -> set[str]:
    return {item["id"] for item in page[key]}


async def test_names_and_companies_forgive_case_and_accents(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await _seed(state, tenant)
    find = "find_meetings_by_participant"
    async with mcp_client(mcp_url, tenant.key) as client:

        async def meetings(arguments: dict[str, Any]) -> set[str]:
            return _ids(structured(await client.call_tool(find, arguments)), "meetings")

        for name in ("Lucia", "lucía", "LUCIA MORENO", "moreno"):
            assert await meetings({"participant": name}) == {ids["lucia"]}, name
        assert await meetings({"participant": "jose nunez"}) == {ids["meridian"]}
        # An email matches exactly, whatever its case; a part of one matches nothing.
        assert await meetings({"participant": "lucia.moreno@NORTHWIND-sales.example"}) == {
            ids["lucia"]
        }
        assert await meetings({"participant": "lucia.moreno@northwind"}) == set()
        # "@domain": anyone at that domain (subdomains too).
        assert await meetings({"participant": "@meridian-logistica.example"}) == {ids["meridian"]}
        # company: a domain, a name (the people's company or a domain that spells it).
        for company in ("meridian-logistica.example", "@Meridian-Logistica.example", "meridian"):
            found = await meetings({"participant": "nunez", "company": company})
            assert found == {ids["meridian"]}, company
        assert await meetings({"participant": "nunez", "company": "globex.example"}) == set()
        listed = structured(
            await client.call_tool("list_meetings", {"company": "Meridian Logistica"})
        )
        assert _ids(listed, "meetings") == {ids["meridian"]}
        calls = structured(await client.call_tool("list_calls", {"company": "strom & soner"}))
        assert _ids(calls, "calls") == {ids["acme_call"]}
        calls = structured(
            await client.call_tool(
                "find_calls_by_participant", {"participant": "asa strom", "company": "strom.se"}
            )
        )
        assert _ids(calls, "calls") == {ids["acme_call"]}
        bad = await client.call_tool("list_meetings", {"company": "   "})
        assert bad.is_error


async def test_rest_listings_take_participant_and_company(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    ids = await _seed(state, tenant)

    async def listed(path: str, **params: str) -> set[str]:
        r = await client.get(f"/api/v1/{path}", params=params, headers=tenant.headers)
        assert r.status_code == 200, r.text
        key = "callId" if path == "calls" else "meetingId"
        data = check_envelope(r.json())
        assert r.headers["X-Total-Count"] == str(len(data))
        return {m[key] for m in data}

    assert await listed("meetings", participant="lucia") == {ids["lucia"]}
    assert await listed("meetings", participant="Lucia.Moreno@Northwind-Sales.example") == {
        ids["lucia"]
    }
    assert await listed("meetings", company="meridian-logistica.example") == {ids["meridian"]}
    assert await listed("meetings", company="meridian", participant="ines") == {ids["meridian"]}
    assert await listed("meetings", company="meridian", participant="lucia") == set()
    assert await listed("calls", company="@strom.se") == {ids["acme_call"]}
    assert await listed("calls", participant="åsa") == {ids["acme_call"]}


@pytest.mark.parametrize(
    "params",
    [{"participant": ""}, {"company": ""}, {"company": "a\x00b"}, {"participant": "x" * 321}],
)
async def test_rest_lookup_bad_input_is_422(
    client: httpx.AsyncClient, tenant: Tenant, params: dict[str, str]
) -> None:
    r = await client.get("/api/v1/meetings", params=params, headers=tenant.headers)
    check_error(r, 422)
    assert next(iter(params)) in r.json()["error"]


def test_folding() -> None:
    assert fold_name("  Lucía   MORENO ") == "lucia moreno"
    assert fold_name("Straße Øre ﬁne") == "strasse øre fine"
    assert email_domain("A@B.Example") == "b.example" and email_domain("nobody") is None
    assert domain_query("@Acme.com") == "acme.com" and domain_query("ana@acme.com") == "acme.com"
    assert domain_query("Acme Corp.") is None and domain_query("acme") is None
