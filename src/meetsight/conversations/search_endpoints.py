"""GET /search: full-text search over the titles and transcripts of the caller's activities.

Here rather than in `search` (which activities build on): the hits are served as activities'
moments (`intelligence.moments`, as a moment's side reads the summary's seller side)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field
from starlette.responses import Response

from meetsight.activities.serializers import moment_url
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.deps import Reader, app_state
from meetsight.errors import ValidationFailed
from meetsight.intelligence.moments import SIDE_DESCRIPTION, Moment, moments_of
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, QueryDay, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope, Schema
from meetsight.search.reading import search_on_reader
from meetsight.search.service import MAX_LIMIT
from meetsight.search.types import KindFilter, SearchHit, SearchQuery, SentenceMatch
from meetsight.timefmt import iso_z

router = APIRouter(tags=["search"])
_REST_NAMES = {"query": "q", "date_from": "fromDate", "skip": "page"}


class SearchParams(PageQuery):
    q: str = Field(
        min_length=1,
        max_length=500,
        description='Words (all must match), "a phrase" (words in that order), prefix*, and OR '
        "(capitals) between words or phrases for either: `competitor OR alternative`, "
        '`pricing "too expensive" OR cheaper` (pricing and one of the two). Case and accents '
        "ignored; stemmed (pricing finds price). With mode hybrid (default) or meaning, also "
        'what the words mean: "they worry about cost" finds "the price is too high", across '
        "languages",
    )
    mode: Literal["hybrid", "lexical", "meaning"] = Field(
        "hybrid",
        description="hybrid (default): the words and their meaning, fused; lexical: the words "
        "only; meaning: sentence meaning only (the nearest sentences, always some)",
    )
    scope: Literal["title", "sentences", "all"] = Field("all", description="Where to search")
    type: Literal["meetings", "calls", "all"] = Field(
        "all", description="meetings (video and in-person), calls (phone) or all"
    )
    from_date: QueryDay | None = Field(None, alias="fromDate", description="YYYY-MM-DD, inclusive")
    to_date: QueryDay | None = Field(None, alias="toDate", description="YYYY-MM-DD, inclusive")
    direction: Literal["inbound", "outbound", "INBOUND", "OUTBOUND"] | None = Field(
        None, description="Calls only"
    )
    from_number: str | None = Field(None, alias="fromNumber", max_length=40)
    to_number: str | None = Field(None, alias="toNumber", max_length=40)
    limit: int = Field(10, ge=1, le=MAX_LIMIT, description="Activities per page")


class SentenceMatchOut(Schema):
    position: int
    speaker: str
    side: Literal["internal", "external"] | None = Field(
        None, description=f"The speaker's side ({SIDE_DESCRIPTION})"
    )
    start_time: float
    end_time: float
    snippet: str = Field(
        description="The sentence with the matched words marked **like this**; a sentence "
        "found by meaning is given as said (up to 300 characters)"
    )
    url: str = Field(description="The moment in the web app (/app/conversations/{id}?t=...)")


class SearchHitOut(Schema):
    id: str
    type: Literal["meeting", "call"]
    name: str
    start_date_time: str
    rank: float
    title_matched: bool
    matches: list[SentenceMatchOut]


@router.get(
    "/search",
    response_model=Envelope[list[SearchHitOut]],
    summary="Search titles and transcript sentences by words and meaning; best matches first",
    openapi_extra=openapi_parameters(SearchParams),
)
async def search(request: Request, ctx: Reader) -> Response:
    params = parse_query(SearchParams, request)
    query = SearchQuery(
        text=params.q,
        scope=params.scope,
        kind=_readable_kind(ctx, params.type),
        date_from=params.from_date,
        date_to=params.to_date,
        direction=params.direction.lower() if params.direction else None,  # type: ignore[arg-type]
        from_number=params.from_number,
        to_number=params.to_number,
        limit=params.limit,
        skip=params.offset,
        mode=params.mode,
    )
    state = app_state(request)
    try:
        page = await search_on_reader(state.reader, ctx.organization_id, query)
    except ValidationFailed as exc:  # name the REST parameter, not the service's field
        field, _, sentence = exc.message.partition(":")
        raise ValidationFailed(f"{_REST_NAMES.get(field, field)}:{sentence}") from None
    async with state.reader.connect() as reads:
        moments = await moments_of(
            reads,
            ctx.organization_id,
            [(h.activity_id, m.position) for h in page.hits for m in h.matches],
        )
    hits = [_hit_out(h, moments, state.public_url) for h in page.hits]
    return envelope(hits, headers=total_header(page.total))


def _readable_kind(ctx: AuthContext, wanted: str) -> KindFilter:
    """meetings needs meetings:read, calls calls:read; all gives the kinds the key may read."""
    if wanted == "meetings":
        ctx.require(MEETINGS_READ)
        return "meetings"
    if wanted == "calls":
        ctx.require(CALLS_READ)
        return "calls"
    if MEETINGS_READ not in ctx.scopes:
        return "calls"
    if CALLS_READ not in ctx.scopes:
        return "meetings"
    return "all"


def _hit_out(
    hit: SearchHit, moments: dict[tuple[str, int], Moment], public_url: str
) -> dict[str, Any]:
    return {
        "id": hit.activity_id,
        "type": "call" if hit.is_call else "meeting",
        "name": hit.name,
        "startDateTime": iso_z(hit.start_at),
        "rank": hit.rank,
        "titleMatched": hit.title_matched,
        "matches": [
            _match_out(hit.activity_id, m, moments.get((hit.activity_id, m.position)), public_url)
            for m in hit.matches
        ],
    }


def _match_out(
    activity_id: str, m: SentenceMatch, moment: Moment | None, public_url: str
) -> dict[str, Any]:
    out: dict[str, Any] = {"position": m.position, "speaker": m.speaker}
    if moment is not None:
        out["side"] = moment.side
    out |= {"startTime": m.start_time, "endTime": m.end_time, "snippet": m.snippet}
    out["url"] = moment_url(public_url, activity_id, m.start_time)
    return out
