"""The five questions of issue 19 an assistant is asked, answered on the demo organization with
the MCP SDK client in both protocol modes (on SQLite): each in at most two calls and 8k tokens
(bytes / 4) of results, the answer carrying a link to its moment, which is then followed in the
served web app (signed in): the page answers 200 and holds the moment (the transcript line at
that time, saying what was cited). A `meetsight serve` on a copy of the demo the session seeds
once serves them."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from fixtures.mcp_clients import MCP_PATH, mcp_client, structured
from fixtures.served import demo_template, new_user, start_server
from meetsight.demo.seed import DemoResult
from web.pages import PASSWORD, sign_in, unique_email

MODES = ["auto", "legacy"]
TOKEN_BUDGET = 8_000
LINE = re.compile(
    r'<li id="l\d+" data-start="([0-9.]+)" data-end="([0-9.]+)">.*?'
    r'<span class="spk">(.*?)</span> <span class="say">(.*?)</span></li>'
)


@dataclass(frozen=True)
class ServedDemo:
    base_url: str
    result: DemoResult
    member_email: str


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedDemo]:
    """A `meetsight serve` on a copy of the session's seeded demo (fixtures.served
    .demo_template), with a member who signs in to follow the links. Calls and bytes do not
    depend on the database, so SQLite only; every tool here runs on PostgreSQL in the isolation
    walk and its own tests."""
    template = demo_template()
    data_dir = tmp_path_factory.mktemp("agent-demo")
    shutil.copytree(template.folder, data_dir, dirs_exist_ok=True)
    email = unique_email("member")
    new_user(data_dir, template.result.org_id, email, "Agent Member", "member", PASSWORD)
    server = start_server(data_dir)
    try:
        yield ServedDemo(server.base_url, template.result, email)
    finally:
        server.stop()


@pytest.fixture(scope="module")
def mcp_url(demo: ServedDemo) -> str:
    return demo.base_url + MCP_PATH


@pytest.fixture(scope="module")
def demo_key(demo: ServedDemo) -> str:
    return demo.result.api_key


@pytest.fixture
async def web(demo: ServedDemo) -> AsyncIterator[httpx.AsyncClient]:
    """A browser signed in to the demo organization on the served app the links point at."""
    async with httpx.AsyncClient(base_url=demo.base_url) as browser:
        answer = await sign_in(browser, demo.member_email)
        assert answer.status_code == 303, answer.text[:300]
        yield browser


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", html.unescape(text).lower()) if len(w) > 2}


async def shows_moment(
    web: httpx.AsyncClient, url: str, said: str | None = None, speaker: str | None = None
) -> None:
    """The link opens its conversation's page (200), which has a transcript line at the link's
    time (the one the player seeks to) saying `said` (most of its words) by `speaker`."""
    assert url.startswith(str(web.base_url).rstrip("/") + "/app/conversations/"), url
    page = await web.get(url)
    assert page.status_code == 200, (url, page.status_code)
    at = float(parse_qs(urlsplit(url).query)["t"][0])
    lines = [(float(a), float(b), spk, say) for a, b, spk, say in LINE.findall(page.text)]
    assert lines, "the page shows no transcript"
    # The line the player highlights (conversation.js lineAt): the last one starting at or before
    # the link's time. Turns may overlap by a few hundredths, so the one before can still run.
    here = [line for line in lines if line[0] <= at + 0.05]
    assert here and at < here[-1][1], f"no transcript line at {at} s"
    _, _, spk, say = here[-1]
    if speaker is not None:
        assert html.unescape(spk) == speaker, (spk, speaker)
    if said is not None:
        wanted = _words(said)
        assert len(wanted & _words(say)) >= 0.6 * len(wanted), (said, say)


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


def _last_month() -> tuple[str, str]:
    today = datetime.now(UTC).date()
    end = today.replace(day=1) - timedelta(days=1)
    return end.replace(day=1).isoformat(), end.isoformat()


@pytest.mark.parametrize("mode", MODES)
async def test_what_customers_said_about_pricing_last_month(
    mcp_url: str, demo_key: str, web: httpx.AsyncClient, mode: str
) -> None:
    first, last = _last_month()
    arguments = {
        "question": "What did customers say about pricing last month?",
        "fromDate": first,
        "toDate": last,
    }
    async with agent_for(mcp_url, demo_key, mode) as agent:
        answer = await agent.call("ask_across_conversations", arguments)
    assert agent.calls == 1 and agent.tokens < TOKEN_BUDGET, agent.sizes
    assert not answer["declined"] and answer["side"] == "external", answer["answer"]
    cited = answer["citations"]
    assert len({c["conversationId"] for c in cited}) >= 2, answer["answer"]
    for c in cited:
        assert first <= c["date"] <= last and c["side"] == "external"
        assert f"[{c['n']}]" in answer["answer"]
    assert any(re.search(r"pric|cost|budget|discount", c["text"], re.I) for c in cited)
    best = next(c for c in cited if re.search(r"pric", c["text"], re.I))
    await shows_moment(web, best["url"], said=best["text"], speaker=best["speaker"])


@pytest.mark.parametrize("mode", MODES)
async def test_open_next_steps_of_the_biggest_deal(
    mcp_url: str, demo_key: str, web: httpx.AsyncClient, mode: str
) -> None:
    async with agent_for(mcp_url, demo_key, mode) as agent:
        steps = await _biggest_deal(agent, str(web.base_url).rstrip("/"))
    await shows_moment(web, steps[0]["url"])


async def _biggest_deal(agent: Agent, public_url: str) -> list[dict[str, Any]]:
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
    return list(steps)


@pytest.mark.parametrize("mode", MODES)
async def test_summary_of_the_last_call_with_bluefin(
    mcp_url: str, demo_key: str, web: httpx.AsyncClient, mode: str
) -> None:
    async with agent_for(mcp_url, demo_key, mode) as agent:
        calls = (await agent.call("list_calls", {"titleFilter": "Bluefin", "limit": 1}))["calls"]
        assert calls, "the demo has calls with Bluefin"
        summary = await agent.call("get_meeting_summary", {"transcriptId": calls[0]["id"]})
    assert agent.calls == 2 and agent.tokens < TOKEN_BUDGET, agent.sizes
    assert summary["available"] and summary["summaryText"]
    assert calls[0]["url"].endswith(f"/app/conversations/{calls[0]['id']}")
    # compact participants by default: name and side, nothing else
    assert all(set(p) == {"name", "isInternal"} for p in calls[0]["participants"])
    points = summary["actionItems"]
    assert points and summary["next_steps"] == points
    for point in points:
        assert point["url"].startswith(calls[0]["url"] + "?t=")
        assert point["side"] in ("internal", "external") and point["speaker"]
    await shows_moment(web, points[0]["url"], speaker=points[0]["speaker"])


@pytest.mark.parametrize("mode", MODES)
async def test_which_rep_asks_the_most_questions_this_quarter(
    mcp_url: str, demo_key: str, web: httpx.AsyncClient, mode: str
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
    top = reps[0]["rep"]["name"]
    # the figures' page: the team's charts over the same range, the top rep among them
    page = await web.get(trends["url"])
    assert page.status_code == 200 and html.escape(top) in page.text, trends["url"]
    assert f'value="{start}"' in page.text and "Questions per conversation" in page.text


@pytest.mark.parametrize("mode", MODES)
async def test_every_competitor_mention_last_month_with_its_moment(
    mcp_url: str, demo_key: str, web: httpx.AsyncClient, mode: str
) -> None:
    first, last = _last_month()
    arguments = {"tracker": "competitors", "fromDate": first, "toDate": last, "limit": 100}
    async with agent_for(mcp_url, demo_key, mode) as agent:
        found = await agent.call("find_mentions", arguments)
    assert agent.calls == 1 and agent.tokens < TOKEN_BUDGET, agent.sizes
    assert found["total"] == found["returned"] > 0, found["total"]
    for mention in found["mentions"]:
        assert first <= mention["conversationStart"][:10] <= last
        assert "/app/conversations/" in mention["url"] and "?t=" in mention["url"]
        assert mention["term"] and mention["text"]
    mention = found["mentions"][0]
    await shows_moment(web, mention["url"], said=mention["text"], speaker=mention["speaker"])
    assert mention["term"].lower() in mention["text"].lower()
