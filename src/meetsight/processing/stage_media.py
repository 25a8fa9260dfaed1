"""Stage `media`: what the stored recording is (duration) and, for a video, its thumbnail."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from meetsight.activities.models import Activity
from meetsight.activities.service import media_prefix
from meetsight.activities.updates import update_activity
from meetsight.jobs.errors import PermanentError
from meetsight.media.decode import MediaInfo
from meetsight.media.errors import MediaError
from meetsight.processing.media_steps import in_media_process
from meetsight.processing.pipeline import StageContext


def has_media(activity: Activity, payload: dict[str, Any]) -> bool:
    return payload.get("source") != "import"


class MediaStage:
    """Not for an imported transcript (no recording)."""

    name = "media"
    emits: tuple[str, ...] = ()

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return has_media(activity, payload)

    async def run(self, sc: StageContext) -> None:
        services = sc.job.require_services()
        activity = sc.activity
        if not activity.media_key:
            raise PermanentError("The recording was never stored; upload it again")
        media = services.media
        async with media.local_copy(activity.media_key) as path:
            if not await asyncio.to_thread(path.is_file):
                raise PermanentError("The stored recording is missing; upload it again")
            try:
                info: MediaInfo = await in_media_process(
                    sc, "probe", str(path), False, services.settings.max_media_seconds
                )
            except MediaError as exc:
                raise PermanentError(f"The recording cannot be read: {exc.message}") from None
            thumbnail_key = None
            if info.has_video:
                key = f"{media_prefix(activity.organization_id, activity.id)}/thumbnail.jpg"
                async with media.temp_file(".jpg") as made:
                    try:
                        await in_media_process(sc, "thumbnail", str(path), str(made))
                        framed = True
                    except MediaError:
                        framed = False  # a video whose frames do not decode still has its audio
                    if framed:
                        await media.put_file(key, made)
                        thumbnail_key = key
        async with sc.transaction() as session:
            await update_activity(
                session,
                activity.organization_id,
                activity.id,
                duration=round(info.duration, 3),
                end_at=activity.start_at + timedelta(seconds=info.duration),
                thumbnail_key=thumbnail_key,
            )
