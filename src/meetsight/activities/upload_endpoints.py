"""POST /meetings/upload and /calls/upload: multipart, streamed to the media store."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.activities import schemas as s
from meetsight.activities.kinds import CALLS, MEETINGS, ActivityKind
from meetsight.activities.multipart import read_upload_form
from meetsight.activities.uploads import create_from_upload
from meetsight.auth.scopes import write_scope
from meetsight.deps import Auth, DbSession, State
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.security.body_limit import streams_body
from meetsight.transcripts.limits import TranscriptLimits

router = APIRouter()

_COMMON_FIELDS: dict[str, Any] = {
    "name": {"type": "string", "minLength": 1, "maxLength": 500},
    "startDateTime": {"type": "string", "format": "date-time"},
    "mediaUrl": {"type": "string", "format": "uri", "description": "Alternative to file"},
    "file": {"type": "string", "format": "binary", "description": "The recording"},
    "transcript": {
        "type": "string",
        "format": "binary",
        "description": "A finished transcript (WebVTT, SRT or JSON) instead of media",
    },
    "description": {"type": "string"},
    "ownerId": {"type": "string", "description": "Person or user id of the owner (the host)"},
    "personIds": {"type": "string", "description": "Participant person ids, comma-separated"},
    "language": {"type": "string", "description": "ISO 639-1; detected when absent"},
}
_MEETING_FIELDS = {
    **_COMMON_FIELDS,
    "mediaType": {"type": "string", "enum": ["videocall", "presential"]},
    "meetingType": {"type": "string", "description": "A type name such as Discovery"},
    "calendarEventId": {"type": "string"},
}
_CALL_FIELDS = {
    **_COMMON_FIELDS,
    "file": {"type": "string", "format": "binary", "description": "An mp3 or wav recording"},
    "direction": {"type": "string", "enum": ["inbound", "outbound"]},
    "fromNumber": {"type": "string"},
    "toNumber": {"type": "string"},
    "callType": {"type": "string"},
}


def _form_schema(properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["name", "startDateTime"],
                        "properties": properties,
                    }
                }
            },
        }
    }


async def _upload(
    request: Request, ctx: Any, session: Any, state: Any, kind: ActivityKind
) -> Response:
    ctx.require(write_scope(kind.is_call))
    settings = state.settings
    form = await read_upload_form(
        request,
        state.media,
        max_file_bytes=settings.max_upload_bytes,
        max_transcript_bytes=settings.max_transcript_bytes,
    )
    activity_id = await create_from_upload(
        session,
        state.media,
        ctx,
        kind,
        form,
        allow_private_urls=settings.media_url_allow_private,
        refresh_trends=state.refresh_trends,
        limits=TranscriptLimits.from_settings(settings),
        max_media_seconds=settings.max_media_seconds,
    )
    state.jobs_enqueued()
    return envelope({kind.id_key: activity_id}, status_code=201)


def add_upload(
    kind: ActivityKind, response_model: Any, summary: str, fields: dict[str, Any]
) -> None:
    """POST /meetings/upload or /calls/upload, with the kind's form fields."""

    @streams_body
    async def upload(request: Request, ctx: Auth, session: DbSession, state: State) -> Response:
        return await _upload(request, ctx, session, state, kind)

    router.add_api_route(
        f"/{kind.path}/upload",
        upload,
        methods=["POST"],
        status_code=201,
        response_model=Envelope[response_model],  # type: ignore[valid-type]
        tags=[kind.path],
        summary=summary,
        openapi_extra=_form_schema(fields),
        name=f"upload_{kind.noun.lower()}",
    )


add_upload(
    MEETINGS,
    s.MeetingUploadResponse,
    "Upload a meeting: a file, a mediaUrl or a transcript",
    _MEETING_FIELDS,
)
add_upload(
    CALLS,
    s.CallUploadResponse,
    "Upload a phone call: an mp3/wav file, a mediaUrl or a transcript",
    _CALL_FIELDS,
)
