"""POST /api/v1/ask, the REST twin of the MCP tool ask_across_conversations: the envelope with
the answer and its citations, bad bodies as 4xx envelopes, the LLM engine where the service
has one (a local server speaking the chat-completions protocol)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import httpx

from fixtures.factories import Tenant, make_activity
from fixtures.shapes import check_envelope, check_error
from intelligence.openai_server import completion, running
from meetsight.state import AppState

ASK = "/api/v1/ask"
BUDGET_LINE = "About forty. Budget is around thirty thousand a year."


async def _seed(state: AppState, tenant: Tenant) -> list[str]:
    return [
        await make_activity(
            state, tenant, name="Acme discovery", start=datetime(2026, 9, 1, tzinfo=UTC)
        ),
        await make_activity(
            state, tenant, is_call=True, name="Acme call", start=datetime(2026, 9, 10, tzinfo=UTC)
        ),
    ]


async def test_answers_with_cited_moments(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    _, call = await _seed(state, tenant)
    body = {"question": "What budget did customers mention?", "fromDate": "2026-09-05"}
    answer = check_envelope((await client.post(ASK, json=body, headers=tenant.headers)).json())
    assert answer["engine"] == "builtin" and not answer["declined"] and answer["side"] == "external"
    assert [c["conversationId"] for c in answer["citations"]] == [call]
    cited = answer["citations"][0]
    assert cited["text"] == BUDGET_LINE and cited["speaker"] == "Carl Customer"
    assert cited["url"] == f"http://testserver/app/conversations/{call}?t=36.00"
    assert "[1] Acme call (2026-09-10), Carl Customer (external)" in answer["answer"]
    none = check_envelope(
        (
            await client.post(ASK, json={"question": "submarine sonar"}, headers=tenant.headers)
        ).json()
    )
    assert none["declined"] and none["citations"] == []


async def test_refuses_bad_bodies(client: httpx.AsyncClient, tenant: Tenant) -> None:
    for body in (
        {"question": " "},
        {},
        {"question": "budget", "fromDate": "2026-09-10", "toDate": "2026-09-01"},
        {"question": "budget", "side": "vendor"},
        {"question": "budget", "fromDate": 0},
        {"question": "budget", "toDate": "2026-09-01T00:00:00"},
        {"question": "x" * 2001},
    ):
        check_error(await client.post(ASK, json=body, headers=tenant.headers), 422)
    unknown = {"question": "budget", "accountId": "01a219c4-0000-7000-8000-000000000000"}
    check_error(await client.post(ASK, json=unknown, headers=tenant.headers), 404)
    check_error(await client.post(ASK, json={"question": "budget"}), 401)


async def test_the_llm_engine_writes_the_answer_where_configured(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    meeting, _ = await _seed(state, tenant)  # the moments: [1] the call's (newest), [2] its
    reply = {"answer": "The customer put the budget at 30k a year [2].", "lines": [2]}
    with running() as fake:
        fake.queue(completion(reply))
        state.settings.llm_base_url = fake.base_url  # the API process's own settings
        try:
            response = await client.post(ASK, json={"question": "budget"}, headers=tenant.headers)
        finally:
            state.settings.llm_base_url = None
    answer = check_envelope(response.json())
    assert fake.requests[0].path == "/v1/chat/completions"
    assert answer["engine"].startswith("llm:") and "engineError" not in answer
    assert answer["answer"] == "The customer put the budget at 30k a year [1]."
    assert [(c["n"], c["conversationId"]) for c in answer["citations"]] == [(1, meeting)]
    assert "[2] 2026-09-01 · Acme discovery · Carl Customer (external)" in fake.requests[0].user


async def test_an_account_scope_answers_while_the_request_holds_its_session(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    # Found by schemathesis: reading the account took the request's session, and the engine's
    # settings were read on a second one, which on SQLite waited for the first's connection.
    made = await client.post("/api/v1/accounts", json={"name": "Quiet Co"}, headers=tenant.headers)
    account = check_envelope(made.json(), status=201)["id"]
    for body in (
        {"question": "budget", "accountId": account},
        {"question": "0", "fromDate": "1999-01-01", "toDate": "2000-01-01", "accountId": account},
    ):
        asked = client.post(ASK, json=body, headers=tenant.headers)
        answer = check_envelope((await asyncio.wait_for(asked, 20)).json())
        assert answer["declined"] and answer["citations"] == []
