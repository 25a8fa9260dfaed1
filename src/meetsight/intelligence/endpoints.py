"""Smart categories and the call-notes listing."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from starlette.responses import Response

from meetsight.activities import repository as repo
from meetsight.activities import schemas as s
from meetsight.activities import serializers as ser
from meetsight.activities.kinds import CALLS
from meetsight.activities.service import require_activity
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.deps import Auth, DbSession, State
from meetsight.intelligence.schemas import SmartCategoryOut
from meetsight.intelligence.smart_categories import list_categories, serialize_category
from meetsight.pagination import PageParams, total_header
from meetsight.responses import envelope
from meetsight.schemas import Envelope

router = APIRouter()


@router.get(
    "/smart-categories",
    response_model=Envelope[list[SmartCategoryOut]],
    tags=["smart categories"],
    summary="List the organization's smart categories",
)
async def get_smart_categories(ctx: Auth, session: DbSession, page: PageParams) -> Response:
    ctx.require(MEETINGS_READ, CALLS_READ)
    items, total = await list_categories(
        session, ctx.organization_id, limit=page.limit, offset=page.offset
    )
    return envelope([serialize_category(c) for c in items], headers=total_header(total))


@router.get(
    "/call-notes",
    response_model=Envelope[list[s.CallNotes]],
    tags=["calls"],
    summary="Notes of calls, one entry per call, newest call first",
)
async def get_call_notes(
    ctx: Auth,
    session: DbSession,
    state: State,
    page: PageParams,
    call_id: Annotated[str | None, Query(alias="callId", max_length=64)] = None,
) -> Response:
    ctx.require(CALLS_READ)
    if call_id is not None:
        await require_activity(state.reader, ctx, call_id, CALLS)
        call_ids, total = [call_id], 1
    else:
        rows, total = await repo.list_activities(
            state.reader,
            ctx.organization_id,
            repo.ActivityFilters(is_call=True),
            limit=page.limit,
            offset=page.offset,
        )
        call_ids = [row.id for row in rows]
    notes = await repo.list_notes(session, ctx.organization_id, call_ids) if call_ids else []
    by_call: dict[str, list[dict[str, object]]] = {cid: [] for cid in call_ids}
    for note in notes:
        by_call[note.activity_id].append(ser.serialize_note(note, CALLS))
    data = [{"callId": cid, "notes": by_call[cid]} for cid in call_ids]
    return envelope(data, headers=total_header(total))
