"""The intelligence stage through the real queue: an imported transcript comes out with a
summary, next steps, notes, a score and insights; a re-run replaces them and keeps manual notes;
an LLM that fails leaves the built-in results and the reason."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from fixtures.shapes import spec_fields
from meetsight.intelligence.models import Note
from meetsight.state import AppState

API = "/api/v1"
DAY = date(2026, 4, 1)  # a Wednesday
FRIDAY = DAY + timedelta(days=2)

LINES = [
    ("Olivia Owner", "Thanks for joining, Carl. What do you use today for your call notes?"),
    ("Carl Customer", "Spreadsheets, mostly. Our reps lose hours every week updating the CRM."),
    ("Olivia Owner", "How much does that cost you in a year?"),
    ("Carl Customer", "About thirty thousand dollars in lost time. We are also looking at Gong."),
    ("Olivia Owner", "Our plan is forty dollars per seat per month, billed annually."),
    ("Carl Customer", "That is above the budget we have for this year, honestly."),
    ("Carl Customer", "And our CFO has to sign off on anything above fifty thousand."),
    ("Olivia Owner", "Understood. I'll send you the pricing sheet and a case study by Friday."),
    ("Carl Customer", "Great. I will share it with the CFO once it arrives."),
]


def transcript_json() -> bytes:
    segments = [
        {
            "startTime": i * 10.0,
            "endTime": i * 10.0 + 8.0,
            "participantName": name,
            "content": text,
        }
        for i, (name, text) in enumerate(LINES)
    ]
    return json.dumps({"segments": segments}).encode()


async def import_activity(
    client: httpx.AsyncClient, tenant: Tenant, kind: str = "calls", content: bytes | None = None
) -> str:
    fields = [
        ("name", "Discovery with Carl"),
        ("startDateTime", f"{DAY.isoformat()}T09:30:00Z"),
        ("ownerId", tenant.person_id),
    ]
    files = [("transcript", "t.json", content or transcript_json(), "application/json")]
    body, headers = multipart(fields, files)
    r = await client.post(
        f"{API}/{kind}/upload", headers={**tenant.headers, **headers}, content=body
    )
    assert r.status_code == 201, r.text
    return str(next(iter(r.json()["data"].values())))


async def get(client: httpx.AsyncClient, tenant: Tenant, path: str) -> Any:
    r = await client.get(f"{API}/{path}", headers=tenant.headers)
    assert r.status_code == 200, r.text
    return r.json()["data"]


async def test_imported_call_gets_everything_derived(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    call_id = await import_activity(client, tenant)
    await drain_jobs(state)
    call = await get(client, tenant, f"calls/{call_id}")
    assert call["status"] == "completed"

    summary = await get(client, tenant, f"calls/{call_id}/summary")
    assert summary["engine"] == "builtin" and "engineError" not in summary
    assert len(summary["summary"]) > 40
    steps = summary["nextSteps"]
    pricing = [s for s in steps if "pricing sheet" in s["action"]]
    assert len(pricing) == 1, steps
    assert pricing[0]["actors"] == ["Olivia Owner"]
    assert pricing[0]["deadline"] == FRIDAY.isoformat()
    insights = summary["insights"]
    assert insights["pricingDiscussed"] is True
    assert insights["talkListenRatio"] is not None

    categories = {c["id"]: c["name"] for c in await get(client, tenant, "smart-categories")}
    notes = (await get(client, tenant, f"calls/{call_id}/notes"))["notes"]
    assert notes and all(n["isManual"] is False for n in notes)
    assert all(n["smartCategory"]["id"] in categories for n in notes)
    by_text = {n["content"]: n["smartCategory"]["name"] for n in notes}
    assert by_text.get(LINES[6][1]) == "Decision process", by_text
    assert by_text.get(LINES[4][1]) == "Budget and pricing", by_text

    score = await get(client, tenant, f"calls/{call_id}/score")
    assert 0 <= score["score"] <= 100
    assert len(score["objectives"]) == 6
    assert all(0 <= o["score"] <= 100 and o["explanation"] for o in score["objectives"])
    assert call["aiScore"] is None or call["aiScore"] == score["score"]
    listed = await get(client, tenant, f"calls/{call_id}")
    assert listed["aiScore"] == score["score"]


async def test_rerun_replaces_results_and_keeps_manual_notes(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    meeting_id = await import_activity(client, tenant, "meetings")
    await drain_jobs(state)
    first = (await get(client, tenant, f"meetings/{meeting_id}/notes"))["notes"]
    first_summary = await get(client, tenant, f"meetings/{meeting_id}/summary")
    assert first and first_summary["topics"]
    manual_note = {
        "content": "Call Carl's CFO before the quarter closes.",
        "smartCategoryId": tenant.categories[0].id,
    }
    r = await client.post(
        f"{API}/meetings/{meeting_id}/notes", headers=tenant.headers, json=manual_note
    )
    assert r.status_code == 201, r.text

    r = await client.post(f"{API}/meetings/{meeting_id}/reprocess", headers=tenant.headers)
    assert r.status_code == 202, r.text
    await drain_jobs(state)
    again = (await get(client, tenant, f"meetings/{meeting_id}/notes"))["notes"]
    manual = [n for n in again if n["isManual"]]
    assert [n["content"] for n in manual] == ["Call Carl's CFO before the quarter closes."]
    automatic = sorted((n["content"], n["smartCategoryId"]) for n in again if not n["isManual"])
    assert automatic == sorted((n["content"], n["smartCategoryId"]) for n in first)
    assert await get(client, tenant, f"meetings/{meeting_id}/summary") == first_summary
    async with state.sessionmaker() as session:
        count = await session.scalar(
            sa.select(sa.func.count())
            .select_from(Note)
            .where(Note.organization_id == tenant.org_id, Note.activity_id == meeting_id)
        )
    assert count == len(first) + 1


class _FailingLLM:
    """A local HTTP server that answers every chat completion with a 500."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from threading import Thread

        hits: list[str] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                hits.append(self.path)
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                body = b'{"error": {"message": "the model is overloaded"}}'
                self.send_response(500)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.hits = hits
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def failing_llm() -> Iterator[_FailingLLM]:
    server = _FailingLLM()
    yield server
    server.close()


async def test_failing_llm_leaves_builtin_results_and_the_reason(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, failing_llm: _FailingLLM
) -> None:
    call_id = await import_activity(client, tenant)
    settings = state.settings.model_copy(
        update={"llm_base_url": failing_llm.url, "llm_max_retries": 1, "llm_timeout_seconds": 5}
    )
    await drain_jobs(state, settings=settings)
    assert failing_llm.hits and all(p == "/v1/chat/completions" for p in failing_llm.hits)
    call = await get(client, tenant, f"calls/{call_id}")
    assert call["status"] == "completed"
    summary = await get(client, tenant, f"calls/{call_id}/summary")
    assert summary["engine"] == "builtin"
    assert summary["engineError"].startswith("llm:"), summary
    assert "500" in summary["engineError"] or "overloaded" in summary["engineError"]
    assert any("pricing sheet" in s["action"] for s in summary["nextSteps"])


async def test_org_pinned_to_llm_without_an_endpoint_says_so(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    from meetsight.organizations.models import Organization

    async with state.sessionmaker() as session:
        org = await session.get(Organization, tenant.org_id)
        assert org is not None
        org.settings = {**(org.settings or {}), "intelligenceEngine": "llm"}
        await session.commit()
    call_id = await import_activity(client, tenant)
    await drain_jobs(state)
    summary = await get(client, tenant, f"calls/{call_id}/summary")
    assert summary["engine"] == "builtin"
    assert "MEETSIGHT_LLM_BASE_URL" in summary["engineError"]


def _llm_analysis() -> dict[str, Any]:
    from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES

    return {
        "summary": "Carl loses hours on manual CRM updates; pricing is above his budget.",
        "topics": [{"title": "Pricing", "description": "Per-seat plan", "lines": [4, 5]}],
        "ai_opinion": "Good discovery; the budget gap needs a business case.",
        "insights": {
            "sentiment": "Neutral",
            "objections": ["Above this year's budget"],
            "competitors": ["Gong"],
            "pricing_discussed": True,
            "decision_makers": ["the CFO"],
        },
        "objectives": [
            {"key": o.key, "score": 70, "explanation": f"About {o.name}"}
            for o in DEFAULT_OBJECTIVES
        ],
        "justification": "Solid call.",
        "notes": [
            {
                "line": 6,
                "category_key": "decision_process",
                "content": "The CFO signs off above fifty thousand",
                "tag": "CFO",
                "priority": "high",
            }
        ],
        "next_steps": [
            {
                "action": "Send the pricing sheet and a case study",
                "actors": ["Olivia Owner"],
                "deadline": "by Friday",
                "due": FRIDAY.isoformat(),
                "line": 7,
            }
        ],
    }


async def test_llm_engine_end_to_end(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """A configured LLM writes the summary, notes and score; chat goes to it too."""
    from openai_server import completion, running

    with running() as fake:
        settings = state.settings.model_copy(
            update={"llm_base_url": fake.base_url, "llm_model": "house-model"}
        )

        def respond(request: Any) -> Any:
            if request.schema_name and "chat" in request.schema_name.lower():
                return completion({"answer": "The CFO signs off.", "lines": [6]})
            return completion(_llm_analysis())

        fake.responder = respond
        call_id = await import_activity(client, tenant)
        await drain_jobs(state, settings=settings)
        assert fake.requests and fake.requests[0].path == "/v1/chat/completions"
        assert fake.requests[0].body["model"] == "house-model"
        summary = await get(client, tenant, f"calls/{call_id}/summary")
        assert summary["engine"] == "llm:house-model" and "engineError" not in summary
        assert summary["summary"].startswith("Carl loses hours")
        assert [spec_fields(s) for s in summary["nextSteps"]] == [
            {
                "action": "Send the pricing sheet and a case study",
                "actors": ["Olivia Owner"],
                "deadline": FRIDAY.isoformat(),
            }
        ]
        assert summary["nextSteps"][0]["state"] == "open"  # added: docs/accounts.md
        notes = (await get(client, tenant, f"calls/{call_id}/notes"))["notes"]
        assert [(n["content"], n["smartCategory"]["name"]) for n in notes] == [
            ("The CFO signs off above fifty thousand", "Decision process")
        ]
        score = await get(client, tenant, f"calls/{call_id}/score")
        assert score["score"] == 70 and len(score["objectives"]) == 6

        state.settings.llm_base_url = fake.base_url  # the API process's own settings
        try:
            r = await client.post(
                f"{API}/calls/{call_id}/chat",
                headers=tenant.headers,
                json={"question": "Who signs?"},
            )
        finally:
            state.settings.llm_base_url = None
        assert r.status_code == 201, r.text
        message = r.json()["data"]
        assert message["answer"] == "The CFO signs off."
        assert [c["segment"] for c in message["citations"]] == [6]
