"""GET /trends: talk figures and scores per rep or for the team, per week or month."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.deps import Reader, app_state
from meetsight.pagination import total_header
from meetsight.request_params import openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.trends.schemas import TeamTrend, TrendsParams
from meetsight.trends.service import build_query, organization_team, team_trends

router = APIRouter(tags=["trends"])


@router.get(
    "/trends",
    response_model=Envelope[list[TeamTrend]],
    summary="Team trends: talk ratio, questions, longest monologue, interactivity and scores "
    "per rep (or for the team) per week or month; reps by name, paged",
    description="Computed from the analytics and scores stored for each conversation (no "
    "conversation is analysed again). A conversation counts for its owner; see docs/trends.md "
    "for every definition. `meetings` needs meetings:read, `calls` calls:read; `all` covers "
    "the kinds the credential may read.",
    openapi_extra=openapi_parameters(TrendsParams),
)
async def get_trends(request: Request, ctx: Reader) -> Response:
    params = parse_query(TrendsParams, request)
    query = build_query(
        date_from=params.date_from,
        date_to=params.date_to,
        group_by=params.group_by,
        by=params.by,
        is_call=_readable_kind(ctx, params.type),
    )
    state = app_state(request)
    async with state.reader.connect() as reads:
        page = await team_trends(
            reads,
            ctx.organization_id,
            query,
            team=await organization_team(reads, ctx.organization_id),
            limit=params.limit,
            offset=params.offset,
        )
    return envelope(page.groups, headers=total_header(page.total))


def _readable_kind(ctx: AuthContext, wanted: str) -> bool | None:
    """is_call for the kinds asked for and readable: meetings need meetings:read, calls
    calls:read; all gives the kinds the credential may read (None: both)."""
    if wanted == "meetings":
        ctx.require(MEETINGS_READ)
        return False
    if wanted == "calls":
        ctx.require(CALLS_READ)
        return True
    if MEETINGS_READ not in ctx.scopes:
        return True
    if CALLS_READ not in ctx.scopes:
        return False
    return None
