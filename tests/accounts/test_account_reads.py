"""An account's story read back through REST: matching (CRM link, email domain, free mail left
out), the timeline, the amounts quoted latest first with their moments, open next steps with a
proposal from a later conversation, stakeholders by talk time, and the risks."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx

from accounts.story import INTERNAL, SPEAKERS, Story, tell_story
from fixtures.conversations import make_people, record_conversation
from fixtures.factories import Tenant, make_tenant
from fixtures.shapes import check_envelope
from meetsight.auth.api_keys import create_api_key
from meetsight.state import AppState

API = "/api/v1"


async def _get(client: httpx.AsyncClient, tenant: Tenant, url: str) -> tuple[Any, int]:
    response = await client.get(f"{API}{url}", headers=tenant.headers)
    assert response.status_code == 200, response.text
    return check_envelope(response.json()), int(response.headers["x-total-count"])


async def _account(client: httpx.AsyncClient, state: AppState) -> tuple[Tenant, Story, str]:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    accounts, total = await _get(client, tenant, "/accounts")
    assert total == 1
    return tenant, story, accounts[0]["id"]


async def test_a_crm_link_makes_the_account_and_domains_match_the_rest(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant, story, account_id = await _account(client, state)
    account = (await client.get(f"{API}/accounts/{account_id}", headers=tenant.headers)).json()
    data = check_envelope(account)
    # Named after its people's company, with their domain (case folded); gmail.com is no one's.
    assert data["name"] == "Quarry Labs"
    assert data["domains"] == ["quarrylabs.example"]
    assert (data["crmCompanyId"], data["conversationCount"]) == ("crm-co-1", 3)
    timeline, total = await _get(client, tenant, f"/accounts/{account_id}/timeline?limit=2")
    assert total == 3
    assert [(t["id"], t["matchedBy"]) for t in timeline] == [
        (story.third, "domain"),
        (story.second, "domain"),
    ]
    assert timeline[0]["kind"] == "call" and timeline[0]["url"].endswith(story.third)
    page2, _ = await _get(client, tenant, f"/accounts/{account_id}/timeline?limit=2&page=2")
    assert [(t["id"], t["matchedBy"]) for t in page2] == [(story.first, "crm")]
    deals, _ = await _get(client, tenant, f"/deals?accountId={account_id}")
    assert [(d["crmOpportunityId"], d["conversationCount"]) for d in deals] == [("crm-opp-1", 1)]
    found, _ = await _get(client, tenant, "/accounts?name=QUARRY")
    assert [a["id"] for a in found] == [account_id]
    found, _ = await _get(client, tenant, "/accounts?domain=gmail.com")
    assert found == []


async def test_amounts_latest_first_with_their_moments(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant, story, account_id = await _account(client, state)
    amounts, total = await _get(client, tenant, f"/accounts/{account_id}/amounts")
    assert total == 3
    assert [(a["value"], a["currency"], a["conversation"]["id"]) for a in amounts] == [
        (40000.0, "USD", story.third),
        (42000.0, "USD", story.second),
        (48000.0, "USD", story.first),
    ]
    first = amounts[2]
    assert first["startTime"] == 32.0 and first["saidAt"] == "2026-01-05T16:00:32Z"
    assert "$48,000" in first["quote"] and first["speaker"] == "Nora Seller"
    page, total = await _get(client, tenant, f"/accounts/{account_id}/amounts?limit=1&page=3")
    assert total == 3 and [a["value"] for a in page] == [48000.0]


async def test_open_steps_and_a_later_conversation_proposes_done(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant, story, account_id = await _account(client, state)
    steps, total = await _get(client, tenant, f"/accounts/{account_id}/next-steps")
    assert total == 2
    review, send = steps
    assert review["action"] == "review the order form with procurement"
    assert review["state"] == "open" and "proposedState" not in review
    assert send["action"] == "send the security questionnaire and the SOC 2 report"
    assert (send["conversation"]["id"], send["startTime"]) == (story.first, 48.0)
    assert send["proposedState"] == "done"
    assert send["proposedBy"]["activityId"] == story.second
    assert "received the security questionnaire" in send["proposedBy"]["quote"]


async def test_stakeholders_by_talk_time(client: httpx.AsyncClient, state: AppState) -> None:
    tenant, _, account_id = await _account(client, state)
    people, total = await _get(client, tenant, f"/accounts/{account_id}/stakeholders")
    assert total == 4
    assert [(p["name"], p["conversations"], p["isInternal"]) for p in people] == [
        ("Nora Seller", 3, True),
        ("Lucía Pérez", 1, False),
        ("Ben Ortiz", 2, False),
        ("Gail Free", 1, False),
    ]
    assert people[1]["talkTime"] == 37.5 and people[1]["lastSeenAt"] == "2026-01-05T16:00:00Z"


async def test_risks(client: httpx.AsyncClient, state: AppState) -> None:
    tenant, story, account_id = await _account(client, state)
    risks, total = await _get(client, tenant, f"/accounts/{account_id}/risks")
    assert [r["type"] for r in risks] == ["competitorPresent", "noNextStep", "championQuiet"]
    assert total == 3
    competitor, no_step, quiet = risks
    assert competitor["detail"].startswith("Routemaster Pro came up")
    assert competitor["evidence"][0]["conversation"]["id"] == story.first
    assert "Routemaster Pro" in competitor["evidence"][0]["quote"]
    assert no_step["evidence"][0]["conversation"]["id"] == story.third
    assert quiet["detail"].startswith("Lucía Pérez")


async def test_a_calls_only_key_sees_only_the_calls(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant, story, account_id = await _account(client, state)
    key = await _calls_only_key(state, tenant)
    headers = {"x-api-key": key}
    response = await client.get(f"{API}/accounts/{account_id}/timeline", headers=headers)
    assert [t["id"] for t in check_envelope(response.json())] == [story.third]
    response = await client.get(f"{API}/accounts/{account_id}", headers=headers)
    assert check_envelope(response.json())["conversationCount"] == 1
    steps = await client.get(f"{API}/accounts/{account_id}/next-steps", headers=headers)
    assert check_envelope(steps.json()) == []


async def _calls_only_key(state: AppState, tenant: Tenant) -> str:
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session,
            secret=state.settings.hmac_secret(),
            organization_id=tenant.org_id,
            name="calls only",
            scopes=["calls:read"],
        )
        await session.commit()
    return created.key


async def test_an_objection_said_twice_is_one_risk_with_both_moments(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    people = await make_people(state, tenant, SPEAKERS)
    objection = "That's more than we expected to pay."
    lines = [
        ("Nora Seller", "For forty seats the list price is $48,000 a year."),
        ("Lucía Pérez", objection),
        ("Nora Seller", "It includes onboarding and support."),
        ("Lucía Pérez", objection),
    ]
    await record_conversation(
        state,
        tenant,
        people,
        lines,
        start=datetime(2026, 1, 5, tzinfo=UTC),
        internal=INTERNAL,
        links=[("company", "crm-q")],
    )
    (account,), _ = await _get(client, tenant, "/accounts")
    risks, _ = await _get(client, tenant, f"/accounts/{account['id']}/risks")
    objections = [r for r in risks if r["type"] == "unresolvedObjection"]
    assert len(objections) == 1
    assert [e["startTime"] for e in objections[0]["evidence"]] == [8.0, 24.0]
