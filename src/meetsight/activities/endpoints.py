"""`GET /meetings` and `GET /calls`: the listings of each kind (the routes of one meeting or call
are `conversations/endpoints.py`'s)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.activities import query_params as q
from meetsight.activities import repository as repo
from meetsight.activities import schemas as s
from meetsight.activities import serializers as ser
from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind, kind_models
from meetsight.activities.service import build_filters
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.scopes import read_scope
from meetsight.deps import app_state, authorize
from meetsight.pagination import total_header
from meetsight.request_front import hot_read
from meetsight.request_params import (
    PARSED_QUERY_MAX_BYTES,
    PageQuery,
    openapi_parameters,
    parse_query_cached,
)
from meetsight.responses import EnvelopeResponse, envelope_body
from meetsight.schemas import Envelope
from meetsight.state import AppState

router = APIRouter()


def enveloped(model: Any) -> Any:
    """Envelope[model] for a response model chosen at run time (meeting or call), which mypy
    cannot read as a type."""
    return Envelope[model]  # type: ignore[valid-type]


def add_listing(kind: ActivityKind, query_model: type[q.ActivityListQuery], summary: str) -> None:
    """GET /meetings or /calls: the kind's activities, newest first, filtered by its query."""
    scope = read_scope(kind.is_call)
    item = kind_models(s, kind)["item"]

    @hot_read
    async def listing(request: Request) -> Response:
        ctx = await authorize(request, scope)
        state = app_state(request)
        raw = request.scope.get("query_string", b"")
        mark = state.reader.change_mark() if len(raw) <= PARSED_QUERY_MAX_BYTES else None
        key = (ctx.organization_id, kind.is_call, raw)
        if mark is not None:
            # Kept only after this very query string parsed and built its filters (both
            # depend on the string alone), so a hit needs neither again.
            kept = state.serialized.listing(mark, key)
            if kept is not None:
                return EnvelopeResponse(kept[0], 200, total_header(kept[1]))
        query = parse_query_cached(query_model, request)
        filters = build_filters(kind, **query.filters())
        body, total, whole = await _listing(state, ctx.organization_id, kind, filters, query)
        if mark is not None and whole:
            state.serialized.put_listing(mark, key, body, total)
        return EnvelopeResponse(body, 200, total_header(total))

    router.add_api_route(
        f"/{kind.path}",
        listing,
        methods=["GET"],
        response_model=enveloped(list[item]),  # type: ignore[valid-type]
        tags=[kind.path],
        summary=summary,
        openapi_extra=openapi_parameters(query_model),
        name=f"list_{kind.path}",
    )


async def _listing(
    state: AppState,
    org_id: str,
    kind: ActivityKind,
    filters: ActivityFilter,
    page: PageQuery,
) -> tuple[bytes, int, bool]:
    """The page's body, its total, and whether it is whole: not when an activity went between
    the two reads (the page is then rendered from what remains, and kept nowhere)."""
    versions, total = await repo.list_activity_versions(
        state.reader, org_id, filters, limit=page.limit, offset=page.offset
    )
    cache = state.serialized
    key = (kind.is_call, total, tuple(versions))
    body = cache.page(key)
    if body is not None:  # the same activities, unchanged, and the same total: the same bytes
        return body, total, True
    data = []
    for activity_id, version in versions:
        item = cache.get(activity_id, version, kind.is_call)
        if item is None:
            row = await repo.get_activity_row(
                state.reader, org_id, activity_id, is_call=kind.is_call
            )
            if row is None:
                continue  # deleted between the two reads
            item = ser.serialize_activity(row, kind, state.public_url)
            cache.put(activity_id, row.updated_at, kind.is_call, item)
        data.append(item)
    body = envelope_body(data)
    if len(data) == len(versions):  # none deleted between the two reads
        cache.put_page(key, body)
        return body, total, True
    return body, total, False


add_listing(MEETINGS, q.MeetingListQuery, "List video calls and in-person meetings, newest first")
add_listing(CALLS, q.CallListQuery, "List phone calls, newest first")
