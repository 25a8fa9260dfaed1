"""REST endpoints for meetings and calls: thin handlers over the activity service."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from starlette.responses import Response

from meetsight.activities import repository as repo
from meetsight.activities import schemas as s
from meetsight.activities import serializers as ser
from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind
from meetsight.activities.service import build_filters, delete_activity, require_activity
from meetsight.auth.scopes import read_scope, write_scope
from meetsight.deps import Auth, DbSession, State
from meetsight.pagination import Page, PageParams, total_header
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.state import AppState
from meetsight.transcripts.export import transcript_response

StatusParam = Annotated[
    Literal["scheduled", "processing", "completed", "failed"] | None,
    Query(description="Only activities in this state"),
]
FromDate = Annotated[str | None, Query(alias="fromDate", description="YYYY-MM-DD or date-time")]
ToDate = Annotated[
    str | None, Query(alias="toDate", description="YYYY-MM-DD (inclusive) or date-time")
]

router = APIRouter()


@router.get(
    "/meetings",
    response_model=Envelope[list[s.Meeting]],
    tags=["meetings"],
    summary="List video calls and in-person meetings, newest first",
)
async def list_meetings(
    ctx: Auth,
    state: State,
    page: PageParams,
    from_date: FromDate = None,
    to_date: ToDate = None,
    status: StatusParam = None,
    media_type: Annotated[
        Literal["videocall", "presential"] | None, Query(alias="mediaType")
    ] = None,
) -> Response:
    ctx.require(read_scope(False))
    filters = build_filters(
        MEETINGS, from_date=from_date, to_date=to_date, status=status, media_type=media_type
    )
    return await _listing(state, ctx.organization_id, MEETINGS, filters, page)


@router.get(
    "/calls",
    response_model=Envelope[list[s.Call]],
    tags=["calls"],
    summary="List phone calls, newest first",
)
async def list_calls(
    ctx: Auth,
    state: State,
    page: PageParams,
    name: Annotated[str | None, Query(max_length=500, description="Part of the name")] = None,
    from_date: FromDate = None,
    to_date: ToDate = None,
    status: StatusParam = None,
    direction: Annotated[
        Literal["inbound", "outbound", "INBOUND", "OUTBOUND"] | None, Query()
    ] = None,
) -> Response:
    ctx.require(read_scope(True))
    filters = build_filters(
        CALLS,
        from_date=from_date,
        to_date=to_date,
        status=status,
        name=name,
        direction=direction,
    )
    return await _listing(state, ctx.organization_id, CALLS, filters, page)


async def _listing(
    state: AppState, org_id: str, kind: ActivityKind, filters: repo.ActivityFilters, page: Page
) -> Response:
    rows, total = await repo.list_activities(
        state.reader, org_id, filters, limit=page.limit, offset=page.offset
    )
    data = [ser.serialize_activity(row, kind, state.public_url) for row in rows]
    return envelope(data, headers=total_header(total))


def build_activity_routes(kind: ActivityKind, models: dict[str, Any]) -> APIRouter:
    """The per-activity routes, identical for meetings and calls except for names and models."""
    r = APIRouter(prefix=f"/{kind.path}/{{activity_id}}", tags=[kind.path])
    noun = kind.noun.lower()

    @r.get("", response_model=Envelope[models["item"]], summary=f"Get one {noun}")
    async def get_one(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        return envelope(ser.serialize_activity(row, kind, state.public_url))

    @r.delete("", response_model=Envelope[bool], summary=f"Delete a {noun} and all derived data")
    async def delete_one(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(write_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        await delete_activity(session, state.media, ctx, activity_id)
        return envelope(True)

    @r.get("/participants", response_model=Envelope[models["participants"]])
    async def participants(
        activity_id: str, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        rows = await repo.list_participants(session, ctx.organization_id, activity_id)
        people = [ser.serialize_participant(row, kind) for row in rows]
        return envelope({kind.id_key: activity_id, "participants": people})

    @r.get("/summary", response_model=Envelope[models["summary"]])
    async def summary(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        found = await repo.get_summary(session, ctx.organization_id, activity_id)
        return envelope(ser.serialize_summary(found, kind, activity_id))

    @r.get(
        "/transcript",
        response_model=Envelope[models["transcript"]],
        summary="The transcript; format=srt|vtt|txt|json downloads it as a file",
    )
    async def transcript(
        activity_id: str,
        ctx: Auth,
        session: DbSession,
        state: State,
        format: Annotated[Literal["srt", "vtt", "txt", "json"] | None, Query()] = None,
    ) -> Response:
        ctx.require(read_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        segments = await repo.list_segments(state.reader, ctx.organization_id, activity_id)
        if format is not None:
            return transcript_response(segments, format, filename=row.name or activity_id)
        data = [ser.serialize_segment(seg) for seg in segments]
        return envelope({kind.id_key: activity_id, "transcript": data})

    @r.get("/notes", response_model=Envelope[models["notes"]])
    async def notes(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        rows = await repo.list_notes(session, ctx.organization_id, [activity_id])
        items = [ser.serialize_note(row, kind) for row in rows]
        return envelope({kind.id_key: activity_id, "notes": items})

    @r.get("/chat", response_model=Envelope[models["chat"]])
    async def chat(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        rows = await repo.list_chat(session, ctx.organization_id, activity_id)
        messages = [{"question": m.question, "answer": m.answer} for m in rows]
        return envelope({kind.id_key: activity_id, "messages": messages})

    for link_kind, path, key, model in (
        ("contact", "contacts", "contactId", s.MeetingContact),
        ("company", "companies", "companyId", s.MeetingCompany),
        ("opportunity", "opportunities", "opportunityId", s.MeetingOpportunity),
    ):
        r.add_api_route(
            f"/{path}",
            _links_endpoint(kind, link_kind, key),
            methods=["GET"],
            response_model=Envelope[list[model]],  # type: ignore[valid-type]
            summary=f"CRM {path} linked to the {noun}",
            name=f"{kind.path}_{path}",
        )

    @r.get("/analytics", response_model=Envelope[models["analytics"]])
    async def analytics(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        found = await repo.get_analytics(session, ctx.organization_id, activity_id)
        return envelope(ser.serialize_analytics(found, kind, activity_id))

    @r.get("/score", response_model=Envelope[models["score"]])
    async def score(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        found = await repo.get_score(session, ctx.organization_id, activity_id)
        return envelope(ser.serialize_score(found, kind, activity_id))

    return r


def _links_endpoint(kind: ActivityKind, link_kind: str, key: str) -> Any:
    async def links(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(read_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        ids = await repo.list_links(session, ctx.organization_id, activity_id, link_kind)
        return envelope([{key: external_id} for external_id in ids])

    return links


meeting_routes = build_activity_routes(
    MEETINGS,
    {
        "item": s.Meeting,
        "participants": s.MeetingParticipants,
        "summary": s.MeetingSummary,
        "transcript": s.MeetingTranscript,
        "notes": s.MeetingNotes,
        "chat": s.MeetingChat,
        "analytics": s.MeetingAnalytics,
        "score": s.MeetingScore,
    },
)
call_routes = build_activity_routes(
    CALLS,
    {
        "item": s.Call,
        "participants": s.CallParticipants,
        "summary": s.CallSummary,
        "transcript": s.CallTranscript,
        "notes": s.CallNotes,
        "chat": s.CallChat,
        "analytics": s.CallAnalytics,
        "score": s.CallScore,
    },
)
