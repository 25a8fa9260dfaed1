"""list_meetings, list_calls, find_meetings_by_participant, find_calls_by_participant."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from meetsight.activities.finder import FinderFilters, find_activities
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.loading import shape_page
from meetsight.mcp.results import Activity, compact, tool_result

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)

Participant = Annotated[
    str,
    Field(
        min_length=1,
        max_length=320,
        description='An email (exact), part of a name (accents ignored) or "@acme.com"',
    ),
]
Company = Annotated[
    str | None,
    Field(
        min_length=1,
        max_length=320,
        description="A participant's company: email domain (acme.com) or part of its name",
    ),
]


class PageInfo(BaseModel):
    total: int = Field(description="Matches before limit and skip")
    returned: int
    skip: int
    limit: int
    hasMore: bool = Field(description="Whether a further page exists (raise skip by limit)")


class MeetingPage(PageInfo):
    meetings: list[Activity]


class CallPage(PageInfo):
    calls: list[Activity]


async def _page(
    ctx: Context[Any, Any],
    filters: FinderFilters,
    *,
    limit: int,
    skip: int,
    sort_order: str,
    verbosity: str = "full",
) -> tuple[list[Activity], dict[str, Any]]:
    access = tool_access(ctx, CALLS_READ if filters.is_call else MEETINGS_READ)
    async with access.state.reader.connect() as reads:
        rows, total = await find_activities(
            reads, access.org_id, filters, limit=limit, skip=skip, ascending=sort_order == "asc"
        )
        items = await shape_page(reads, access, rows)
    if verbosity == "compact":
        items = [compact(item) for item in items]
    info = {
        "total": total,
        "returned": len(items),
        "skip": skip,
        "limit": limit,
        "hasMore": skip + len(items) < total,
    }
    return items, info


def _call_filters(
    *,
    from_date: str | None,
    to_date: str | None,
    title_filter: str | None,
    direction: str | None,
    from_number: str | None,
    to_number: str | None,
    participants: list[str] | None,
) -> FinderFilters:
    start, end = a.date_range(from_date, to_date)
    return FinderFilters(
        is_call=True,
        from_at=start,
        to_at=end,
        title_contains=a.partial(title_filter, "titleFilter"),
        direction=direction.lower() if direction else None,
        from_number_contains=a.partial(from_number, "fromNumber"),
        to_number_contains=a.partial(to_number, "toNumber"),
        participant_emails=a.normalised_emails(participants, "participants"),
    )


async def list_meetings(
    ctx: Context[Any, Any],
    keyword: Annotated[
        str | None, Field(max_length=500, description="Words in the title (partial match)")
    ] = None,
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    skip: a.Skip = 0,
    sortOrder: a.SortOrder = "desc",
    participants: a.Emails = None,
    organizers: Annotated[
        list[Annotated[str, Field(min_length=3, max_length=320)]] | None,
        Field(max_length=50, description="Organizer emails; any one of them organised it"),
    ] = None,
    company: Company = None,
    verbosity: a.Verbosity = "compact",
) -> Annotated[CallToolResult, MeetingPage]:
    start, end = a.date_range(fromDate, toDate)
    filters = FinderFilters(
        is_call=False,
        from_at=start,
        to_at=end,
        company=_company(company),
        title_contains=a.partial(keyword, "keyword"),
        participant_emails=a.normalised_emails(participants, "participants"),
        organizer_emails=a.normalised_emails(organizers, "organizers"),
    )
    items, info = await _page(
        ctx, filters, limit=limit, skip=skip, sort_order=sortOrder, verbosity=verbosity
    )
    return tool_result(MeetingPage(meetings=items, **info))


async def list_calls(
    ctx: Context[Any, Any],
    titleFilter: a.TitleFilter = None,
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    skip: a.Skip = 0,
    sortOrder: a.SortOrder = "desc",
    direction: a.Direction = None,
    participants: a.Emails = None,
    fromNumber: a.NumberFilter = None,
    toNumber: a.NumberFilter = None,
    company: Company = None,
    verbosity: a.Verbosity = "compact",
) -> Annotated[CallToolResult, CallPage]:
    filters = _call_filters(
        from_date=fromDate,
        to_date=toDate,
        title_filter=titleFilter,
        direction=direction,
        from_number=fromNumber,
        to_number=toNumber,
        participants=participants,
    )
    filters.company = _company(company)
    items, info = await _page(
        ctx, filters, limit=limit, skip=skip, sort_order=sortOrder, verbosity=verbosity
    )
    return tool_result(CallPage(calls=items, **info))


def _company(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not value or "\x00" in value:
        raise ToolFailure("Invalid argument company: give a company name or an email domain")
    return value


def _participant(value: str) -> str:
    value = value.strip()
    if not value or "\x00" in value:
        raise ToolFailure("Invalid argument participant: give a name or an email address")
    return value


async def find_meetings_by_participant(
    ctx: Context[Any, Any],
    participant: Participant,
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    skip: a.Skip = 0,
    sortOrder: a.SortOrder = "desc",
    titleFilter: a.TitleFilter = None,
    company: Company = None,
) -> Annotated[CallToolResult, MeetingPage]:
    start, end = a.date_range(fromDate, toDate)
    filters = FinderFilters(
        is_call=False,
        from_at=start,
        to_at=end,
        title_contains=a.partial(titleFilter, "titleFilter"),
        participant=_participant(participant),
        company=_company(company),
    )
    items, info = await _page(ctx, filters, limit=limit, skip=skip, sort_order=sortOrder)
    return tool_result(MeetingPage(meetings=items, **info))


async def find_calls_by_participant(
    ctx: Context[Any, Any],
    participant: Participant,
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    skip: a.Skip = 0,
    sortOrder: a.SortOrder = "desc",
    titleFilter: a.TitleFilter = None,
    direction: a.Direction = None,
    fromNumber: a.NumberFilter = None,
    toNumber: a.NumberFilter = None,
    company: Company = None,
) -> Annotated[CallToolResult, CallPage]:
    filters = _call_filters(
        from_date=fromDate,
        to_date=toDate,
        title_filter=titleFilter,
        direction=direction,
        from_number=fromNumber,
        to_number=toNumber,
        participants=None,
    )
    filters.participant = _participant(participant)
    filters.company = _company(company)
    items, info = await _page(ctx, filters, limit=limit, skip=skip, sort_order=sortOrder)
    return tool_result(CallPage(calls=items, **info))


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        list_meetings,
        name="list_meetings",
        title="List meetings",
        description="List video calls and in-person meetings (never phone calls), newest first "
        "unless sortOrder is 'asc'. Filter by title keyword, dates (YYYY-MM-DD), participant "
        "or organizer emails and company (a name or a domain such as acme.com). Each result: "
        "id (for the get_meeting_* tools), title, dates, status, media type, url and "
        "participants {name, isInternal} (verbosity 'full' for emails and organizers). Page "
        "with limit (max 50) and skip. Example: {keyword: 'Acme', fromDate: '2026-10-01'}.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        list_calls,
        name="list_calls",
        title="List phone calls",
        description="List phone calls only, newest first unless sortOrder is 'asc'. Filter by "
        "title, dates, direction (INBOUND/OUTBOUND), participant emails, company and parts of "
        "the caller (fromNumber) or destination (toNumber) number. Results as list_meetings'. "
        "Example: {titleFilter: 'Bluefin', limit: 1} for the last call with Bluefin.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        find_meetings_by_participant,
        name="find_meetings_by_participant",
        title="Find meetings by participant",
        description="Find video calls and in-person meetings (never phone calls) that a person "
        "took part in. `participant` is an email address (matched exactly, ignoring case), part "
        'of a name (case and accents ignored: "Lucia" finds "Lucía") or "@domain" for anyone '
        "at that email domain; `company` narrows to a company (a name or an email domain). "
        "Results carry full participant and organizer information.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        find_calls_by_participant,
        name="find_calls_by_participant",
        title="Find phone calls by participant",
        description="Find phone calls that a person took part in. `participant` is an email "
        "address (matched exactly, ignoring case), part of a name (case and accents ignored) or "
        '"@domain"; narrow with company (a name or an email domain), title, dates, direction '
        "and numbers. Results carry full participant and organizer information.",
        annotations=READ_ONLY,
    )
