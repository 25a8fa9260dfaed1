"""Smart categories and the call-notes listing."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from meetsight.activities import repository as repo
from meetsight.activities import schemas as s
from meetsight.activities.kinds import CALLS
from meetsight.activities.query_params import CallNotesQuery
from meetsight.activities.service import require_activity
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import CALLS_READ
from meetsight.db.unit_of_work import read_only
from meetsight.deps import Authorized, DbSession, Reader, Writer, app_state
from meetsight.intelligence import serializers as ser
from meetsight.intelligence.repository import list_notes
from meetsight.intelligence.schemas import (
    SmartCategoryCreate,
    SmartCategoryOut,
    SmartCategoryUpdate,
)
from meetsight.intelligence.smart_categories import (
    create_category,
    delete_category,
    list_categories,
    serialize_category,
    update_category,
)
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope

router = APIRouter()


@router.get(
    "/smart-categories",
    response_model=Envelope[list[SmartCategoryOut]],
    tags=["smart categories"],
    summary="List the organization's smart categories",
    openapi_extra=openapi_parameters(PageQuery),
)
async def get_smart_categories(request: Request, ctx: Reader) -> Response:
    page = parse_query(PageQuery, request)
    async with read_only(app_state(request).sessionmaker) as session:
        items, total = await list_categories(
            session, ctx.organization_id, limit=page.limit, offset=page.offset
        )
    return envelope([serialize_category(c) for c in items], headers=total_header(total))


CallsReader = Annotated[AuthContext, Depends(Authorized((CALLS_READ,)))]
"""Reads calls: the call notes are a calls-only listing."""

# Categories shape the notes of meetings and calls alike, and keys have no admin scope
# (DESIGN's scopes row): either write scope may change them (deps.Writer), checked before the
# body is validated.


@router.post(
    "/smart-categories",
    status_code=201,
    response_model=Envelope[SmartCategoryOut],
    tags=["smart categories"],
    summary="Create a smart category (meetings:write or calls:write)",
)
async def post_smart_category(
    body: SmartCategoryCreate, ctx: Writer, session: DbSession
) -> Response:
    category = await create_category(session, ctx.organization_id, body)
    return envelope(serialize_category(category), status_code=201)


@router.patch(
    "/smart-categories/{category_id}",
    response_model=Envelope[SmartCategoryOut],
    tags=["smart categories"],
    summary="Change a smart category's name, description, examples or type",
)
async def patch_smart_category(
    category_id: str, body: SmartCategoryUpdate, ctx: Writer, session: DbSession
) -> Response:
    category = await update_category(session, ctx.organization_id, category_id, body)
    return envelope(serialize_category(category))


@router.delete(
    "/smart-categories/{category_id}",
    response_model=Envelope[bool],
    tags=["smart categories"],
    summary="Delete a smart category; its notes stay, without a category",
)
async def delete_smart_category(category_id: str, ctx: Writer, session: DbSession) -> Response:
    await delete_category(session, ctx.organization_id, category_id)
    return envelope(True)


@router.get(
    "/call-notes",
    response_model=Envelope[list[s.CallNotes]],
    tags=["calls"],
    summary="Notes of calls, one entry per call, newest call first",
    openapi_extra=openapi_parameters(CallNotesQuery),
)
async def get_call_notes(request: Request, ctx: CallsReader) -> Response:
    page = parse_query(CallNotesQuery, request)
    state = app_state(request)
    call_id = page.call_id
    if call_id is not None:
        await require_activity(state.reader, ctx, call_id, CALLS)
        call_ids, total = [call_id], 1
    else:
        rows, total = await repo.list_activities(
            state.reader,
            ctx.organization_id,
            ActivityFilter(is_call=True),
            limit=page.limit,
            offset=page.offset,
        )
        call_ids = [row.id for row in rows]
    notes = []
    if call_ids:
        async with read_only(state.sessionmaker) as session:
            notes = await list_notes(session, ctx.organization_id, call_ids)
    by_call: dict[str, list[dict[str, object]]] = {cid: [] for cid in call_ids}
    for note in notes:
        by_call[note.activity_id].append(ser.serialize_note(note, CALLS))
    data = [{"callId": cid, "notes": by_call[cid]} for cid in call_ids]
    return envelope(data, headers=total_header(total))
