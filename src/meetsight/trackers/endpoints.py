"""REST: /trackers (CRUD), /trackers/{id}/mentions (paged, newest first) and
/trackers/{id}/counts (per week and per rep).

Reading needs meetings:read or calls:read, and mentions come only from the kinds the
credential may read; writing needs meetings:write or calls:write, as smart categories do."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.deps import DbSession, Reader, Writer, app_state
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.trackers import service
from meetsight.trackers.schemas import (
    CountsQuery,
    MentionsQuery,
    TrackerCountsOut,
    TrackerCreate,
    TrackerMentionOut,
    TrackerOut,
    TrackerUpdate,
)

router = APIRouter(prefix="/trackers", tags=["trackers"])


def readable_kinds(ctx: AuthContext, wanted: str) -> list[bool]:
    """is_call values to read: what was asked, narrowed to what the credential may read."""
    kinds = []
    if wanted in ("meetings", "all") and MEETINGS_READ in ctx.scopes:
        kinds.append(False)
    if wanted in ("calls", "all") and CALLS_READ in ctx.scopes:
        kinds.append(True)
    if not kinds:
        ctx.require(MEETINGS_READ if wanted == "meetings" else CALLS_READ)
    return kinds


@router.get(
    "",
    response_model=Envelope[list[TrackerOut]],
    summary="List the trackers: the built-in ones first, then the organization's by name",
    openapi_extra=openapi_parameters(PageQuery),
)
async def get_trackers(request: Request, ctx: Reader, session: DbSession) -> Response:
    page = parse_query(PageQuery, request)
    items, total = await service.list_trackers(
        session, ctx.organization_id, limit=page.limit, offset=page.offset
    )
    return envelope([service.serialize_tracker(t) for t in items], headers=total_header(total))


@router.post(
    "",
    status_code=201,
    response_model=Envelope[TrackerOut],
    summary="Create a tracker; its mentions are found in the background (status: indexing)",
)
async def post_tracker(body: TrackerCreate, ctx: Writer, session: DbSession) -> Response:
    tracker = await service.create_tracker(session, ctx.organization_id, body)
    return envelope(service.serialize_tracker(tracker), status_code=201)


@router.get("/{tracker_id}", response_model=Envelope[TrackerOut], summary="Get a tracker")
async def get_tracker(tracker_id: str, ctx: Reader, session: DbSession) -> Response:
    tracker = await service.require_tracker(session, ctx.organization_id, tracker_id)
    return envelope(service.serialize_tracker(tracker))


@router.patch(
    "/{tracker_id}",
    response_model=Envelope[TrackerOut],
    summary="Change a tracker; new keywords or examples re-index its mentions",
)
async def patch_tracker(
    tracker_id: str, body: TrackerUpdate, ctx: Writer, session: DbSession
) -> Response:
    tracker = await service.update_tracker(session, ctx.organization_id, tracker_id, body)
    return envelope(service.serialize_tracker(tracker))


@router.delete(
    "/{tracker_id}", response_model=Envelope[bool], summary="Delete a tracker and its mentions"
)
async def delete_tracker(tracker_id: str, ctx: Writer, session: DbSession) -> Response:
    await service.delete_tracker(session, ctx.organization_id, tracker_id)
    return envelope(True)


@router.get(
    "/{tracker_id}/mentions",
    response_model=Envelope[list[TrackerMentionOut]],
    summary="Mentions in meetings and calls, newest conversation first, each with its moment",
    openapi_extra=openapi_parameters(MentionsQuery),
)
async def get_mentions(
    tracker_id: str, request: Request, ctx: Reader, session: DbSession
) -> Response:
    query = parse_query(MentionsQuery, request)
    from_day, to_day = query.checked_range()
    rows, total = await service.mentions_page(
        session,
        ctx.organization_id,
        tracker_id,
        kinds=readable_kinds(ctx, query.type),
        from_day=from_day,
        to_day=to_day,
        limit=query.limit,
        offset=query.offset,
        rep_id=query.rep_id,
    )
    base = app_state(request).public_url
    return envelope([service.mention_out(r, base) for r in rows], headers=total_header(total))


@router.get(
    "/{tracker_id}/counts",
    response_model=Envelope[TrackerCountsOut],
    summary="How many mentions, per ISO week and per rep (the conversation's owner)",
    openapi_extra=openapi_parameters(CountsQuery),
)
async def get_counts(
    tracker_id: str, request: Request, ctx: Reader, session: DbSession
) -> Response:
    query = parse_query(CountsQuery, request)
    from_day, to_day = query.checked_range()
    counts = await service.mention_counts(
        session,
        ctx.organization_id,
        tracker_id,
        kinds=readable_kinds(ctx, query.type),
        from_day=from_day,
        to_day=to_day,
    )
    return envelope(counts)
