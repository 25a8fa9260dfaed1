"""The routes of one meeting or call (`/{kind}/{id}` and its sub-routes), built once per kind.

They compose the domains of one conversation: the activity itself, what intelligence made of
it (summary, notes, chat, analytics, score) and the next steps of accounts, so they live above
all three (issue 21); `GET /meetings` and `GET /calls` stay in `activities/endpoints.py`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.accounts.next_step_records import records_by_key
from meetsight.accounts.steps_repository import clear_proposals_by
from meetsight.activities import query_params as q
from meetsight.activities import repository as repo
from meetsight.activities import schemas as s
from meetsight.activities import serializers as ser
from meetsight.activities.endpoints import enveloped
from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind, kind_models
from meetsight.activities.media_response import stored_file_response
from meetsight.activities.reprocess import reprocess
from meetsight.activities.service import delete_activity, require_activity
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import read_scope, write_scope
from meetsight.conversations.serializers import serialize_summary
from meetsight.conversations.speaker_edit import SpeakerEdit, edit_speaker
from meetsight.db.unit_of_work import checkpoint, read_only
from meetsight.deps import Auth, DbSession, State, app_state, authorize
from meetsight.errors import NotFound
from meetsight.intelligence import serializers as intel_ser
from meetsight.intelligence.chat import ChatQuestion, ask, serialize_message
from meetsight.intelligence.manual_notes import (
    ManualNoteCreate,
    create_manual_note,
    delete_manual_note,
)
from meetsight.intelligence.repository import (
    get_analytics,
    get_score,
    get_summary,
    list_chat,
    list_notes,
)
from meetsight.pagination import total_header
from meetsight.request_front import hot_read
from meetsight.request_params import openapi_parameters, parse_query, parse_query_cached
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.state import AppState
from meetsight.transcripts.download import transcript_response


def build_activity_routes(kind: ActivityKind, models: dict[str, Any]) -> APIRouter:
    """The per-activity routes, identical for meetings and calls except for names and models."""
    r = APIRouter(prefix=f"/{kind.path}/{{activity_id}}", tags=[kind.path])
    noun = kind.noun.lower()
    scope = read_scope(kind.is_call)
    path_only = openapi_parameters(path=("activity_id",))

    async def resolve(request: Request) -> tuple[AuthContext, AppState, Any]:
        """Credential, state and the activity row (404 for another org's or kind's id)."""
        ctx = await authorize(request, scope)
        state = app_state(request)
        row = await require_activity(state.reader, ctx, request.path_params["activity_id"], kind)
        return ctx, state, row

    @r.get(
        "",
        response_model=enveloped(models["item"]),
        summary=f"Get one {noun}",
        openapi_extra=path_only,
    )
    async def get_one(request: Request) -> Response:
        _, state, row = await resolve(request)
        return envelope(ser.serialize_activity(row, kind, state.public_url))

    @r.delete("", response_model=Envelope[bool], summary=f"Delete a {noun} and all derived data")
    async def delete_one(activity_id: str, ctx: Auth, session: DbSession, state: State) -> Response:
        ctx.require(write_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        await delete_activity(
            session, state.media, ctx, activity_id, clean_up=(clear_proposals_by,)
        )
        state.jobs_enqueued()  # a `deleted` webhook may be waiting
        return envelope(True)

    @r.post(
        "/reprocess",
        status_code=202,
        response_model=enveloped(models["item"]),
        summary=f"Run the {noun}'s processing again (after a failure, or a new model)",
    )
    async def reprocess_one(
        activity_id: str, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        await require_activity(state.reader, ctx, activity_id, kind)
        await reprocess(session, ctx.organization_id, activity_id, kind)
        await checkpoint(session)  # the job, before the workers wake and the reader reads
        state.jobs_enqueued()
        row = await require_activity(state.reader, ctx, activity_id, kind)
        return envelope(ser.serialize_activity(row, kind, state.public_url), status_code=202)

    @r.patch(
        "/speakers",
        response_model=enveloped(models["transcript"]),
        summary="Rename a speaker, or assign them to a person; rewrites the transcript",
    )
    async def edit_speakers(
        activity_id: str, edit: SpeakerEdit, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        await edit_speaker(session, ctx.organization_id, row.id, edit, state.refresh_trends)
        await checkpoint(session)  # the reader (another connection) reads the new transcript
        body = await repo.get_transcript_document(state.reader, ctx.organization_id, row.id)
        return envelope({kind.id_key: row.id, "transcript": orjson.Fragment(body)})

    @r.get(
        "/thumbnail",
        summary=f"A frame of the {noun}'s video, as JPEG",
        openapi_extra=path_only,
        response_class=Response,
    )
    async def get_thumbnail(request: Request) -> Response:
        _, state, row = await resolve(request)
        if not row.thumbnail_key:
            raise NotFound(f"This {noun} has no thumbnail")
        return await stored_file_response(
            state.media,
            row.thumbnail_key,
            "image/jpeg",
            request.headers.get("range"),
            missing=f"This {noun} has no thumbnail",
        )

    @r.get(
        "/media",
        summary=f"The {noun}'s stored recording, for playback (answers Range requests)",
        openapi_extra=path_only,
        response_class=Response,
    )
    async def get_media(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            stored = await repo.get_stored_media(session, ctx.organization_id, row.id)
        if stored is None:
            raise NotFound(f"This {noun} has no stored recording")
        key, content_type = stored
        return await stored_file_response(
            state.media,
            key,
            content_type or "application/octet-stream",
            request.headers.get("range"),
            missing=f"This {noun}'s recording is not stored",
        )

    @r.get(
        "/participants",
        response_model=enveloped(models["participants"]),
        summary="The participants in recorded order, a page at a time (X-Total-Count)",
        openapi_extra=openapi_parameters(q.ParticipantsQuery, path=("activity_id",)),
    )
    async def participants(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        page = parse_query(q.ParticipantsQuery, request)
        async with read_only(state.sessionmaker) as session:
            rows, total = await repo.list_participants(
                session, ctx.organization_id, row.id, limit=page.limit, offset=page.offset
            )
        people = [ser.serialize_participant(p, kind) for p in rows]
        return envelope({kind.id_key: row.id, "participants": people}, headers=total_header(total))

    @r.get("/summary", response_model=enveloped(models["summary"]), openapi_extra=path_only)
    async def summary(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            found = await get_summary(session, ctx.organization_id, row.id)
            steps = await records_by_key(session, ctx.organization_id, [row.id])
        return envelope(serialize_summary(found, kind, row.id, steps))

    @r.get(
        "/transcript",
        response_model=enveloped(models["transcript"]),
        summary="The transcript; format=srt|vtt|txt|json downloads it as a file",
        openapi_extra=openapi_parameters(q.TranscriptQuery, path=("activity_id",)),
    )
    @hot_read
    async def transcript(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        query = parse_query_cached(q.TranscriptQuery, request)
        if query.format is not None:
            segments = await repo.list_segments(state.reader, ctx.organization_id, row.id)
            return transcript_response(segments, query.format, filename=row.name or row.id)
        body = await repo.get_transcript_document(state.reader, ctx.organization_id, row.id)
        return envelope({kind.id_key: row.id, "transcript": orjson.Fragment(body)})

    @r.get("/notes", response_model=enveloped(models["notes"]), openapi_extra=path_only)
    async def notes(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            rows = await list_notes(session, ctx.organization_id, [row.id])
        items = [intel_ser.serialize_note(n, kind) for n in rows]
        return envelope({kind.id_key: row.id, "notes": items})

    @r.post(
        "/notes",
        status_code=201,
        response_model=enveloped(models["note"]),
        summary="Add a manual note (isManual: true; processing never changes it)",
    )
    async def add_note(
        activity_id: str, body: ManualNoteCreate, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        note_id = await create_manual_note(session, ctx.organization_id, row.id, body)
        rows = await list_notes(session, ctx.organization_id, [row.id])
        note = next(n for n in rows if n.id == note_id)
        return envelope(intel_ser.serialize_note(note, kind), status_code=201)

    @r.delete(
        "/notes/{note_id}",
        response_model=Envelope[bool],
        summary="Delete a manual note",
    )
    async def remove_note(
        activity_id: str, note_id: str, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        ctx.require(write_scope(kind.is_call))
        row = await require_activity(state.reader, ctx, activity_id, kind)
        await delete_manual_note(session, ctx.organization_id, row.id, note_id)
        return envelope(True)

    @r.get("/chat", response_model=enveloped(models["chat"]), openapi_extra=path_only)
    async def chat(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            rows = await list_chat(session, ctx.organization_id, row.id)
        messages = [serialize_message(m.question, m.answer, m.citations) for m in rows]
        return envelope({kind.id_key: row.id, "messages": messages})

    @r.post(
        "/chat",
        status_code=201,
        response_model=Envelope[s.ChatMessage],
        summary=f"Ask a question about the {noun}; the answer quotes the moments it rests on",
    )
    async def ask_chat(
        activity_id: str, body: ChatQuestion, ctx: Auth, session: DbSession, state: State
    ) -> Response:
        # Asking reads the activity: the read scope is enough (the pair joins the history).
        ctx.require(scope)
        row = await require_activity(state.reader, ctx, activity_id, kind)
        history = [
            (m.question, m.answer) for m in await list_chat(session, ctx.organization_id, row.id)
        ]
        message = await ask(
            session, state.settings, ctx.organization_id, row.id, body.question, history
        )
        return envelope(message, status_code=201)

    for link_kind, path, key, model in (
        ("contact", "contacts", "contactId", s.MeetingContact),
        ("company", "companies", "companyId", s.MeetingCompany),
        ("opportunity", "opportunities", "opportunityId", s.MeetingOpportunity),
    ):
        r.add_api_route(
            f"/{path}",
            _links_endpoint(resolve, link_kind, key),
            methods=["GET"],
            response_model=enveloped(list[model]),  # type: ignore[valid-type]
            summary=f"CRM {path} linked to the {noun}",
            name=f"{kind.path}_{path}",
            openapi_extra=path_only,
        )

    @r.get("/analytics", response_model=enveloped(models["analytics"]), openapi_extra=path_only)
    async def analytics(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            found = await get_analytics(session, ctx.organization_id, row.id)
        return envelope(intel_ser.serialize_analytics(found, kind, row.id))

    @r.get("/score", response_model=enveloped(models["score"]), openapi_extra=path_only)
    async def score(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            found = await get_score(session, ctx.organization_id, row.id)
        return envelope(intel_ser.serialize_score(found, kind, row.id))

    return r


Resolver = Callable[[Request], Awaitable[tuple[AuthContext, AppState, Any]]]


def _links_endpoint(resolve: Resolver, link_kind: str, key: str) -> Any:
    async def links(request: Request) -> Response:
        ctx, state, row = await resolve(request)
        async with read_only(state.sessionmaker) as session:
            ids = await repo.list_links(session, ctx.organization_id, row.id, link_kind)
        return envelope([{key: external_id} for external_id in ids])

    return links


meeting_routes = build_activity_routes(MEETINGS, kind_models(s, MEETINGS))
call_routes = build_activity_routes(CALLS, kind_models(s, CALLS))
