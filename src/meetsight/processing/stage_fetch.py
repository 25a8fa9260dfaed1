"""Stage `fetch`: download a `mediaUrl` into the media store, checked like an upload."""

from __future__ import annotations

from typing import Any

from meetsight.activities.models import Activity
from meetsight.activities.service import media_prefix
from meetsight.activities.updates import update_activity
from meetsight.errors import AppError
from meetsight.jobs.errors import PermanentError
from meetsight.media.check import check_media
from meetsight.media.fetch import fetch_media
from meetsight.processing.pipeline import StageContext


def needs_fetch(activity: Activity, payload: dict[str, object]) -> bool:
    return payload.get("source") != "import" and not activity.media_key and bool(activity.media_url)


class FetchStage:
    """Only for a `mediaUrl` not fetched yet."""

    name = "fetch"
    emits: tuple[str, ...] = ()

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return needs_fetch(activity, payload)

    async def run(self, sc: StageContext) -> None:
        services = sc.job.require_services()
        settings = services.settings
        activity = sc.activity
        assert activity.media_url is not None
        writer = await services.media.open_writer()
        try:
            result = await fetch_media(
                activity.media_url,
                writer,
                max_bytes=settings.max_upload_bytes,
                allow_private=settings.media_url_allow_private,
                connect_timeout=settings.media_url_connect_timeout,
                read_timeout=settings.media_url_read_timeout,
                total_timeout=settings.media_url_total_timeout,
            )
            try:
                found = await check_media(
                    writer,
                    is_call=activity.is_call,
                    field="mediaUrl",
                    max_seconds=settings.max_media_seconds,
                )
            except AppError as exc:
                raise PermanentError(
                    f"The file at mediaUrl cannot be used: {exc.message}"
                ) from None
            key = f"{media_prefix(activity.organization_id, activity.id)}/media{found.extension}"
            await writer.store_as(key)
        except BaseException:
            await writer.abort()
            raise
        async with sc.transaction() as session:
            await update_activity(
                session,
                activity.organization_id,
                activity.id,
                media_key=key,
                media_content_type=found.content_type,
                media_size=result.size,
                media_filename=(result.filename or "")[:255] or None,
            )
