"""get_team_trends: talk figures and scores per rep (or for the team) over a date range, from the
compact per-conversation rows of docs/trends.md, so that "which rep asks the most questions this
quarter" is one call instead of reading every transcript."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.errors import ValidationFailed
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_result
from meetsight.mcp.tools_listing import READ_ONLY
from meetsight.trends.service import build_query, organization_team, team_trends

MAX_REPS = 100
SortKey = Literal[
    "questionsPerConversation",
    "questionsPerHour",
    "questionsAsked",
    "talkRatio",
    "longestMonologue",
    "interactivity",
    "score",
    "conversations",
]


class Trends(BaseModel):
    fromDate: str
    toDate: str
    by: str
    sortedBy: str
    groups: list[dict[str, Any]] = Field(
        description="One per rep (or the team): rep {name, email}, totals over the range"
    )
    url: str = Field(description="The team page charting these figures: cite it")


def _day(value: str | None, argument: str) -> date | None:
    return a.day(value, argument) if value else None


def _camel(figures: dict[str, Any]) -> dict[str, Any]:
    """The service's figures as the REST answer names them (camelCase already)."""
    return {k: v for k, v in figures.items() if v is not None and v != []}


def _team_page(public_url: str, start: date, end: date, kind: str) -> str:
    """/app/team over the same range and kind (the web app's own parameters)."""
    query = urlencode({"from": start.isoformat(), "to": end.isoformat(), "type": kind})
    return f"{public_url}/app/team?{query}"


async def get_team_trends(
    ctx: Context[Any, Any],
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    by: Annotated[
        Literal["rep", "team"], Field(description="rep: one group per rep; team: one in all")
    ] = "rep",
    sortBy: Annotated[
        SortKey, Field(description="Groups ordered by this figure of the range, highest first")
    ] = "questionsPerConversation",
    type: Annotated[
        Literal["all", "meetings", "calls"],
        Field(description="'meetings' (video and in-person), 'calls' (phone) or 'all'"),
    ] = "all",
    groupBy: Annotated[
        Literal["none", "week", "month"],
        Field(description="none: the range's totals only (default); week or month adds periods"),
    ] = "none",
) -> Annotated[CallToolResult, Trends]:
    access = tool_access(ctx)
    if type == "meetings":
        access.require(MEETINGS_READ)
    elif type == "calls":
        access.require(CALLS_READ)
    readable = [k for k, s in ((False, MEETINGS_READ), (True, CALLS_READ)) if access.can_read(s)]
    is_call = {"meetings": False, "calls": True}.get(type)
    if is_call is None and len(readable) == 1:
        is_call = readable[0]
    try:
        query = build_query(
            date_from=_day(fromDate, "fromDate"),
            date_to=_day(toDate, "toDate"),
            group_by="month" if groupBy == "none" else groupBy,
            by=by,
            is_call=is_call,
        )
    except ValidationFailed as exc:
        message = exc.message.replace("from:", "fromDate:").replace("to:", "toDate:")
        raise ToolFailure(f"Invalid argument {message}") from None
    async with access.state.reader.connect() as reads:
        page = await team_trends(
            reads,
            access.org_id,
            query,
            team=await organization_team(reads, access.org_id),
            limit=MAX_REPS,
        )
    groups = []
    for group in page.groups:
        who = group.get("rep") or group.get("team") or {}
        item: dict[str, Any] = {
            ("rep" if by == "rep" else "team"): {
                k: who.get(k) for k in ("name", "email") if who.get(k) is not None
            },
            "totals": _camel(group["totals"]),
        }
        if groupBy != "none":
            item["periods"] = [_camel(p) for p in group["periods"] if p.get("conversations")]
        groups.append(item)
    groups.sort(key=lambda g: g["totals"].get(sortBy) is None)  # figures first, then none
    groups.sort(key=lambda g: -(g["totals"].get(sortBy) or 0))
    return tool_result(
        Trends(
            fromDate=query.date_from.isoformat(),
            toDate=query.date_to.isoformat(),
            by=by,
            sortedBy=sortBy,
            groups=groups,
            url=_team_page(access.state.public_url, query.date_from, query.date_to, type),
        )
    )


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        get_team_trends,
        name="get_team_trends",
        title="Team and rep trends",
        description="Talk figures and scores per rep (the conversation's owner) or for the "
        "team over a date range (default the last 12 weeks), from stored analytics: "
        "conversations, talkRatio (the rep's share of speaking time, 0-1), questionsAsked, "
        "questionsPerConversation, questionsPerHour, longestMonologue (mean seconds) and "
        "longestMonologueMax, interactivity (speaker switches per minute), score (0-100) and "
        "objectives (score per scorecard objective). Groups come sorted by sortBy, highest "
        "first. Example, the rep asking most questions this quarter: {fromDate: '2026-10-01', "
        "sortBy: 'questionsPerConversation'}.",
        annotations=READ_ONLY,
    )
