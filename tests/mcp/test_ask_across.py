"""ask_across_conversations on factory data: the built-in engine quotes the moments that answer,
each cited with its conversation, speaker, side and link; keeps to the side, dates and account
asked; declines when nothing covers the question; refuses bad arguments. The LLM engine is
driven against a local server speaking the chat-completions protocol."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import error_text, mcp_client, structured
from intelligence.openai_server import completion, error, running
from meetsight.accounts.models import AccountActivity
from meetsight.intelligence import across
from meetsight.intelligence.llm.config import LLMConfig
from meetsight.intelligence.llm.engine import LLMEngine
from meetsight.mcp.tools_accounts import ACCOUNT_NOT_FOUND
from meetsight.state import AppState

BUDGET_LINE = "About forty. Budget is around thirty thousand a year."


async def seed(state: AppState, tenant: Tenant) -> dict[str, str]:
    return {
        "early": await make_activity(
            state, tenant, name="Acme discovery", start=datetime(2026, 9, 1, tzinfo=UTC)
        ),
        "late": await make_activity(
            state, tenant, name="Acme follow-up", start=datetime(2026, 9, 20, tzinfo=UTC)
        ),
        "call": await make_activity(
            state, tenant, is_call=True, name="Acme call", start=datetime(2026, 9, 10, tzinfo=UTC)
        ),
    }


async def test_quotes_the_customers_moments_with_links(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    question = {"question": "What budget did customers mention?"}
    async with mcp_client(mcp_url, tenant.key) as client:
        answer = structured(await client.call_tool("ask_across_conversations", question))
    assert answer["engine"] == "builtin" and not answer["declined"]
    assert answer["side"] == "external" and answer["topic"] == "budget"
    cited = answer["citations"]
    assert {c["conversationId"] for c in cited} == set(ids.values())
    for c in cited:
        assert c["speaker"] == "Carl Customer" and c["side"] == "external"
        assert c["text"] == BUDGET_LINE and c["startTime"] == 36.0
        assert (
            c["url"]
            == f"http://{mcp_url.split('/')[2]}/app/conversations/{c['conversationId']}?t=36.00"
        )
        assert f"[{c['n']}] " in answer["answer"] and BUDGET_LINE in answer["answer"]
    # newest conversation first
    assert [c["date"] for c in cited] == ["2026-09-20", "2026-09-10", "2026-09-01"]
    assert cited[1]["kind"] == "call" and cited[0]["title"] == "Acme follow-up"


async def test_keeps_to_the_side_dates_and_account(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    async with state.sessionmaker() as session:  # the late meeting leaves the account
        await session.execute(
            sa.delete(AccountActivity).where(
                AccountActivity.organization_id == tenant.org_id,
                AccountActivity.activity_id == ids["late"],
            )
        )
        await session.commit()
    async with mcp_client(mcp_url, tenant.key) as client:
        ours = structured(
            await client.call_tool(
                "ask_across_conversations", {"question": "What did our reps ask about the team?"}
            )
        )
        september = structured(
            await client.call_tool(
                "ask_across_conversations",
                {"question": "budget", "fromDate": "2026-09-05", "toDate": "2026-09-15"},
            )
        )
        account = (await client.call_tool("list_accounts", {"limit": 1})).structured_content
        by_account = structured(
            await client.call_tool(
                "ask_across_conversations",
                {"question": "budget", "account": account["accounts"][0]["id"]},
            )
        )
        told_side = structured(
            await client.call_tool(
                "ask_across_conversations", {"question": "spreadsheets", "side": "internal"}
            )
        )
    assert ours["side"] == "internal" and ours["citations"], ours
    assert {(c["speaker"], c["side"]) for c in ours["citations"]} == {("Olivia Owner", "internal")}
    assert any(c["text"] == "How many reps are on the team?" for c in ours["citations"])
    assert {c["conversationId"] for c in september["citations"]} == {ids["call"]}
    assert {c["conversationId"] for c in by_account["citations"]} == {ids["early"], ids["call"]}
    # spreadsheets were Carl's word: nothing of our side's covers it
    assert (
        told_side["declined"] and told_side["citations"] == [] and told_side["side"] == "internal"
    )


async def test_declines_when_nothing_covers_it(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        answer = structured(
            await client.call_tool(
                "ask_across_conversations",
                {"question": "What was said about the submarine fleet's sonar?"},
            )
        )
        frame_only = structured(
            await client.call_tool("ask_across_conversations", {"question": "What did they say?"})
        )
    assert answer["declined"] and answer["citations"] == []
    assert answer["answer"] == across.DECLINE
    assert frame_only["declined"] and frame_only["answer"] == across.NO_TOPIC


async def test_refuses_bad_arguments(mcp_url: str, tenant: Tenant) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        unknown = await client.call_tool(
            "ask_across_conversations", {"question": "budget", "accountName": "Acme"}
        )
        no_account = await client.call_tool(
            "ask_across_conversations", {"question": "budget", "account": "Nobody Inc"}
        )
        backwards = await client.call_tool(
            "ask_across_conversations",
            {"question": "budget", "fromDate": "2026-09-10", "toDate": "2026-09-01"},
        )
        side = await client.call_tool(
            "ask_across_conversations", {"question": "budget", "side": "vendor"}
        )
    assert error_text(unknown).startswith("Unknown argument accountName: ")
    assert "question, fromDate, toDate, account, side" in error_text(unknown)
    assert error_text(no_account) == ACCOUNT_NOT_FOUND
    assert error_text(backwards) == "Invalid argument toDate: must not be before fromDate"
    assert error_text(side).startswith("Invalid argument side")


def _engine(base_url: str) -> LLMEngine:
    return LLMEngine(LLMConfig(base_url=base_url, model="house-model", max_retries=0))


async def test_the_llm_engine_answers_from_the_numbered_moments(
    state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    scope = across.Scope(kinds=(False, True))
    with running() as fake:
        fake.queue(completion({"answer": "Carl put the budget at 30k a year [2].", "lines": [2]}))
        answer = await across.ask_across(
            state.reader,
            tenant.org_id,
            "What budget did customers mention?",
            scope,
            engine=_engine(fake.base_url),
            public_url="http://testserver",
        )
    sent = fake.requests[0]
    assert sent.path == "/v1/chat/completions" and sent.body["model"] == "house-model"
    assert "Question: What budget did customers mention?" in sent.user
    assert f"[1] 2026-09-20 · Acme follow-up · Carl Customer (external): {BUDGET_LINE}" in sent.user
    assert answer.engine == "llm:house-model" and not answer.declined
    # the one moment cited, numbered 1 in the answer as in its citations
    assert answer.answer == "Carl put the budget at 30k a year [1]."
    assert [(c["n"], c["conversationId"]) for c in answer.citations] == [(1, ids["call"])]
    assert (
        answer.citations[0]["url"] == f"http://testserver/app/conversations/{ids['call']}?t=36.00"
    )


async def test_the_builtin_answer_stands_in_when_the_llm_fails(
    state: AppState, tenant: Tenant
) -> None:
    await seed(state, tenant)
    with running() as fake:
        fake.responder = lambda request: error(500, "model overloaded")
        answer = await across.ask_across(
            state.reader,
            tenant.org_id,
            "budget",
            across.Scope(kinds=(False, True), date_from=date(2026, 9, 5)),
            engine=_engine(fake.base_url),
            public_url="http://testserver",
        )
    assert fake.requests  # it was asked
    assert (
        answer.engine == "builtin"
        and answer.engine_error
        and "llm:house-model" in answer.engine_error
    )
    assert len(answer.citations) == 2 and BUDGET_LINE in answer.answer
    json.dumps(answer.citations)  # plain data, as the tool sends it


def test_an_accounts_scope_spans_its_conversations_days() -> None:
    row = type("Row", (), {})
    early, late = row(), row()
    early.id, early.start_at = "a", datetime(2026, 9, 1, 10, tzinfo=UTC)
    late.id, late.start_at = "b", datetime(2026, 9, 20, 10, tzinfo=UTC)
    scope = across.account_scope((False,), None, date(2026, 9, 10), [early, late], "external")
    assert scope.activity_ids == {"a", "b"} and scope.side == "external"
    assert (scope.date_from, scope.date_to) == (date(2026, 9, 1), date(2026, 9, 10))
    empty = across.account_scope((False,), date(2026, 1, 1), None, [], None)
    assert empty.activity_ids == frozenset() and empty.date_from == date(2026, 1, 1)
