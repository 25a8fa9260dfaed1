"""The four id-taking tools: transcript (caps, truncation), summary (meetings and calls),
details (includes), action items; meeting and call ids alike."""

from __future__ import annotations

import itertools

import httpx

from fixtures.factories import Tenant, make_activity
from fixtures.mcp_clients import error_text, mcp_client, structured
from fixtures.multipart import multipart
from fixtures.shapes import spec_fields
from meetsight.state import AppState


async def test_transcript_with_and_without_a_cap(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, segments=12)
    async with mcp_client(mcp_url, tenant.key) as client:
        full = structured(
            await client.call_tool("get_meeting_transcript", {"transcriptId": meeting})
        )
        capped = structured(
            await client.call_tool(
                "get_meeting_transcript", {"transcriptId": meeting, "maxSentences": 5}
            )
        )
    # 12 segments of SCRIPT's five lines, two of which hold two sentences: 17 sentences.
    assert full["returned"] == 17 and full["totalSentences"] == 17
    assert full["truncated"] is False and full["maxSentences"] == 10_000
    first, second = full["sentences"][:2]
    # The first segment (0-10 s) is two sentences; its time is shared by their characters.
    assert first == {
        "index": 0,
        "speaker": "Olivia Owner",
        "speakerId": tenant.person_id,
        "startTime": 0.0,
        "endTime": round(10 * 19 / 59, 3),
        "text": "Thanks for joining.",
    }
    assert second["text"] == "What are you using today for call notes?"
    assert second["startTime"] == first["endTime"] and second["endTime"] == 10.0
    assert full["sentences"][7]["startTime"] == 60.0  # the sixth segment's first sentence
    assert capped["returned"] == 5 and capped["truncated"] is True
    assert capped["totalSentences"] == 17
    assert [s["text"] for s in capped["sentences"]] == [
        "Thanks for joining.",
        "What are you using today for call notes?",
        "Mostly spreadsheets, and it takes hours every week.",
        "How many reps are on the team?",
        "About forty.",
    ]


async def test_transcript_is_cut_at_ten_thousand_sentences(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, segments=10_003)
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(
            await client.call_tool("get_meeting_transcript", {"transcriptId": meeting})
        )
    assert result["returned"] == 10_000 and len(result["sentences"]) == 10_000
    # SCRIPT's five lines hold seven sentences: 2,000 rounds and three lines of four more.
    assert result["truncated"] is True and result["totalSentences"] == 14_004
    assert result["sentences"][-1]["index"] == 9_999


async def test_transcript_of_a_call_and_language_note(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    call = await make_activity(state, tenant, is_call=True, segments=3)
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(
            await client.call_tool(
                "get_meeting_transcript", {"transcriptId": call, "language": "fr"}
            )
        )
    assert result["kind"] == "call" and result["returned"] == 4  # 3 segments, 4 sentences
    assert result["language"] == "en"
    assert "No 'fr' version" in result["note"]


async def test_summary_of_a_meeting_and_of_a_call(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant)
    call = await make_activity(state, tenant, is_call=True)
    async with mcp_client(mcp_url, tenant.key) as client:
        of_meeting = structured(
            await client.call_tool("get_meeting_summary", {"transcriptId": meeting})
        )
        of_call = structured(await client.call_tool("get_meeting_summary", {"transcriptId": call}))
    step = {"action": "Send the proposal", "actors": ["Olivia Owner"], "deadline": "Friday"}
    assert of_meeting["available"] is True
    assert of_meeting["summaryText"].startswith("Carl described manual note taking")
    assert [spec_fields(i) for i in of_meeting["actionItems"]] == [step]
    assert of_meeting["next_steps"] == of_meeting["actionItems"]
    assert of_meeting["actionItems"][0]["state"] == "open"  # added: docs/accounts.md
    assert of_meeting["topics"] == [
        {"title": "Current process", "description": "Spreadsheets and manual notes"}
    ]
    assert "insights" not in of_meeting
    assert of_call["kind"] == "call"
    assert of_call["insights"] == {"sentiment": {"label": "positive"}, "competitors": []}
    assert "topics" not in of_call
    assert [spec_fields(i) for i in of_call["actionItems"]] == [step]


async def test_action_items(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    meeting = await make_activity(state, tenant)
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(
            await client.call_tool("get_meeting_action_items", {"meetingId": meeting})
        )
    assert result["count"] == 1 and result["id"] == meeting
    assert result["actionItems"][0]["action"] == "Send the proposal"
    assert result["actionItems"][0]["deadline"] == "Friday"


async def test_details_honour_the_include_flags(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, name="Details check", segments=8)
    async with mcp_client(mcp_url, tenant.key) as client:
        everything = structured(await client.call_tool("get_meeting_details", {"id": meeting}))
        bare = structured(
            await client.call_tool(
                "get_meeting_details",
                {"id": meeting, "includeTranscript": False, "includeSummary": False},
            )
        )
        capped = structured(
            await client.call_tool(
                "get_meeting_details", {"id": meeting, "maxSentences": 2, "includeSummary": False}
            )
        )
    assert everything["meeting"]["title"] == "Details check"
    assert everything["meeting"]["description"] == "A test activity"
    assert everything["meeting"]["durationSeconds"] == 96.0
    assert len(everything["meeting"]["participants"]) == 2
    assert everything["transcript"]["returned"] == 11  # 8 segments, 3 of two sentences
    assert everything["summary"]["actionItems"][0]["action"] == "Send the proposal"
    assert set(bare) == {"meeting"}
    assert capped["transcript"]["returned"] == 2 and capped["transcript"]["truncated"] is True
    assert "summary" not in capped


async def test_details_of_a_call(mcp_url: str, state: AppState, tenant: Tenant) -> None:
    call = await make_activity(state, tenant, is_call=True, name="Support call")
    async with mcp_client(mcp_url, tenant.key) as client:
        result = structured(await client.call_tool("get_meeting_details", {"id": call}))
    assert result["meeting"]["kind"] == "call"
    assert result["meeting"]["direction"] == "outbound"
    assert result["summary"]["insights"]["sentiment"] == {"label": "positive"}


async def test_processing_activity_without_summary(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, status="processing")
    async with state.sessionmaker() as session:
        from sqlalchemy import delete

        from meetsight.intelligence.models import ActivitySummary

        await session.execute(
            delete(ActivitySummary).where(
                ActivitySummary.organization_id == tenant.org_id,
                ActivitySummary.activity_id == meeting,
            )
        )
        await session.commit()
    async with mcp_client(mcp_url, tenant.key) as client:
        summary = structured(
            await client.call_tool("get_meeting_summary", {"transcriptId": meeting})
        )
        items = structured(
            await client.call_tool("get_meeting_action_items", {"meetingId": meeting})
        )
    assert summary["available"] is False and summary["actionItems"] == []
    assert summary["note"] == "The meeting is still processing"
    assert items["count"] == 0


PARAGRAPH = (
    "We reviewed the proposal. Legal has two questions. Procurement wants a discount. "
    "Can you call me on Monday?"
)
IMPORTED_VTT = f"""WEBVTT

00:00:01.000 --> 00:00:21.000
<v Ivy Importer>{PARAGRAPH}

00:00:22.000 --> 00:00:25.000
<v Sam Seller>Yes, Monday works.
"""


async def test_an_imported_paragraph_counts_as_its_sentences(
    server_url: str, mcp_url: str, tenant: Tenant
) -> None:
    """A cue of an imported transcript that holds four sentences is four sentences to
    maxSentences, with times inside the cue."""
    body, headers = multipart(
        [("name", "Imported review"), ("startDateTime", "2026-10-01T15:00:00Z")],
        [("transcript", "review.vtt", IMPORTED_VTT.encode(), "text/vtt")],
    )
    async with httpx.AsyncClient(base_url=server_url) as client:
        r = await client.post(
            "/api/v1/meetings/upload", content=body, headers={**tenant.headers, **headers}
        )
    assert r.status_code == 201, r.text[:300]
    meeting = r.json()["data"]["meetingId"]
    async with mcp_client(mcp_url, tenant.key) as client:
        capped = structured(
            await client.call_tool(
                "get_meeting_transcript", {"transcriptId": meeting, "maxSentences": 3}
            )
        )
        full = structured(
            await client.call_tool("get_meeting_transcript", {"transcriptId": meeting})
        )
    assert [s["text"] for s in capped["sentences"]] == [
        "We reviewed the proposal.",
        "Legal has two questions.",
        "Procurement wants a discount.",
    ]
    assert capped["truncated"] is True and capped["totalSentences"] == 5
    assert full["returned"] == 5 and full["truncated"] is False
    four = full["sentences"][:4]
    assert four[0]["startTime"] == 1.0 and four[-1]["endTime"] == 21.0
    assert all(a["endTime"] == b["startTime"] for a, b in itertools.pairwise(four))
    assert full["sentences"][4] == {**full["sentences"][4], "text": "Yes, Monday works."}


async def test_transcript_pages_by_offset_and_time_window_and_as_text(
    mcp_url: str, state: AppState, tenant: Tenant
) -> None:
    meeting = await make_activity(state, tenant, segments=12)  # 17 sentences, 12 s apart
    async with mcp_client(mcp_url, tenant.key) as client:

        async def read(**arguments: object) -> dict[str, object]:
            return structured(
                await client.call_tool(
                    "get_meeting_transcript", {"transcriptId": meeting, **arguments}
                )
            )

        first = await read(maxSentences=5)
        second = await read(maxSentences=5, offset=first["nextOffset"])
        last = await read(offset=15)
        window = await read(fromSeconds=60, toSeconds=84)
        text = await read(fromSeconds=60, toSeconds=84, format="text")
        bad = await client.call_tool(
            "get_meeting_transcript", {"transcriptId": meeting, "fromSeconds": 9, "toSeconds": 9}
        )
    assert first["nextOffset"] == 5 and first["truncated"] is True
    assert [s["index"] for s in second["sentences"]] == [5, 6, 7, 8, 9]
    assert second["nextOffset"] == 10 and second["offset"] == 5
    assert [s["index"] for s in last["sentences"]] == [15, 16]
    assert last["truncated"] is False and "nextOffset" not in last  # None is left out
    assert last["totalSentences"] == 17
    # segments 5 and 6 start at 60 s and 72 s; 84 s is the window's open end
    assert window["sentences"][0]["startTime"] == 60.0
    assert all(60 <= s["startTime"] < 84 for s in window["sentences"])
    assert window["url"].endswith(f"/app/conversations/{meeting}")
    assert text["sentences"] == [] and text["returned"] == window["returned"]
    lines = str(text["text"]).splitlines()
    assert len(lines) == window["returned"] and lines[0].startswith("[1:00] ")
    assert error_text(bad) == "Invalid argument fromSeconds: must be before toSeconds"
