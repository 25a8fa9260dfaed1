"""get_meetings_statistics: totals, average durations per activity type, top participants."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.activities import stats_repository
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.db.unit_of_work import read_only
from meetsight.mcp import arguments as a
from meetsight.mcp.access import ToolAccess, tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_result
from meetsight.mcp.tools_listing import READ_ONLY

TOP_PARTICIPANTS = 10


class MediaTypeStats(BaseModel):
    mediaType: str = Field(description="videocall, presential or phonecall")
    count: int
    totalDurationSeconds: float
    averageDurationSeconds: float | None = Field(
        None, description="Over the activities whose duration is known"
    )


class Totals(BaseModel):
    activities: int
    meetings: int
    calls: int
    totalDurationSeconds: float
    averageDurationSeconds: float | None = None


class TopParticipant(BaseModel):
    id: str
    name: str
    email: str | None = None
    isInternal: bool
    activityCount: int


class Statistics(BaseModel):
    type: Literal["meetings", "calls", "all"]
    fromDate: str | None = None
    toDate: str | None = None
    totals: Totals
    byMediaType: list[MediaTypeStats]
    byStatus: dict[str, int]
    topParticipants: list[TopParticipant] = Field(
        description=f"The {TOP_PARTICIPANTS} people in the most activities of the range"
    )
    note: str | None = None


def _kinds(access: ToolAccess, wanted: str) -> tuple[bool | None, str | None]:
    """is_call for the filter (None: both) and a note when the credential narrows `all`."""
    meetings, calls = access.can_read(MEETINGS_READ), access.can_read(CALLS_READ)
    if wanted == "meetings":
        access.require(MEETINGS_READ)
        return False, None
    if wanted == "calls":
        access.require(CALLS_READ)
        return True, None
    if meetings and calls:
        return None, None
    if meetings:
        return False, "Calls left out: this credential lacks the scope calls:read"
    if calls:
        return True, "Meetings left out: this credential lacks the scope meetings:read"
    raise ToolFailure("This credential lacks the scope meetings:read or calls:read")


def _average(total: float, timed: int) -> float | None:
    return round(total / timed, 3) if timed else None


async def get_meetings_statistics(
    ctx: Context[Any, Any],
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    type: Annotated[
        Literal["meetings", "calls", "all"],
        Field(description="'meetings' (video and in-person), 'calls' (phone only) or 'all'"),
    ] = "all",
) -> Annotated[CallToolResult, Statistics]:
    access = tool_access(ctx)
    is_call, note = _kinds(access, type)
    start, end = a.date_range(fromDate, toDate)
    filters = ActivityFilter(is_call=is_call, from_at=start, to_at=end)
    async with read_only(access.state.sessionmaker) as session:
        by_media = await stats_repository.totals_by_media_type(session, access.org_id, filters)
        by_status = await stats_repository.totals_by_status(session, access.org_id, filters)
        top = await stats_repository.top_participants(
            session, access.org_id, filters, limit=TOP_PARTICIPANTS
        )
    count = sum(r.count for r in by_media)
    calls = sum(r.count for r in by_media if r.media_type == "phonecall")
    total_duration = float(sum(r.total_duration for r in by_media))
    timed = sum(r.timed for r in by_media)
    result = Statistics(
        type=type,
        fromDate=fromDate,
        toDate=toDate,
        totals=Totals(
            activities=count,
            meetings=count - calls,
            calls=calls,
            totalDurationSeconds=total_duration,
            averageDurationSeconds=_average(total_duration, timed),
        ),
        byMediaType=[
            MediaTypeStats(
                mediaType=r.media_type,
                count=r.count,
                totalDurationSeconds=float(r.total_duration),
                averageDurationSeconds=_average(float(r.total_duration), r.timed),
            )
            for r in by_media
        ],
        byStatus={r.status: r.count for r in by_status},
        topParticipants=[
            TopParticipant(
                id=p.id,
                name=p.name,
                email=p.email,
                isInternal=bool(p.is_internal),
                activityCount=p.count,
            )
            for p in top
        ],
        note=note,
    )
    return tool_result(result)


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        get_meetings_statistics,
        name="get_meetings_statistics",
        title="Get meeting and call statistics",
        description="Statistics over a date range (YYYY-MM-DD, both optional): totals, count "
        "and average duration per activity type (videocall, presential, phonecall), counts per "
        "status, and the 10 people who took part most. `type` picks meetings, calls or all.",
        annotations=READ_ONLY,
    )
