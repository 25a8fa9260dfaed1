"""/app/conversations/{id}: one meeting or call, its recording (ranged), transcript, summary,
analytics, score, notes, chat, CRM links, exports, speaker edits and deletion."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from starlette.responses import RedirectResponse, Response

from meetsight.accounts.steps_repository import clear_proposals_by
from meetsight.activities import repository as repo
from meetsight.activities.media_response import stored_file_response
from meetsight.activities.service import delete_activity
from meetsight.conversations.speaker_edit import SpeakerEdit, edit_speaker
from meetsight.db.unit_of_work import read_only
from meetsight.deps import DbSession, app_state
from meetsight.errors import AppError, NotFound, Unauthorized
from meetsight.intelligence.chat import ChatQuestion, ask
from meetsight.intelligence.repository import list_chat
from meetsight.responses import envelope
from meetsight.transcripts.download import transcript_response
from meetsight.web.access import conversation_row, web_auth
from meetsight.web.conversation_view import load_conversation_view
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.flash import set_flash
from meetsight.web.forms import field
from meetsight.web.sessions import WebUser, current_user, require_user
from meetsight.web.templating import render

router = APIRouter(
    prefix="/app/conversations", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
EXPORT_FORMATS = ("srt", "vtt", "txt", "json")


def page_path(activity_id: str) -> str:
    return f"/app/conversations/{activity_id}"


def _page_error(exc: AppError) -> PageError:
    return PageError(exc.status_code, exc.message)


async def api_user(request: Request) -> WebUser:
    """For the JSON and media routes: 401 envelope, not a redirect, without a session."""
    user = await current_user(request)
    if user is None:
        raise Unauthorized("Sign in first")
    return user


@router.get("/{activity_id}")
async def conversation_page(
    request: Request, activity_id: str, user: WebUser = Depends(require_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    return await render_conversation(request, user, row)


async def render_conversation(
    request: Request,
    user: WebUser,
    row: Any,
    *,
    status_code: int = 200,
    comment_error: str | None = None,
    comment_draft: dict[str, str] | None = None,
) -> Response:
    """The page; a refused comment comes back on it with its reason and what was typed."""
    view = await load_conversation_view(app_state(request), user.organization_id, row)
    return render(
        request,
        "conversation.html",
        status_code=status_code,
        v=view,
        row=row,
        formats=EXPORT_FORMATS,
        comment_error=comment_error,
        comment_draft=comment_draft or {"text": "", "at": "0:00", "start": "", "end": ""},
    )


@router.get("/{activity_id}/media")
async def conversation_media(
    request: Request, activity_id: str, user: WebUser = Depends(api_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    async with read_only(state.sessionmaker) as session:
        activity = await repo.get_activity(session, user.organization_id, row.id)
    if activity is None or not activity.media_key:
        raise NotFound("This conversation has no recording")
    content_type = activity.media_content_type or "application/octet-stream"
    return await stored_file_response(
        state.media,
        activity.media_key,
        content_type,
        request.headers.get("range"),
        missing="This conversation has no recording",
    )


@router.get("/{activity_id}/status")
async def conversation_status(
    request: Request, activity_id: str, user: WebUser = Depends(api_user)
) -> Response:
    """What the upload page polls: the processing state and, once failed, why."""
    state = app_state(request)
    try:
        row = await conversation_row(state.reader, user, activity_id)
    except PageError:
        raise NotFound("No meeting or call with this id") from None
    return envelope(
        {
            "id": row.id,
            "status": row.status,
            "failureReason": row.failure_reason,
            "url": page_path(row.id),
        },
        headers={"Cache-Control": "no-store"},
    )


@router.get("/{activity_id}/export/{fmt}")
async def conversation_export(
    request: Request, activity_id: str, fmt: str, user: WebUser = Depends(require_user)
) -> Response:
    if fmt not in EXPORT_FORMATS:
        raise PageError(404, "Exports are SRT, VTT, TXT or JSON.")
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    segments = await repo.list_segments(state.reader, user.organization_id, row.id)
    return transcript_response(segments, fmt, filename=row.name or row.id)


@router.post("/{activity_id}/chat")
async def conversation_chat(
    request: Request, activity_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    form = await request.form()
    try:
        question = ChatQuestion(question=field(form, "question", max_length=4000)).question
    except ValidationError:
        raise PageError(422, "Type a question of up to 2000 characters.") from None
    history = [
        (m.question, m.answer) for m in await list_chat(session, user.organization_id, row.id)
    ]
    try:
        await ask(session, state.settings, user.organization_id, row.id, question, history)
    except AppError as exc:
        raise _page_error(exc) from None
    return RedirectResponse(page_path(row.id) + "#chat-latest", status_code=303)


@router.post("/{activity_id}/speakers")
async def conversation_speaker(
    request: Request, activity_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    form = await request.form()
    try:
        edit = SpeakerEdit(
            speaker=field(form, "speaker", max_length=400),
            name=field(form, "name", max_length=400).strip() or None,
            person_id=field(form, "person_id", max_length=100) or None,
        )
    except ValidationError:
        raise PageError(422, "Choose a speaker, then type a new name or pick a person.") from None
    try:
        await edit_speaker(session, user.organization_id, row.id, edit, state.refresh_trends)
    except AppError as exc:
        raise _page_error(exc) from None
    return RedirectResponse(page_path(row.id) + "#transcript", status_code=303)


@router.post("/{activity_id}/delete")
async def conversation_delete(
    request: Request, activity_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    await delete_activity(
        session, state.media, web_auth(user), row.id, clean_up=(clear_proposals_by,)
    )
    state.jobs_enqueued()  # a `deleted` webhook may be waiting, as after a REST delete
    await set_flash(session, request, {"notice": f"Deleted “{row.name}”."})
    return RedirectResponse("/app", status_code=303)
