"""The questions an assistant is asked, answered on the demo organization with the MCP SDK
client in both protocol modes (on SQLite): each in at most two calls and 8k tokens (bytes / 4)
of results, the answer carrying a link to its moment (issues 18, 19). The demo is seeded once
for the module into this session's database, beside the other tests' organizations."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from fixtures.mcp_clients import mcp_client, structured
from meetsight.demo.seed import seed_demo
from meetsight.state import AppState

MODES = ["auto", "legacy"]
TOKEN_BUDGET = 8_000


@pytest.fixture(scope="module")
async def demo_key(state: AppState) -> str:
    if state.settings.database_url:
        # Calls and bytes do not depend on the database, and seeding the demo takes a minute;
        # every tool here runs on PostgreSQL in the isolation walk and its own tests.
        pytest.skip("measured on SQLite")
    async with state.sessionmaker() as session:
        result = await seed_demo(session, state.settings)
        await session.commit()
    return result.api_key


@dataclass
class Agent:
    """Counts what an assistant pays: calls made and bytes of the results read."""

    client: Any
    calls: int = 0
    sizes: list[int] = field(default_factory=list)

    async def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = await self.client.call_tool(tool, arguments)
        self.calls += 1
        self.sizes.append(len(result.content[0].text.encode()))
        return structured(result)

    @property
    def tokens(self) -> int:
        return sum(self.sizes) // 4


@asynccontextmanager
async def agent_for(mcp_url: str, key: str, mode: str) -> AsyncIterator[Agent]:
    async with mcp_client(mcp_url, key, mode=mode) as client:
        yield Agent(client)


@pytest.mark.parametrize("mode", MODES)
async def test_open_next_steps_of_the_biggest_deal(mcp_url: str, demo_key: str, mode: str) -> None:
    public_url = mcp_url.rsplit("/api/", 1)[0]
    async with agent_for(mcp_url, demo_key, mode) as agent:
        await _biggest_deal(agent, public_url)


async def _biggest_deal(agent: Agent, public_url: str) -> None:
    top = (await agent.call("list_accounts", {"sortBy": "largestAmount", "limit": 1}))["accounts"]
    account = await agent.call("get_account", {"account": top[0]["id"]})
    assert agent.calls == 2 and agent.tokens < TOKEN_BUDGET, agent.sizes
    largest = top[0]["largestAmount"]
    assert largest["value"] > 0 and "?t=" in largest["url"]
    steps = account["openNextSteps"]
    assert steps, json.dumps(account)[:2000]
    for step in steps:
        assert step["state"] == "open"
        assert step["url"].startswith(f"{public_url}/app/conversations/")
        assert "?t=" in step["url"]
    # the biggest amount quoted anywhere is this account's
    everyone = await agent.call("list_accounts", {"sortBy": "name", "limit": 50})
    assert all(
        (a.get("largestAmount") or {}).get("value", 0) <= largest["value"]
        for a in everyone["accounts"]
    )


@pytest.mark.parametrize("mode", MODES)
async def test_summary_of_the_last_call_with_an_account(
    mcp_url: str, demo_key: str, mode: str
) -> None:
    async with agent_for(mcp_url, demo_key, mode) as agent:
        await _last_call_summary(agent)


async def _last_call_summary(agent: Agent) -> None:
    calls = (await agent.call("list_calls", {"titleFilter": "Bluefin", "limit": 1}))["calls"]
    assert calls, "the demo has calls with Bluefin"
    summary = await agent.call("get_meeting_summary", {"transcriptId": calls[0]["id"]})
    assert agent.calls == 2 and agent.tokens < TOKEN_BUDGET, agent.sizes
    assert summary["available"] and summary["summaryText"]
    assert calls[0]["url"].endswith(f"/app/conversations/{calls[0]['id']}")


@pytest.mark.parametrize("mode", MODES)
async def test_which_rep_asks_the_most_questions_this_quarter(
    mcp_url: str, demo_key: str, mode: str
) -> None:
    start = (datetime.now(UTC).date() - timedelta(days=90)).isoformat()
    async with agent_for(mcp_url, demo_key, mode) as agent:
        trends = await agent.call(
            "get_team_trends", {"fromDate": start, "sortBy": "questionsPerConversation"}
        )
    assert agent.calls == 1 and agent.tokens < TOKEN_BUDGET, agent.sizes
    reps = [g for g in trends["groups"] if g["totals"].get("questionsPerConversation")]
    assert len(reps) >= 2, trends
    figures = [g["totals"]["questionsPerConversation"] for g in reps]
    assert figures == sorted(figures, reverse=True) and figures[0] > figures[-1]
    assert reps[0]["rep"]["name"]


@pytest.mark.parametrize("mode", MODES)
async def test_every_competitor_mention_last_month_with_its_moment(
    mcp_url: str, demo_key: str, mode: str
) -> None:
    today = datetime.now(UTC).date()
    last_month_end = today.replace(day=1) - timedelta(days=1)
    arguments = {
        "tracker": "competitors",
        "fromDate": last_month_end.replace(day=1).isoformat(),
        "toDate": last_month_end.isoformat(),
        "limit": 100,
    }
    async with agent_for(mcp_url, demo_key, mode) as agent:
        found = await agent.call("find_mentions", arguments)
    assert agent.calls == 1 and agent.tokens < TOKEN_BUDGET * 2, agent.sizes
    assert found["total"] == found["returned"] > 0, found["total"]
    for mention in found["mentions"]:
        assert arguments["fromDate"] <= mention["conversationStart"][:10] <= arguments["toDate"]
        assert "/app/conversations/" in mention["url"] and "?t=" in mention["url"]
        assert mention["term"] and mention["text"]
