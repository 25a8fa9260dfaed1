"""PATCH .../speakers: rename a speaker or assign them to a person, everywhere at once."""

from __future__ import annotations

import httpx

from fixtures.factories import Tenant, make_activity, make_tenant
from meetsight.organizations.models import Person
from meetsight.state import AppState

API = "/api/v1"


async def _person(state: AppState, org_id: str, name: str) -> str:
    async with state.sessionmaker() as session:
        person = Person(organization_id=org_id, name=name, email="dana@acme.example")
        session.add(person)
        await session.commit()
        return person.id


async def test_rename_then_assign_rewrites_transcript_participants_and_analytics(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    mid = await make_activity(state, tenant, segments=5)
    url = f"{API}/meetings/{mid}/speakers"
    r = await client.patch(
        url, headers=tenant.headers, json={"speaker": "Carl Customer", "name": "Carl C."}
    )
    assert r.status_code == 200, r.text
    names = [s["participantName"] for s in r.json()["data"]["transcript"]]
    assert names == ["Olivia Owner", "Carl C.", "Olivia Owner", "Carl C.", "Olivia Owner"]

    dana = await _person(state, tenant.org_id, "Dana Buyer")
    r = await client.patch(
        url, headers=tenant.headers, json={"speaker": "Carl C.", "personId": dana}
    )
    assert r.status_code == 200, r.text
    carl_lines = [s for s in r.json()["data"]["transcript"] if s["participantName"] == "Dana Buyer"]
    assert len(carl_lines) == 2 and {s["personId"] for s in carl_lines} == {dana}
    got = await client.get(f"{API}/meetings/{mid}/transcript", headers=tenant.headers)
    assert got.json()["data"]["transcript"] == r.json()["data"]["transcript"]

    people = (await client.get(f"{API}/meetings/{mid}/participants", headers=tenant.headers)).json()
    names = {p["name"] for p in people["data"]["participants"]}
    assert names == {"Olivia Owner", "Dana Buyer"}
    analytics = (await client.get(f"{API}/meetings/{mid}/analytics", headers=tenant.headers)).json()
    labels = {p["speakerLabel"] for p in analytics["data"]["participantParticipation"]}
    assert labels == {"Olivia Owner", "Dana Buyer"}


async def test_bad_speaker_edits_are_refused_and_change_nothing(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    mid = await make_activity(state, tenant, segments=3)
    url = f"{API}/meetings/{mid}/speakers"
    before = (await client.get(f"{API}/meetings/{mid}/transcript", headers=tenant.headers)).json()
    stranger = await _person(state, other_tenant.org_id, "Somebody Else")
    reader = await make_tenant(state, scopes=["meetings:read"])
    cases = [
        (tenant.headers, {"speaker": "Nobody", "name": "X"}, 422, "speaker: no speaker"),
        (tenant.headers, {"speaker": "Carl Customer"}, 422, "personId, name or both"),
        (tenant.headers, {"speaker": "Carl Customer", "name": ""}, 422, "name"),
        (tenant.headers, {"speaker": "Carl Customer", "personId": stranger}, 422, "personId"),
        (tenant.headers, "not json", 422, ""),
        (other_tenant.headers, {"speaker": "Carl Customer", "name": "X"}, 404, "Meeting not found"),
        ({}, {"speaker": "Carl Customer", "name": "X"}, 401, ""),
        (reader.headers, {"speaker": "Carl Customer", "name": "X"}, 403, "meetings:write"),
    ]
    for headers, body, status, says in cases:
        if isinstance(body, str):
            r = await client.patch(
                url, headers={**headers, "content-type": "application/json"}, content=body
            )
        else:
            r = await client.patch(url, headers=headers, json=body)
        assert r.status_code == status, (body, r.text)
        assert says in r.json()["error"], (body, r.text)
    r = await client.patch(
        f"{API}/calls/{mid}/speakers",
        headers=tenant.headers,
        json={"speaker": "Carl Customer", "name": "X"},
    )
    assert r.status_code == 404
    after = (await client.get(f"{API}/meetings/{mid}/transcript", headers=tenant.headers)).json()
    assert after == before
