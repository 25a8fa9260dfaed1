"""Stage `media`: what the stored recording is (duration) and, for a video, its thumbnail."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import sqlalchemy as sa

from meetsight.activities.models import Activity
from meetsight.activities.service import media_prefix
from meetsight.processing.errors import PermanentError
from meetsight.processing.pipeline import StageContext
from meetsight.speech.decode import probe, thumbnail
from meetsight.speech.errors import MediaError


def has_media(activity: Activity, payload: dict[str, Any]) -> bool:
    return payload.get("source") != "import"


async def run_media(sc: StageContext) -> None:
    services = sc.job.require_services()
    activity = sc.activity
    if not activity.media_key:
        raise PermanentError("The recording was never stored; upload it again")
    path = services.media.path(activity.media_key)
    if not await asyncio.to_thread(path.is_file):
        raise PermanentError("The stored recording is missing; upload it again")
    try:
        info = await asyncio.to_thread(probe, path, False)
    except MediaError as exc:
        raise PermanentError(f"The recording cannot be read: {exc.message}") from None
    thumbnail_key = None
    if info.has_video:
        key = f"{media_prefix(activity.organization_id, activity.id)}/thumbnail.jpg"
        try:
            await asyncio.to_thread(thumbnail, path, services.media.path(key))
            thumbnail_key = key
        except MediaError:
            thumbnail_key = None  # a video whose frames do not decode still has its audio
    async with sc.transaction() as session:
        await session.execute(
            sa.update(Activity)
            .where(Activity.organization_id == activity.organization_id, Activity.id == activity.id)
            .values(
                duration=round(info.duration, 3),
                end_at=activity.start_at + timedelta(seconds=info.duration),
                thumbnail_key=thumbnail_key,
            )
        )
