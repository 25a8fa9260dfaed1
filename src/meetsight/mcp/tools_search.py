"""search_meetings and search_calls: full-text search in titles and transcripts, on the search
service run on the lean read path (meetsight.search.reading), with the matching sentences of
every hit."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.activities.finder import FinderFilters, find_activities
from meetsight.activities.moments import SIDE_DESCRIPTION, Moment, Side, moments_of
from meetsight.activities.serializers import moment_url
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.errors import ValidationFailed
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.content import sentence_indexes
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.loading import shape_page
from meetsight.mcp.results import Activity, compact, tool_result
from meetsight.mcp.tools_listing import READ_ONLY

Query = Annotated[
    str,
    Field(
        min_length=1,
        max_length=500,
        description='Words (all match unless joined by OR), "a phrase", prefix*; stemmed. '
        'Hybrid also matches meaning: "they worry about cost" finds "the price is too high"',
    ),
]
Mode = Annotated[
    Literal["hybrid", "lexical", "meaning"],
    Field(description="hybrid: words and meaning; lexical: words only; meaning: meaning only"),
]
Scope = Annotated[
    Literal["title", "sentences", "all"],
    Field(description="Search titles, transcript sentences, or both ('all', default)"),
]


class SentenceHit(BaseModel):
    sentenceIndex: int = Field(description="Position in the transcript (get_meeting_transcript)")
    speaker: str
    side: Side | None = Field(None, description=SIDE_DESCRIPTION)
    startTime: float = Field(description="Seconds from the start of the recording")
    endTime: float
    snippet: str = Field(
        description="The sentence, matched words as **word** (none when found by meaning)"
    )
    url: str = Field(description="The moment in the web app (?t=startTime): cite it")


class SearchResult(Activity):
    rank: float = Field(description="Relevance; higher is better, within this page")
    titleMatched: bool
    matches: list[SentenceHit] = []


class SearchInfo(BaseModel):
    query: str
    scope: str
    mode: str
    total: int = Field(description="Matching activities before limit")
    returned: int


class MeetingSearch(SearchInfo):
    meetings: list[SearchResult]


class CallSearch(SearchInfo):
    calls: list[SearchResult]


async def _search(
    ctx: Context[Any, Any],
    *,
    is_call: bool,
    query: str,
    scope: str,
    from_date: str | None,
    to_date: str | None,
    limit: int,
    mode: str = "hybrid",
    direction: str | None = None,
    from_number: str | None = None,
    to_number: str | None = None,
    verbosity: str = "compact",
) -> tuple[list[SearchResult], dict[str, Any]]:
    from meetsight.search.reading import search_on_reader  # written beside this, in search/
    from meetsight.search.types import SearchQuery

    access = tool_access(ctx, CALLS_READ if is_call else MEETINGS_READ)
    if not query.strip() or "\x00" in query:
        raise ToolFailure("Invalid argument query: give at least one word to search for")
    start = a.day(from_date, "fromDate") if from_date else None
    end = a.day(to_date, "toDate") if to_date else None
    if start and end and start > end:
        raise ToolFailure("Invalid argument toDate: must not be before fromDate")
    search = SearchQuery(
        text=query,
        scope=scope,  # type: ignore[arg-type]
        kind="calls" if is_call else "meetings",
        date_from=start,
        date_to=end,
        direction=direction.lower() if direction else None,  # type: ignore[arg-type]
        from_number=a.partial(from_number, "fromNumber"),
        to_number=a.partial(to_number, "toNumber"),
        limit=limit,
        mode=mode,  # type: ignore[arg-type]
    )
    try:
        page = await search_on_reader(access.state.reader, access.org_id, search)
    except ValidationFailed as exc:  # its message starts with the field: "query: ..."
        raise ToolFailure(f"Invalid argument {exc.message}") from None
    ids = [hit.activity_id for hit in page.hits]
    async with access.state.reader.connect() as reads:
        rows, _ = await find_activities(
            reads,
            access.org_id,
            FinderFilters(is_call=is_call, activity_ids=ids),
            limit=max(len(ids), 1),
            skip=0,
        )
        shaped = {item.id: item for item in await shape_page(reads, access, rows)}
        moments = await moments_of(
            reads,
            access.org_id,
            [(hit.activity_id, m.position) for hit in page.hits for m in hit.matches],
        )
    if verbosity == "compact":
        shaped = {key: compact(item) for key, item in shaped.items()}
    indexes = {
        hit.activity_id: await sentence_indexes(
            access, hit.activity_id, [m.position for m in hit.matches]
        )
        for hit in page.hits
        if hit.matches
    }
    public = access.state.public_url
    results = [
        SearchResult(
            **dict(shaped[hit.activity_id]),
            rank=hit.rank,
            titleMatched=hit.title_matched,
            matches=[
                SentenceHit(
                    sentenceIndex=indexes[hit.activity_id][m.position],
                    speaker=m.speaker,
                    side=_side(moments, hit.activity_id, m.position),
                    startTime=m.start_time,
                    endTime=m.end_time,
                    snippet=m.snippet,
                    url=moment_url(public, hit.activity_id, m.start_time),
                )
                for m in hit.matches
            ],
        )
        for hit in page.hits
        if hit.activity_id in shaped  # deleted since the index answered
    ]
    info = {
        "query": query,
        "scope": scope,
        "mode": mode,
        "total": page.total,
        "returned": len(results),
    }
    return results, info


def _side(moments: dict[tuple[str, int], Moment], activity_id: str, position: int) -> Side | None:
    moment = moments.get((activity_id, position))
    return moment.side if moment else None


async def search_meetings(
    ctx: Context[Any, Any],
    query: Query,
    scope: Scope = "all",
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    mode: Mode = "hybrid",
    verbosity: a.Verbosity = "compact",
) -> Annotated[CallToolResult, MeetingSearch]:
    results, info = await _search(
        ctx,
        is_call=False,
        query=query,
        scope=scope,
        from_date=fromDate,
        to_date=toDate,
        limit=limit,
        mode=mode,
        verbosity=verbosity,
    )
    return tool_result(MeetingSearch(meetings=results, **info))


async def search_calls(
    ctx: Context[Any, Any],
    query: Query,
    scope: Scope = "all",
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: a.Limit = a.DEFAULT_LIMIT,
    direction: a.Direction = None,
    fromNumber: a.NumberFilter = None,
    toNumber: a.NumberFilter = None,
    mode: Mode = "hybrid",
    verbosity: a.Verbosity = "compact",
) -> Annotated[CallToolResult, CallSearch]:
    results, info = await _search(
        ctx,
        is_call=True,
        query=query,
        scope=scope,
        from_date=fromDate,
        to_date=toDate,
        limit=limit,
        mode=mode,
        direction=direction,
        from_number=fromNumber,
        to_number=toNumber,
        verbosity=verbosity,
    )
    return tool_result(CallSearch(calls=results, **info))


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        search_meetings,
        name="search_meetings",
        title="Search meetings",
        description="Search video calls and in-person meetings (never phone calls) in titles "
        "and/or transcript sentences by words and meaning, best first. Each hit: id, title, "
        "dates, participants {name, isInternal} and up to 3 matches (speaker, side internal/"
        "external, startTime, snippet, url of the moment to cite). limit max 50, default 20. "
        "Example: {query: 'pricing OR discount', fromDate: '2026-10-01'}.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        search_calls,
        name="search_calls",
        title="Search phone calls",
        description="Search phone calls only, as search_meetings does, narrowed by dates, "
        "direction (INBOUND/OUTBOUND) and parts of the caller or destination number. "
        "Example: {query: 'they worry about cost', direction: 'INBOUND'}.",
        annotations=READ_ONLY,
    )
