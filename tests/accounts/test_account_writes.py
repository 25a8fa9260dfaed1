"""Creating and changing accounts, deals and next-step states: success, matching of what is
stored, conflicts, bad bodies and ids (4xx envelopes, never a 500), scopes, and that a step's
id and state survive reprocessing and show in the summary (REST and MCP)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from accounts.story import INTERNAL, SPEAKERS, tell_story
from fixtures.conversations import analyze_and_match, make_people, record_conversation
from fixtures.factories import Tenant, make_tenant
from fixtures.shapes import check_envelope, check_error
from meetsight.activities.models import Activity
from meetsight.state import AppState

API = "/api/v1"


async def _send(
    client: httpx.AsyncClient, tenant: Tenant, method: str, url: str, body: Any, status: int
) -> Any:
    response = await client.request(method, f"{API}{url}", json=body, headers=tenant.headers)
    assert response.status_code == status, response.text
    if status >= 400:
        return check_error(response, status)
    return check_envelope(response.json(), status=status)


async def test_a_new_account_links_stored_conversations_by_name_and_domain(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    people = await make_people(
        state,
        tenant,
        [*SPEAKERS, type(SPEAKERS[0])("Rosa Núñez", "rosa@gmail.com", "ALHAMBRA Distribución")],
    )
    day = datetime(2026, 2, 2, 10, tzinfo=UTC)
    lines = [("Nora Seller", "Hello Rosa."), ("Rosa Núñez", "Hello, thanks for calling.")]
    by_name = await record_conversation(state, tenant, people, lines, start=day, internal=INTERNAL)
    ben = [("Nora Seller", "Hello Ben."), ("Ben Ortiz", "Hi Nora.")]
    by_domain = await record_conversation(state, tenant, people, ben, start=day, internal=INTERNAL)
    # Nothing matched them yet: no CRM link, no account.
    assert await _send(client, tenant, "GET", "/accounts", None, 200) == []
    alhambra = await _send(
        client, tenant, "POST", "/accounts", {"name": "  Alhambra distribucion "}, 201
    )
    assert alhambra["name"] == "Alhambra distribucion" and alhambra["conversationCount"] == 1
    timeline = await _send(client, tenant, "GET", f"/accounts/{alhambra['id']}/timeline", None, 200)
    assert [(t["id"], t["matchedBy"]) for t in timeline] == [(by_name, "name")]
    quarry = await _send(
        client,
        tenant,
        "POST",
        "/accounts",
        {"name": "Quarry", "domains": ["QuarryLabs.example"]},
        201,
    )
    assert quarry["domains"] == ["quarrylabs.example"] and quarry["conversationCount"] == 1
    # A domain added later links at once; one removed keeps the links it made.
    changed = await _send(
        client, tenant, "PATCH", f"/accounts/{alhambra['id']}", {"domains": ["gmail.com"]}, 200
    )
    assert changed["domains"] == ["gmail.com"] and changed["conversationCount"] == 1
    changed = await _send(
        client, tenant, "PATCH", f"/accounts/{quarry['id']}", {"domains": []}, 200
    )
    assert changed["domains"] == [] and changed["conversationCount"] == 1
    assert by_domain


async def test_account_conflicts_and_bad_bodies(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    made = await _send(
        client,
        tenant,
        "POST",
        "/accounts",
        {"name": "Lucía Foods", "domains": ["lucia.example"], "crmCompanyId": "c-1"},
        201,
    )
    for body, field in (
        ({"name": "LUCIA foods!"}, "name"),
        ({"name": "Other", "domains": ["lucia.example"]}, "domains"),
        ({"name": "Other", "crmCompanyId": "c-1"}, "crm"),
    ):
        assert field in (await _send(client, tenant, "POST", "/accounts", body, 409)).lower()
    # Folding lengthens "ﬁ" to "fi": still stored, cut to the column.
    long = await _send(client, tenant, "POST", "/accounts", {"name": "ﬁ" * 200}, 201)
    assert long["name"] == "ﬁ" * 200
    for body in (
        {"name": "x" * 201},
        {"name": ""},
        {"name": "   "},
        {"name": "!!!"},
        {"name": "a\x00b"},
        {"name": 5},
        {"name": "Ok", "unknown": 1},
        {"name": "Ok", "domains": ["not a domain"]},
        {"name": "Ok", "domains": ["x.example"] * 21},
        {"name": "Ok", "crmCompanyId": "c" * 256},
        {"name": "Ok", "description": "d" * 2001},
    ):
        await _send(client, tenant, "POST", "/accounts", body, 422)
    url = f"/accounts/{made['id']}"
    for body in ({"name": None}, {"domains": None}, {"nme": "typo"}):
        await _send(client, tenant, "PATCH", url, body, 422)
    cleared = await _send(client, tenant, "PATCH", url, {"crmCompanyId": None}, 200)
    assert cleared["crmCompanyId"] is None and cleared["name"] == "Lucía Foods"
    for bad in ("nope", "x" * 500, "a%00b"):
        await _send(client, tenant, "GET", f"/accounts/{bad}", None, 404)
        await _send(client, tenant, "PATCH", f"/accounts/{bad}", {"name": "N"}, 404)
        await _send(client, tenant, "GET", f"/accounts/{bad}/timeline", None, 404)
        await _send(client, tenant, "GET", f"/deals/{bad}", None, 404)
        await _send(client, tenant, "PATCH", f"/next-steps/{bad}", {"state": "done"}, 404)
    for query in ("limit=0", "limit=101", "page=0", "state=closed"):
        await _send(client, tenant, "GET", f"{url}/next-steps?{query}", None, 422)


async def test_deals(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    account = await _send(client, tenant, "POST", "/accounts", {"name": "Acme"}, 201)
    body = {"name": "Acme renewal", "accountId": account["id"], "amount": 1200.5, "currency": "EUR"}
    deal = await _send(client, tenant, "POST", "/deals", body, 201)
    assert (deal["stage"], deal["amount"], deal["accountId"]) == ("open", 1200.5, account["id"])
    won = await _send(client, tenant, "PATCH", f"/deals/{deal['id']}", {"stage": "won"}, 200)
    assert won["stage"] == "won" and won["name"] == "Acme renewal"
    assert [d["id"] for d in await _send(client, tenant, "GET", "/deals?stage=won", None, 200)] == [
        deal["id"]
    ]
    for bad in (
        {"name": "D", "accountId": "missing"},
        {"name": "D", "stage": "maybe"},
        {"name": "D", "amount": -1},
        {"name": "D", "currency": "usd"},
        {"name": "D", "extra": True},
    ):
        await _send(client, tenant, "POST", "/deals", bad, 422)
    await _send(client, tenant, "PATCH", f"/deals/{deal['id']}", {"stage": None}, 422)
    await _send(client, tenant, "GET", "/deals?stage=maybe", None, 422)


async def test_scopes(client: httpx.AsyncClient, state: AppState) -> None:
    reader = await make_tenant(state, scopes=["meetings:read"])
    await _send(client, reader, "POST", "/accounts", {"name": "Nope"}, 403)
    assert await _send(client, reader, "GET", "/accounts", None, 200) == []
    response = await client.get(f"{API}/accounts")
    assert check_error(response, 401)


async def test_the_credential_and_the_query_are_checked_in_their_order(
    client: httpx.AsyncClient,
) -> None:
    """The reads that take their credential as a dependency (deps.Reader) check it before the
    query: 401. The account's conversation pages parse their page first and then authorize:
    422 (docs/architecture.md, one endpoint style)."""
    for url in ("/accounts?limit=0", "/deals?stage=maybe", "/accounts/x/next-steps?state=maybe"):
        check_error(await client.get(f"{API}{url}"), 401)
    for page in ("timeline", "amounts", "stakeholders", "risks"):
        check_error(await client.get(f"{API}/accounts/x/{page}?limit=0"), 422)


async def _summary_steps(client: httpx.AsyncClient, tenant: Tenant, meeting: str) -> list[Any]:
    response = await client.get(f"{API}/meetings/{meeting}/summary", headers=tenant.headers)
    return list(check_envelope(response.json())["nextSteps"])


async def test_step_state_is_changed_by_patch_and_survives_reprocessing(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    (step,) = await _summary_steps(client, tenant, story.first)
    assert step["state"] == "open" and step["proposedState"] == "done"
    assert set(step) >= {"action", "actors", "deadline", "id"}
    done = await _send(client, tenant, "PATCH", f"/next-steps/{step['id']}", {"state": "done"}, 200)
    assert done["state"] == "done" and done["proposedState"] == "done"
    for bad in ({"state": "closed"}, {"state": None}, {}, {"state": "done", "why": "x"}):
        await _send(client, tenant, "PATCH", f"/next-steps/{step['id']}", bad, 422)
    # Reprocessing finds the same step: same id, state kept.
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, story.first))
        assert activity is not None
        await analyze_and_match(session, activity)
        await session.commit()
    (again,) = await _summary_steps(client, tenant, story.first)
    assert (again["id"], again["state"]) == (step["id"], "done")
    got = await _send(client, tenant, "GET", f"/next-steps/{step['id']}", None, 200)
    assert got["state"] == "done" and got["conversation"]["id"] == story.first
    # Only open ones are listed by default; `all` shows both.
    account = (await _send(client, tenant, "GET", "/accounts", None, 200))[0]["id"]
    listed = await _send(client, tenant, "GET", f"/accounts/{account}/next-steps", None, 200)
    assert step["id"] not in {s["id"] for s in listed}
    listed = await _send(
        client, tenant, "GET", f"/accounts/{account}/next-steps?state=done", None, 200
    )
    assert [s["id"] for s in listed] == [step["id"]]
    # MCP's action items carry the id and the state too.
    result = await client.post(
        f"{API}/mcp",
        json={"name": "get_meeting_action_items", "arguments": {"meetingId": story.first}},
        headers={"X-API-Key": tenant.key},
    )
    (item,) = result.json()["structuredContent"]["actionItems"]
    assert (item["id"], item["state"], item["proposedState"]) == (step["id"], "done", "done")


async def test_a_step_needs_the_write_scope_of_its_kind(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state, scopes=["meetings:read", "calls:read", "calls:write"])
    story = await tell_story(state, tenant)
    (step,) = await _summary_steps(client, tenant, story.first)
    await _send(client, tenant, "PATCH", f"/next-steps/{step['id']}", {"state": "dropped"}, 403)
    calls_reader = await make_tenant(state, scopes=["calls:read"])
    await _send(client, calls_reader, "GET", f"/next-steps/{step['id']}", None, 404)


async def test_deleting_the_proposing_conversation_clears_the_proposal(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    await _send(client, tenant, "DELETE", f"/meetings/{story.second}", None, 200)
    (step,) = await _summary_steps(client, tenant, story.first)
    assert step["state"] == "open" and "proposedState" not in step
    account = (await _send(client, tenant, "GET", "/accounts", None, 200))[0]
    assert account["conversationCount"] == 2


@pytest.mark.parametrize(
    "line",
    [
        "We have not sent the questionnaire yet.",  # one key word only
        "We haven't received the security questionnaire and the SOC 2 report.",  # negated
        "The security report questionnaire is long.",  # no completion words
        "Done with lunch.",
    ],
)
async def test_no_proposal_without_the_steps_words_and_completion(
    client: httpx.AsyncClient, state: AppState, line: str
) -> None:
    tenant = await make_tenant(state)
    people = await make_people(state, tenant, SPEAKERS)
    first = [
        ("Nora Seller", "I'll send the security questionnaire and our SOC 2 report by Friday.")
    ]
    meeting = await record_conversation(
        state,
        tenant,
        people,
        first,
        start=datetime(2026, 1, 5, tzinfo=UTC),
        internal=INTERNAL,
        links=[("company", "crm-x")],
    )
    later = [("Lucía Pérez", line), ("Nora Seller", "Thanks.")]
    await record_conversation(
        state, tenant, people, later, start=datetime(2026, 1, 9, tzinfo=UTC), internal=INTERNAL
    )
    (step,) = await _summary_steps(client, tenant, meeting)
    assert "proposedState" not in step
