"""Creating an activity from an upload: a media file, a media URL or a finished transcript."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.kinds import ActivityKind
from meetsight.activities.models import Activity
from meetsight.activities.multipart import UploadedForm
from meetsight.activities.participants import activity_type_id, attach_participants, resolve_person
from meetsight.activities.service import media_prefix
from meetsight.activities.upload_fields import UploadFields, parse_upload_fields
from meetsight.auth.context import AuthContext
from meetsight.conversations.transcript_import import store_imported_transcript
from meetsight.db.unit_of_work import checkpoint
from meetsight.errors import BadRequest, PayloadTooLarge, ValidationFailed
from meetsight.ids import new_id
from meetsight.jobs.queue import enqueue_processing
from meetsight.media.check import check_media
from meetsight.organizations.models import Person
from meetsight.search.vectors import preembed
from meetsight.state import RefreshTrends
from meetsight.storage.base import MediaStore
from meetsight.transcripts.limits import TranscriptLimits, check_people
from meetsight.transcripts.parsing import (
    TranscriptFormatError,
    TranscriptTooLarge,
    parse_transcript,
)


async def create_from_upload(
    session: AsyncSession,
    media: MediaStore,
    ctx: AuthContext,
    kind: ActivityKind,
    form: UploadedForm,
    *,
    allow_private_urls: bool,
    refresh_trends: RefreshTrends,
    limits: TranscriptLimits | None = None,
    max_media_seconds: float | None = None,
) -> str:
    """Validate, store and enqueue; returns the new activity id. Nothing is kept on failure.
    `allow_private_urls` is MEETSIGHT_MEDIA_URL_ALLOW_PRIVATE, for a mediaUrl; ``limits`` bound
    an imported transcript (default: the settings' defaults); a recording longer than
    `max_media_seconds` by its header is refused. `refresh_trends`:
    `state.AppState.refresh_trends`, once an imported transcript's analytics are stored."""
    try:
        fields = parse_upload_fields(form, kind, allow_private_urls=allow_private_urls)
        bounds = limits or TranscriptLimits.defaults()
        return await _create(
            session, media, ctx, kind, form, fields, bounds, max_media_seconds, refresh_trends
        )
    except BaseException:
        await form.discard()
        await session.rollback()
        raise


async def _create(
    session: AsyncSession,
    media: MediaStore,
    ctx: AuthContext,
    kind: ActivityKind,
    form: UploadedForm,
    fields: UploadFields,
    limits: TranscriptLimits,
    max_media_seconds: float | None,
    refresh_trends: RefreshTrends,
) -> str:
    given = [x for x in (form.file, fields.media_url, form.transcript) if x is not None]
    if len(given) != 1:
        raise BadRequest("Send exactly one of file, mediaUrl or transcript")
    org_id = ctx.organization_id
    owner = (
        await resolve_person(session, org_id, fields.owner_id, "ownerId")
        if fields.owner_id
        else None
    )
    people = [await resolve_person(session, org_id, ref, "personIds") for ref in fields.person_ids]
    activity = _new_activity(org_id, kind, fields)
    activity.activity_type_id = await activity_type_id(session, org_id, fields.type_name)
    activity.owner_person_id = owner.id if owner else None
    participants = ([owner] if owner else []) + people
    if form.transcript is not None:
        # Segments now; the later stages (intelligence, search) run on the queue like any
        # recording's, and the activity stays `processing` until they finish.
        await _import_transcript(session, activity, form, participants, limits, refresh_trends)
        await enqueue_processing(session, org_id, activity.id, source="import")
        await checkpoint(session)  # durable before the caller wakes the workers
        return activity.id
    session.add(activity)
    await session.flush()
    await attach_participants(
        session, org_id, activity.id, participants, host_id=activity.owner_person_id
    )
    if form.file is not None:
        has_video = await _store_media(media, activity, form, kind, max_media_seconds)
        if not kind.is_call and fields.media_type is None and not has_video:
            activity.media_type = "presential"  # audio only: not a video call
        activity.source = "upload"
    else:
        activity.source = "url"
        activity.media_url = fields.media_url
    try:  # the stored media goes if anything after it fails (the commit included: a row
        # that points at it is durable, or the file goes)
        await enqueue_processing(session, org_id, activity.id)
        await checkpoint(session)
    except BaseException:
        if activity.media_key:
            await media.delete_prefix(media_prefix(org_id, activity.id))
        raise
    return activity.id


def _new_activity(org_id: str, kind: ActivityKind, fields: UploadFields) -> Activity:
    return Activity(
        organization_id=org_id,
        id=new_id(),
        is_call=kind.is_call,
        # A meeting that does not say: a video call until its file shows no picture.
        media_type=fields.media_type or "videocall",
        status="processing",
        name=fields.name,
        description=fields.description,
        start_at=fields.start_at,
        language=fields.language,
        direction=fields.direction,
        from_number=fields.from_number,
        to_number=fields.to_number,
        calendar_event_id=fields.calendar_event_id,
    )


async def _store_media(
    media: MediaStore,
    activity: Activity,
    form: UploadedForm,
    kind: ActivityKind,
    max_media_seconds: float | None,
) -> bool:
    """Check and keep the file; whether it has a picture."""
    writer = form.file
    assert writer is not None
    found = await check_media(
        writer, is_call=kind.is_call, field="file", max_seconds=max_media_seconds
    )
    key = f"{media_prefix(activity.organization_id, activity.id)}/media{found.extension}"
    await writer.store_as(key)
    form.file = None  # stored: no longer ours to discard
    activity.media_key = key
    activity.media_content_type = found.content_type
    activity.media_size = writer.size
    activity.media_filename = (form.filename or "")[:255] or None
    return found.has_video


async def _import_transcript(
    session: AsyncSession,
    activity: Activity,
    form: UploadedForm,
    participants: list[Person],
    limits: TranscriptLimits,
    refresh_trends: RefreshTrends,
) -> None:
    assert form.transcript is not None
    try:
        segments = parse_transcript(form.transcript, form.transcript_filename, limits)
    except TranscriptTooLarge as exc:
        raise PayloadTooLarge(f"transcript: {exc}") from None
    except TranscriptFormatError as exc:
        raise ValidationFailed(f"transcript: {exc}") from None
    speakers = list(dict.fromkeys(seg.speaker for seg in segments))
    check_people(speakers, {p.id: p.name for p in participants}, limits)
    # Sentence vectors before the activity is written (on SQLite, the first write takes the
    # database's write lock until the request's transaction ends).
    embedded = await asyncio.to_thread(preembed, [seg.content for seg in segments])
    activity.source = "import"
    activity.duration = round(max(s.end_time for s in segments), 3)
    activity.end_at = activity.start_at + timedelta(seconds=activity.duration)
    session.add(activity)
    await session.flush()
    await store_imported_transcript(
        session, activity, segments, participants, refresh_trends, embedded
    )
