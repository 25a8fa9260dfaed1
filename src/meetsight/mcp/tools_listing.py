"""list_meetings, list_calls, find_meetings_by_participant, find_calls_by_participant."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from meetsight.activities.finder import find_activities
from meetsight.activities.kinds import CALLS, KINDS, MEETINGS, ActivityKind
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.scopes import read_scope
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.kind_tools import Arg, kind_tool
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
Keyword = Annotated[
    str | None, Field(max_length=500, description="Words in the title (partial match)")
]
Organizers = Annotated[
    list[Annotated[str, Field(min_length=3, max_length=320)]] | None,
    Field(max_length=50, description="Organizer emails; any one of them organised it"),
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
    filters: ActivityFilter,
    *,
    limit: int,
    skip: int,
    sort_order: str,
    verbosity: str = "full",
) -> tuple[list[Activity], dict[str, Any]]:
    access = tool_access(ctx, read_scope(bool(filters.is_call)))
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


def _company(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not value or "\x00" in value:
        raise ToolFailure("Invalid argument company: give a company name or an email domain")
    return value


def _participant(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    if not value or "\x00" in value:
        raise ToolFailure("Invalid argument participant: give a name or an email address")
    return value


async def _listing(
    ctx: Context[Any, Any],
    kind: ActivityKind,
    *,
    limit: int,
    skip: int,
    sortOrder: str,
    fromDate: str | None = None,
    toDate: str | None = None,
    keyword: str | None = None,
    titleFilter: str | None = None,
    direction: str | None = None,
    fromNumber: str | None = None,
    toNumber: str | None = None,
    participants: list[str] | None = None,
    organizers: list[str] | None = None,
    participant: str | None = None,
    company: str | None = None,
    verbosity: str = "full",
) -> CallToolResult:
    """Every listing tool of either kind: each passes the arguments its kind takes."""
    start, end = a.date_range(fromDate, toDate)
    filters = ActivityFilter(
        is_call=kind.is_call,
        from_at=start,
        to_at=end,
        name_contains=a.partial(keyword, "keyword") or a.partial(titleFilter, "titleFilter"),
        direction=direction.lower() if direction else None,
        from_number_contains=a.partial(fromNumber, "fromNumber"),
        to_number_contains=a.partial(toNumber, "toNumber"),
        participant_emails=a.normalised_emails(participants, "participants"),
        organizer_emails=a.normalised_emails(organizers, "organizers"),
        participant=_participant(participant),
        company=_company(company),
    )
    items, info = await _page(
        ctx, filters, limit=limit, skip=skip, sort_order=sortOrder, verbosity=verbosity
    )
    return tool_result(PAGES[kind](**{kind.path: items}, **info))


PAGES: dict[ActivityKind, type[PageInfo]] = {MEETINGS: MeetingPage, CALLS: CallPage}

DATES_AND_PAGE = (
    Arg("fromDate", a.FromDate, None),
    Arg("toDate", a.ToDate, None),
    Arg("limit", a.Limit, a.DEFAULT_LIMIT),
    Arg("skip", a.Skip, 0),
    Arg("sortOrder", a.SortOrder, "desc"),
)
TITLE = Arg("titleFilter", a.TitleFilter, None)
DIRECTION = Arg("direction", a.Direction, None)
PARTICIPANTS = Arg("participants", a.Emails, None)
NUMBERS = (Arg("fromNumber", a.NumberFilter, None), Arg("toNumber", a.NumberFilter, None))
COMPANY = Arg("company", Company, None)
VERBOSITY = Arg("verbosity", a.Verbosity, "compact")
LIST_ARGUMENTS = {
    MEETINGS: (
        Arg("keyword", Keyword, None),
        *DATES_AND_PAGE,
        PARTICIPANTS,
        Arg("organizers", Organizers, None),
        COMPANY,
        VERBOSITY,
    ),
    CALLS: (TITLE, *DATES_AND_PAGE, DIRECTION, PARTICIPANTS, *NUMBERS, COMPANY, VERBOSITY),
}
FIND_ARGUMENTS = {
    MEETINGS: (Arg("participant", Participant), *DATES_AND_PAGE, TITLE, COMPANY),
    CALLS: (Arg("participant", Participant), *DATES_AND_PAGE, TITLE, DIRECTION, *NUMBERS, COMPANY),
}
# What the tools of each kind say: titles and descriptions (list_*, then find_*_by_participant).
TEXTS = {
    MEETINGS: (
        "List meetings",
        "List video calls and in-person meetings (never phone calls), newest first "
        "unless sortOrder is 'asc'. Filter by title keyword, dates (YYYY-MM-DD), participant "
        "or organizer emails and company (a name or a domain such as acme.com). Each result: "
        "id (for the get_meeting_* tools), title, dates, status, media type, url and "
        "participants {name, isInternal} (verbosity 'full' for emails and organizers). Page "
        "with limit (max 50) and skip. Example: {keyword: 'Acme', fromDate: '2026-10-01'}.",
        "Find meetings by participant",
        "Find video calls and in-person meetings (never phone calls) that a person "
        "took part in. `participant` is an email address (matched exactly, ignoring case), part "
        'of a name (case and accents ignored: "Lucia" finds "Lucía") or "@domain" for anyone '
        "at that email domain; `company` narrows to a company (a name or an email domain). "
        "Results carry full participant and organizer information.",
    ),
    CALLS: (
        "List phone calls",
        "List phone calls only, newest first unless sortOrder is 'asc'. Filter by "
        "title, dates, direction (INBOUND/OUTBOUND), participant emails, company and parts of "
        "the caller (fromNumber) or destination (toNumber) number. Results as list_meetings'. "
        "Example: {titleFilter: 'Bluefin', limit: 1} for the last call with Bluefin.",
        "Find phone calls by participant",
        "Find phone calls that a person took part in. `participant` is an email "
        "address (matched exactly, ignoring case), part of a name (case and accents ignored) or "
        '"@domain"; narrow with company (a name or an email domain), title, dates, direction '
        "and numbers. Results carry full participant and organizer information.",
    ),
}


def register(server: MCPServer[Any]) -> None:
    """list_meetings, list_calls, find_meetings_by_participant, find_calls_by_participant."""
    tools = [
        (f"list_{kind.path}", kind, LIST_ARGUMENTS[kind], TEXTS[kind][:2]) for kind in KINDS
    ] + [
        (f"find_{kind.path}_by_participant", kind, FIND_ARGUMENTS[kind], TEXTS[kind][2:])
        for kind in KINDS
    ]
    for name, kind, arguments, (title, description) in tools:
        server.add_tool(
            kind_tool(name, kind, arguments, PAGES[kind], _listing),
            name=name,
            title=title,
            description=description,
            annotations=READ_ONLY,
        )
