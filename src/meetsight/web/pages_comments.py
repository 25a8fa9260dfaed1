"""Comments on the conversation page: add one at the player's moment or on selected lines,
edit your own, delete your own (owners and admins any). The rules are the REST API's
(comments/service.py); a refused comment comes back on the page with its reason and its text."""

from __future__ import annotations

import re

from fastapi import APIRouter, Depends, Request
from pydantic import ValidationError
from starlette.datastructures import FormData
from starlette.responses import RedirectResponse, Response

from meetsight.comments import service
from meetsight.comments.schemas import COMMENT_MAX_CHARS, CommentCreate, CommentUpdate
from meetsight.deps import DbSession, app_state
from meetsight.errors import AppError
from meetsight.web.access import conversation_row
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.forms import field
from meetsight.web.pages_conversation import page_path, render_conversation
from meetsight.web.sessions import WebUser, require_user

router = APIRouter(
    prefix="/app/conversations", dependencies=[Depends(enforce_csrf)], include_in_schema=False
)
_SPAN = re.compile("\\s*[-\u2013]\\s*")  # "1:05-1:40", or with an en dash as shown
_CLOCK = re.compile(r"^(?:(\d{1,3}):)?(?:(\d{1,4}):)?(\d{1,6}(?:\.\d{1,3})?)$")


def parse_clock(text: str) -> float:
    """Seconds from "83", "83.5", "1:23" or "1:02:03" (what the field shows and people type)."""
    found = _CLOCK.match(text.strip())
    if not found:
        raise ValueError(text)
    first, second, seconds = found.groups()
    hours, minutes = (first, second) if second is not None else (None, first)
    if (minutes is not None and float(seconds) >= 60) or (hours is not None and int(minutes) >= 60):
        raise ValueError(text)
    return int(hours or 0) * 3600 + int(minutes or 0) * 60 + float(seconds)


def _moment(form: FormData) -> tuple[float, float | None]:
    """The exact seconds conversation.js keeps beside the visible field, else the field."""
    start, end = field(form, "start", max_length=40), field(form, "end", max_length=40)
    if start:
        try:
            return float(start), float(end) if end else None
        except ValueError:
            pass
    parts = _SPAN.split(field(form, "at", max_length=40).strip() or "0", maxsplit=1)
    return parse_clock(parts[0]), parse_clock(parts[1]) if len(parts) > 1 else None


def _text(form: FormData) -> str:
    # A browser sends a textarea's line breaks as CRLF, which its maxlength counted as one.
    return field(form, "text", max_length=10 * COMMENT_MAX_CHARS).replace("\r\n", "\n")


def _problem(exc: ValidationError, text: str) -> str:
    first = exc.errors()[0]
    where = str((first.get("loc") or ("",))[0])
    if where == "text":
        if len(text.strip()) > COMMENT_MAX_CHARS:
            return (
                f"A comment is at most {COMMENT_MAX_CHARS:,} characters; "
                f"this one has {len(text.strip()):,}."
            )
        return "Write something first: an empty comment is not saved."
    if where == "endTime" or "endTime" in str(first.get("msg", "")):
        return "The end of the moment must come after its start."
    return "The moment must be a time in the recording, like 1:05."


def _commenter(user: WebUser) -> service.Commenter:
    return service.Commenter(user.id, user.name, user.role)


@router.get("/{activity_id}/comments")
async def comments_address(
    request: Request, activity_id: str, user: WebUser = Depends(require_user)
) -> Response:
    """The address a refused comment leaves in the bar: back to the page's Comments tab (its
    ?t= links are relative, so they land here too)."""
    row = await conversation_row(app_state(request).reader, user, activity_id)
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(page_path(row.id) + query + "#comments", status_code=303)


@router.post("/{activity_id}/comments")
async def comment_add(
    request: Request, activity_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    form = await request.form()
    text = _text(form)
    draft = {key: field(form, key, max_length=40) for key in ("at", "start", "end")}
    draft["text"] = text[: 2 * COMMENT_MAX_CHARS]

    async def refused(status: int, message: str) -> Response:
        return await render_conversation(
            request, user, row, status_code=status, comment_error=message, comment_draft=draft
        )

    try:
        start, end = _moment(form)
    except ValueError:
        return await refused(422, "The moment must be a time in the recording, like 1:05.")
    try:
        body = CommentCreate.model_validate({"text": text, "startTime": start, "endTime": end})
    except ValidationError as exc:
        return await refused(422, _problem(exc, text))
    try:
        comment = await service.add_comment(
            session, user.organization_id, row, _commenter(user), body
        )
    except AppError as exc:
        return await refused(exc.status_code, exc.message.split(": ", 1)[-1])
    comment_id = comment.id
    return RedirectResponse(page_path(row.id) + f"#c-{comment_id}", status_code=303)


@router.post("/{activity_id}/comments/{comment_id}")
async def comment_edit(
    request: Request,
    activity_id: str,
    comment_id: str,
    session: DbSession,
    user: WebUser = Depends(require_user),
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    text = _text(await request.form())
    try:
        body = CommentUpdate.model_validate({"text": text})
    except ValidationError as exc:
        return await render_conversation(
            request, user, row, status_code=422, comment_error=_problem(exc, text)
        )
    try:
        await service.edit_comment(
            session, user.organization_id, row.id, comment_id, _commenter(user), body.text
        )
    except AppError as exc:
        raise _page_error(exc) from None
    return RedirectResponse(page_path(row.id) + f"#c-{comment_id}", status_code=303)


@router.post("/{activity_id}/comments/{comment_id}/delete")
async def comment_delete(
    request: Request,
    activity_id: str,
    comment_id: str,
    session: DbSession,
    user: WebUser = Depends(require_user),
) -> Response:
    state = app_state(request)
    row = await conversation_row(state.reader, user, activity_id)
    try:
        await service.delete_comment(
            session, user.organization_id, row.id, comment_id, _commenter(user)
        )
    except AppError as exc:
        raise _page_error(exc) from None
    return RedirectResponse(page_path(row.id) + "#comments", status_code=303)


def _page_error(exc: AppError) -> PageError:
    return PageError(exc.status_code, exc.message)
