"""search_meetings and search_calls: full-text search in titles and transcripts, on the search
service run on the lean read path (meetsight.search.reading), with the matching sentences of
every hit."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.activities.finder import find_activities
from meetsight.activities.kinds import CALLS, KINDS, MEETINGS, ActivityKind
from meetsight.activities.serializers import moment_url
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.scopes import read_scope
from meetsight.errors import ValidationFailed
from meetsight.intelligence.moments import SIDE_DESCRIPTION, Moment, Side, moments_of
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.content import sentence_indexes
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.kind_tools import Arg, kind_tool
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
    kind: ActivityKind,
    *,
    query: str,
    scope: str,
    fromDate: str | None,
    toDate: str | None,
    limit: int,
    mode: str,
    verbosity: str,
    direction: str | None = None,
    fromNumber: str | None = None,
    toNumber: str | None = None,
) -> CallToolResult:
    """search_meetings and search_calls: each passes the arguments its kind takes."""
    from meetsight.search.reading import search_on_reader  # written beside this, in search/
    from meetsight.search.types import SearchQuery

    access = tool_access(ctx, read_scope(kind.is_call))
    if not query.strip() or "\x00" in query:
        raise ToolFailure("Invalid argument query: give at least one word to search for")
    start = a.day(fromDate, "fromDate") if fromDate else None
    end = a.day(toDate, "toDate") if toDate else None
    if start and end and start > end:
        raise ToolFailure("Invalid argument toDate: must not be before fromDate")
    search = SearchQuery(
        text=query,
        scope=scope,  # type: ignore[arg-type]
        kind=kind.path,  # type: ignore[arg-type]
        date_from=start,
        date_to=end,
        direction=direction.lower() if direction else None,  # type: ignore[arg-type]
        from_number=a.partial(fromNumber, "fromNumber"),
        to_number=a.partial(toNumber, "toNumber"),
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
            ActivityFilter(is_call=kind.is_call, activity_ids=ids),
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
    indexes = await sentence_indexes(
        access, {hit.activity_id: [m.position for m in hit.matches] for hit in page.hits}
    )
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
    return tool_result(SEARCHES[kind](**{kind.path: results}, **info))


def _side(moments: dict[tuple[str, int], Moment], activity_id: str, position: int) -> Side | None:
    moment = moments.get((activity_id, position))
    return moment.side if moment else None


SEARCHES: dict[ActivityKind, type[SearchInfo]] = {MEETINGS: MeetingSearch, CALLS: CallSearch}
FIRST = (
    Arg("query", Query),
    Arg("scope", Scope, "all"),
    Arg("fromDate", a.FromDate, None),
    Arg("toDate", a.ToDate, None),
    Arg("limit", a.Limit, a.DEFAULT_LIMIT),
)
LAST = (Arg("mode", Mode, "hybrid"), Arg("verbosity", a.Verbosity, "compact"))
CALL_ONLY = (
    Arg("direction", a.Direction, None),
    Arg("fromNumber", a.NumberFilter, None),
    Arg("toNumber", a.NumberFilter, None),
)
ARGUMENTS = {MEETINGS: (*FIRST, *LAST), CALLS: (*FIRST, *CALL_ONLY, *LAST)}
TEXTS = {
    MEETINGS: (
        "Search meetings",
        "Search video calls and in-person meetings (never phone calls) in titles "
        "and/or transcript sentences by words and meaning, best first. Each hit: id, title, "
        "dates, participants {name, isInternal} and up to 3 matches (speaker, side internal/"
        "external, startTime, snippet, url of the moment to cite). limit max 50, default 20. "
        "Example: {query: 'pricing OR discount', fromDate: '2026-10-01'}.",
    ),
    CALLS: (
        "Search phone calls",
        "Search phone calls only, as search_meetings does, narrowed by dates, "
        "direction (INBOUND/OUTBOUND) and parts of the caller or destination number. "
        "Example: {query: 'they worry about cost', direction: 'INBOUND'}.",
    ),
}


def register(server: MCPServer[Any]) -> None:
    for kind in KINDS:
        name = f"search_{kind.path}"
        title, description = TEXTS[kind]
        server.add_tool(
            kind_tool(name, kind, ARGUMENTS[kind], SEARCHES[kind], _search),
            name=name,
            title=title,
            description=description,
            annotations=READ_ONLY,
        )
