"""/app/upload: meetings or calls from files or a URL. The kind comes first, then the fields
that kind takes (a meeting's medium; a call's direction and numbers), the owner (our side,
preset to the signed-in user) and the participants from the organization's people. The page's
script sends one request per file with XMLHttpRequest (each with its own progress bar), then
polls /app/conversations/{id}/status until processing completes or fails. The upload itself
reuses the REST upload service (activities/uploads.py), so the page sends what REST accepts.

The route is outside the CSRF form dependency: that would read the whole multipart body into
memory before the streaming reader could see it. The token comes in the `X-CSRF-Token` header
(the script) or, without JavaScript, as the form's first field, checked before anything stays.
Like the REST uploads the route is declared `@streams_body`: the 1 MiB body limit of the other
routes does not apply, the upload size limit does.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from starlette.responses import RedirectResponse, Response

from meetsight.activities.kinds import CALLS, MEETINGS
from meetsight.activities.multipart import read_upload_form
from meetsight.activities.uploads import create_from_upload
from meetsight.deps import DbSession, app_state
from meetsight.errors import ValidationFailed
from meetsight.organizations import repository
from meetsight.responses import envelope
from meetsight.security.body_limit import streams_body
from meetsight.transcripts.limits import TranscriptLimits
from meetsight.transcripts.types import is_generic_speaker
from meetsight.web.access import web_auth
from meetsight.web.csrf import CSRF_FIELD, check_csrf
from meetsight.web.pages_conversation import api_user, page_path
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render

router = APIRouter(include_in_schema=False)
UPLOAD_PATH = "/app/upload"
MAX_PEOPLE_LISTED = 500


@router.get(UPLOAD_PATH)
async def upload_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    people = await repository.people_to_pick(session, user.organization_id, limit=MAX_PEOPLE_LISTED)
    # "Speaker 2" people that earlier versions made for unnamed voices name nobody: not offered.
    people = [p for p in people if p.email or p.user_id or not is_generic_speaker(p.name)]
    own = next((p.id for p in people if p.user_id == user.id), None)
    max_mb = app_state(request).settings.max_upload_bytes // (1024 * 1024)
    return render(
        request,
        "upload.html",
        team=[p for p in people if p.is_internal],
        others=[p for p in people if p.id != own],
        own_person_id=own,
        max_mb=max_mb,
    )


@router.post(UPLOAD_PATH)
@streams_body
async def upload_submit(
    request: Request, session: DbSession, user: WebUser = Depends(api_user)
) -> Response:
    header_token = request.headers.get("x-csrf-token")
    scripted = header_token is not None
    if scripted:
        check_csrf(request, {CSRF_FIELD: header_token})
    elif not request.headers.get("content-type", "").startswith("multipart/form-data"):
        check_csrf(request, {})  # the 403 page: there is no token anywhere
    state = app_state(request)
    settings = state.settings
    form = await read_upload_form(
        request,
        state.media,
        max_file_bytes=settings.max_upload_bytes,
        max_transcript_bytes=settings.max_transcript_bytes,
    )
    if not scripted:
        try:
            check_csrf(request, {CSRF_FIELD: form.value(CSRF_FIELD)})
        except BaseException:
            await form.discard()
            raise
    kind_name = form.value("kind") or "meeting"
    if kind_name not in ("meeting", "call"):
        await form.discard()
        raise ValidationFailed("kind: meeting or call")
    kind = CALLS if kind_name == "call" else MEETINGS
    activity_id = await create_from_upload(
        session,
        state.media,
        web_auth(user),
        kind,
        form,
        allow_private_urls=settings.media_url_allow_private,
        refresh_trends=state.refresh_trends,
        limits=TranscriptLimits.from_settings(settings),
        max_media_seconds=settings.max_media_seconds,
    )
    state.jobs_enqueued()
    if not scripted:
        return RedirectResponse(page_path(activity_id), status_code=303)
    return envelope(
        {
            "id": activity_id,
            "url": page_path(activity_id),
            "statusUrl": page_path(activity_id) + "/status",
        },
        status_code=201,
    )
