"""search_meetings and search_calls over the search service (meetsight.search.service, merged
from the search branch): kinds kept apart, matching sentences with speaker and time, scope,
filters, limits, tenant isolation and bad queries."""

from __future__ import annotations

from datetime import UTC, datetime

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import error_text, mcp_client, structured
from meetsight.state import AppState


async def seed(state: AppState, tenant: Tenant) -> dict[str, str]:
    return {
        "meeting": await make_activity(
            state, tenant, name="Acme discovery", start=datetime(2026, 9, 1, tzinfo=UTC)
        ),
        "later": await make_activity(
            state, tenant, name="Globex roadmap", start=datetime(2026, 9, 20, tzinfo=UTC)
        ),
        "call": await make_activity(
            state,
            tenant,
            is_call=True,
            name="Acme inbound call",
            direction="inbound",
            start=datetime(2026, 9, 2, tzinfo=UTC),
        ),
    }


async def test_search_meetings_finds_sentences_never_calls(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(await client.call_tool("search_meetings", {"query": "spreadsheets"}))
    assert {m["id"] for m in result["meetings"]} == {ids["meeting"], ids["later"]}
    assert result["total"] == 2 and result["returned"] == 2 and result["scope"] == "all"
    hit = next(m for m in result["meetings"] if m["id"] == ids["meeting"])
    assert hit["title"] == "Acme discovery" and hit["kind"] == "meeting"
    assert hit["mediaType"] == "videocall" and hit["startDateTime"] == "2026-09-01T00:00:00Z"
    assert {p["name"] for p in hit["participants"]} == {"Olivia Owner", "Carl Customer"}
    assert all(set(p) == {"name", "isInternal"} for p in hit["participants"])  # compact
    match = hit["matches"][0]
    assert match["speaker"] == "Carl Customer" and match["side"] == "external"
    assert match["url"] == f"{hit['url']}?t=12.00"
    # The second segment; the first holds two sentences, so this is get_meeting_transcript's
    # third sentence.
    assert match["startTime"] == 12.0 and match["sentenceIndex"] == 2
    assert "**spreadsheets**" in match["snippet"].lower()


async def test_search_scope_dates_and_limit(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        titles = structured(
            await client.call_tool("search_meetings", {"query": "roadmap", "scope": "title"})
        )
        not_in_sentences = structured(
            await client.call_tool(
                "search_meetings", {"query": "roadmap", "scope": "sentences", "mode": "lexical"}
            )
        )
        # No sentence holds these words; by meaning (the default, hybrid) "About forty.
        # Budget is around thirty thousand a year." is near.
        nearest = structured(
            await client.call_tool(
                "search_meetings", {"query": "how much money they can spend annually"}
            )
        )
        dated = structured(
            await client.call_tool(
                "search_meetings",
                {"query": "proposal", "fromDate": "2026-09-10", "toDate": "2026-09-30"},
            )
        )
        one = structured(await client.call_tool("search_meetings", {"query": "budget", "limit": 1}))
    assert [m["id"] for m in titles["meetings"]] == [ids["later"]]
    assert titles["meetings"][0]["titleMatched"] is True
    assert not_in_sentences["total"] == 0 and not_in_sentences["mode"] == "lexical"
    assert nearest["mode"] == "hybrid" and nearest["total"] >= 1
    assert {m["id"] for m in nearest["meetings"]} == {ids["meeting"], ids["later"]}
    assert all(
        "Budget" in " ".join(x["snippet"] for x in m["matches"]) for m in nearest["meetings"]
    )
    assert [m["id"] for m in dated["meetings"]] == [ids["later"]]
    assert one["returned"] == 1 and one["total"] == 2


async def test_search_calls_only_calls(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    ids = await seed(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        found = structured(await client.call_tool("search_calls", {"query": "forty reps"}))
        inbound = structured(
            await client.call_tool(
                "search_calls", {"query": "budget", "direction": "INBOUND", "fromNumber": "0111"}
            )
        )
        outbound = structured(
            await client.call_tool("search_calls", {"query": "budget", "direction": "OUTBOUND"})
        )
    assert [c["id"] for c in found["calls"]] == [ids["call"]]
    assert found["calls"][0]["kind"] == "call" and found["calls"][0]["direction"] == "inbound"
    assert [c["id"] for c in inbound["calls"]] == [ids["call"]]
    assert outbound["total"] == 0


async def test_search_stays_in_the_organization(
    mcp_url: str, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    await seed(state, other_tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        meetings = structured(await client.call_tool("search_meetings", {"query": "spreadsheets"}))
        calls = structured(await client.call_tool("search_calls", {"query": "spreadsheets"}))
    assert meetings["total"] == 0 and calls["total"] == 0


async def test_bad_search_arguments(mcp_url: str, tenant: Tenant) -> None:
    async with mcp_client(mcp_url, tenant.key) as client:
        too_many = await client.call_tool("search_meetings", {"query": "x", "limit": 51})
        empty = await client.call_tool("search_meetings", {"query": ""})
        blank = await client.call_tool("search_calls", {"query": "   "})
        scope = await client.call_tool("search_calls", {"query": "x", "scope": "notes"})
        only_operators = await client.call_tool("search_meetings", {"query": "AND OR NOT"})
        mode = await client.call_tool("search_meetings", {"query": "x", "mode": "vibes"})
    assert error_text(too_many).startswith("Invalid argument limit: ")
    assert error_text(empty).startswith("Invalid argument query: ")
    assert error_text(blank).startswith("Invalid argument query: ")
    assert error_text(scope).startswith("Invalid argument scope: ")
    assert error_text(only_operators).startswith("Invalid argument query: ")
    assert error_text(mode).startswith("Invalid argument mode: ")
    assert "query: query" not in error_text(only_operators)


async def test_every_hits_sentence_index_points_at_its_moment(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    """The indexes of all hits come from one read: each still names, in its own meeting's
    transcript, the sentence that starts where the match does (7 sentences every 5 segments)."""
    short = await make_activity(state, tenant, name="Short one", segments=5)
    long = await make_activity(state, tenant, name="Long one", segments=12)
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(await client.call_tool("search_meetings", {"query": "spreadsheets"}))
        transcripts = {
            meeting: structured(
                await client.call_tool("get_meeting_transcript", {"transcriptId": meeting})
            )["sentences"]
            for meeting in (short, long)
        }
    found = {m["id"]: m["matches"] for m in result["meetings"]}
    assert [m["sentenceIndex"] for m in found[short]] == [2]
    assert [m["sentenceIndex"] for m in found[long]] == [2, 9, 16]
    for meeting, sentences in transcripts.items():
        for match in found[meeting]:
            said = sentences[match["sentenceIndex"]]
            assert said["startTime"] == match["startTime"] and "spreadsheets" in said["text"]
