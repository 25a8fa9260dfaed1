"""POST and GET .../chat: answers cite the transcript; every bad input is a 4xx envelope."""

from __future__ import annotations

import httpx
import pytest
from test_stage import LINES, import_activity

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart, wav_bytes
from fixtures.shapes import check_error
from meetsight.state import AppState

API = "/api/v1"


@pytest.mark.parametrize("kind", ["calls", "meetings"])
async def test_question_gets_a_cited_answer_and_joins_the_history(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, kind: str
) -> None:
    activity_id = await import_activity(client, tenant, kind)
    await drain_jobs(state)
    url = f"{API}/{kind}/{activity_id}/chat"
    before = (await client.get(url, headers=tenant.headers)).json()["data"]["messages"]

    r = await client.post(url, headers=tenant.headers, json={"question": "Who has to sign off?"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["statusCode"], body["count"]) == (201, 1)
    message = body["data"]
    assert message["question"] == "Who has to sign off?"
    assert "CFO" in message["answer"]
    assert 6 in [c["segment"] for c in message["citations"]]
    cited = next(c for c in message["citations"] if c["segment"] == 6)
    assert (cited["speaker"], cited["startTime"]) == (LINES[6][0], 60.0)

    after = (await client.get(url, headers=tenant.headers)).json()["data"]["messages"]
    assert after == [*before, message]


@pytest.mark.parametrize(
    ("payload", "needle"),
    [
        ({}, "question"),
        ({"question": ""}, "question"),
        ({"question": "   "}, "blank"),
        ({"question": "x" * 2001}, "question"),
        ({"question": 42}, "question"),
        ({"question": "who\u0000"}, "NUL"),
        ([], ""),
    ],
    ids=["missing", "empty", "blank", "too-long", "number", "nul", "array"],
)
async def test_bad_questions_are_422(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, payload: object, needle: str
) -> None:
    call_id = await import_activity(client, tenant)
    await drain_jobs(state)
    url = f"{API}/calls/{call_id}/chat"
    r = await client.post(url, headers=tenant.headers, json=payload)
    check_error(r, 422, contains=needle)
    history = (await client.get(url, headers=tenant.headers)).json()["data"]["messages"]
    assert all(m["question"] != "" for m in history)


async def test_body_that_is_not_json_is_422(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    call_id = await import_activity(client, tenant)
    r = await client.post(
        f"{API}/calls/{call_id}/chat",
        headers={**tenant.headers, "Content-Type": "application/json"},
        content=b"{not json",
    )
    check_error(r, 422)


async def test_missing_key_other_org_and_other_kind(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    call_id = await import_activity(client, tenant)
    await drain_jobs(state)
    question = {"question": "What did they say about pricing?"}
    r = await client.post(f"{API}/calls/{call_id}/chat", json=question)
    check_error(r, 401)
    r = await client.post(
        f"{API}/calls/{call_id}/chat", headers=other_tenant.headers, json=question
    )
    check_error(r, 404)
    r = await client.post(f"{API}/meetings/{call_id}/chat", headers=tenant.headers, json=question)
    check_error(r, 404)
    r = await client.post(f"{API}/calls/nope/chat", headers=tenant.headers, json=question)
    check_error(r, 404)


async def test_activity_without_a_transcript_is_409(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    fields = [("name", "Still processing"), ("startDateTime", "2026-04-01T09:30:00Z")]
    body, headers = multipart(fields, [("file", "call.wav", wav_bytes(), "audio/wav")])
    r = await client.post(
        f"{API}/calls/upload", headers={**tenant.headers, **headers}, content=body
    )
    assert r.status_code == 201, r.text
    call_id = r.json()["data"]["callId"]
    r = await client.post(
        f"{API}/calls/{call_id}/chat", headers=tenant.headers, json={"question": "Anything?"}
    )
    check_error(r, 409, contains="no transcript")
