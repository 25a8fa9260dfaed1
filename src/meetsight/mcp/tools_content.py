"""The tools that take one id (a meeting's or a call's): get_meeting_transcript,
get_meeting_summary, get_meeting_details, get_meeting_action_items."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.accounts.next_step_records import records_by_key
from meetsight.db.unit_of_work import read_only
from meetsight.intelligence.repository import get_summary
from meetsight.mcp import arguments as a
from meetsight.mcp import content
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.loading import activity_by_id, shape_one
from meetsight.mcp.results import Activity, tool_result
from meetsight.mcp.tools_listing import READ_ONLY


class Details(BaseModel):
    meeting: Activity = Field(description="The meeting or call (phone calls too)")
    transcript: content.Transcript | None = None
    summary: content.Summary | None = None


async def get_meeting_transcript(
    ctx: Context[Any, Any],
    transcriptId: a.ActivityId,
    language: a.Language = None,
    maxSentences: a.MaxSentences = None,
    offset: a.SentenceOffset = 0,
    fromSeconds: a.Seconds = None,
    toSeconds: a.Seconds = None,
    format: a.TranscriptFormat = "json",
) -> Annotated[CallToolResult, content.Transcript]:
    access = tool_access(ctx)
    if fromSeconds is not None and toSeconds is not None and fromSeconds >= toSeconds:
        raise ToolFailure("Invalid argument fromSeconds: must be before toSeconds")
    row = await activity_by_id(access, transcriptId)
    window = content.Window(
        offset=offset, from_seconds=fromSeconds, to_seconds=toSeconds, as_text=format == "text"
    )
    async with read_only(access.state.sessionmaker) as session:
        result = await content.transcript(
            session, access, row, max_sentences=maxSentences, language=language, window=window
        )
    return tool_result(result)


async def get_meeting_summary(
    ctx: Context[Any, Any],
    transcriptId: a.ActivityId,
    language: a.Language = None,
) -> Annotated[CallToolResult, content.Summary]:
    access = tool_access(ctx)
    row = await activity_by_id(access, transcriptId)
    async with read_only(access.state.sessionmaker) as session:
        result = await content.summary(session, access, row, language=language)
    return tool_result(result)


async def get_meeting_action_items(
    ctx: Context[Any, Any],
    meetingId: a.ActivityId,
    language: a.Language = None,
) -> Annotated[CallToolResult, content.ActionItems]:
    access = tool_access(ctx)
    row = await activity_by_id(access, meetingId)
    async with read_only(access.state.sessionmaker) as session:
        stored = await get_summary(session, access.org_id, row.id)
        steps = await records_by_key(session, access.org_id, [row.id])
    items = content.action_items(stored, steps, await content.citer(access, row, stored))
    fields = content.header(row, language)
    if stored is None and fields["note"] is None:
        fields["note"] = "No summary has been written for it"
    return tool_result(content.ActionItems(**fields, actionItems=items, count=len(items)))


async def get_meeting_details(
    ctx: Context[Any, Any],
    id: a.ActivityId,
    includeTranscript: Annotated[
        bool, Field(description="Include the transcript (default true)")
    ] = True,
    includeSummary: Annotated[
        bool, Field(description="Include the AI summary and action items (default true)")
    ] = True,
    maxSentences: a.MaxSentences = None,
    participantsSkip: a.ParticipantsSkip = 0,
    participantsLimit: a.ParticipantsLimit = a.DETAILS_PARTICIPANTS,
) -> Annotated[CallToolResult, Details]:
    access = tool_access(ctx)
    row = await activity_by_id(access, id)
    async with read_only(access.state.sessionmaker) as session:
        meeting = await shape_one(
            session,
            access,
            row,
            participants_skip=participantsSkip,
            participants_limit=participantsLimit,
        )
        details = Details(meeting=meeting)
        if includeTranscript:
            details.transcript = await content.transcript(
                session, access, row, max_sentences=maxSentences
            )
        if includeSummary:
            details.summary = await content.summary(session, access, row)
    return tool_result(details)


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        get_meeting_transcript,
        name="get_meeting_transcript",
        title="Get a transcript",
        description="The transcript of one meeting or phone call (any id from the other tools): "
        "sentences in order with index, speaker, speaker id, start and end time in seconds. "
        "Cut at maxSentences (10,000 when absent): `truncated` says sentences were left out, "
        "`nextOffset` where the next page starts, `totalSentences` how many exist. Read a "
        "part with offset, or a time window with fromSeconds/toSeconds (e.g. around a search "
        "match); format=text gives one compact string. `url` + '?t=SECONDS' links a moment. "
        "Example: {transcriptId, fromSeconds: 600, toSeconds: 900, format: 'text'}.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        get_meeting_summary,
        name="get_meeting_summary",
        title="Get a summary",
        description="The AI summary of one meeting or phone call: summaryText (the recap), "
        "actionItems and the same as next_steps (action, actors, deadline as a date when one "
        "was said, id, state open/done/dropped, and where it was said: startTime, speaker, "
        "side, url), aiOpinion (an assessment). Meetings add topics (title, description, "
        "where). Calls add insights: sentiment (label, score), objections "
        "(text, speaker, start in seconds), competitors (names with their mentions), "
        "sellerSide (our speakers), pricingDiscussed and pricingAmounts (text, value, "
        "currency, speaker), questionsAsked (total, seller, customer), talkListenRatio (the "
        "seller's share of talk), longestCustomerStory. status, failureReason and note say "
        "why something is missing. Example: {transcriptId: '<id from list_calls>'}.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        get_meeting_details,
        name="get_meeting_details",
        title="Get meeting or call details",
        description="Everything about one meeting or phone call: metadata with participants "
        "and organizers (a page of participantsLimit, default 100, from participantsSkip; "
        "participantCount says how many in all), plus the transcript (includeTranscript, "
        "capped by maxSentences) and the summary (includeSummary); both included by default.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        get_meeting_action_items,
        name="get_meeting_action_items",
        title="Get action items",
        description="The next steps from the AI summary of one meeting or phone call: each "
        "with the action, who does it (actors), the deadline (a date when one was said, else "
        "as written), its id, state (open, done, dropped) and moment (speaker, side, url). "
        "Across an account's conversations use get_account. Example: {meetingId: '<id>'}.",
        annotations=READ_ONLY,
    )
