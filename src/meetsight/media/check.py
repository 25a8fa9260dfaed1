"""Is a received file a recording we can process? Judged by content, for uploads and for files
fetched from a mediaUrl alike."""

from __future__ import annotations

import dataclasses
import logging

from meetsight.errors import AppError, UnsupportedMedia, ValidationFailed
from meetsight.media.errors import MediaError, MediaProcessCrashed, MediaProcessFailed
from meetsight.media.process import upload_checks
from meetsight.media.sniff import CALL_CONTAINERS, MediaFormat, sniff
from meetsight.storage.base import MediaWriter

log = logging.getLogger("meetsight.media")


async def check_media(
    writer: MediaWriter, *, is_call: bool, field: str, max_seconds: float | None = None
) -> MediaFormat:
    """The file's format, or a 4xx error naming `field` (415 not a format we take, 422 empty,
    truncated, corrupt, without audio, too many channels or longer than `max_seconds`).
    `has_video` is what the streams say (an mp4 may hold only audio), not the container.

    This process reads only the first bytes; FFmpeg reads the rest in a child process
    (`media.process`), so a file that crashes a codec ends that child, not the server."""
    if writer.size == 0:
        raise ValidationFailed(f"{field}: the file is empty")
    found = sniff(writer.head)
    if found is None:
        raise UnsupportedMedia(f"{field}: not an audio or video format meetsight can read")
    if is_call and found.container not in CALL_CONTAINERS:
        raise UnsupportedMedia(
            f"{field}: a call recording must be mp3 or wav, not {found.container}"
        )
    # The header only names the format; decoding it through shows a truncated, corrupt or
    # silent (no audio stream) file now, as a 4xx, rather than as a failed job later.
    await writer.flush()
    try:
        info = await upload_checks().call("probe", str(writer.temp_path), True, max_seconds)
    except MediaError as exc:
        raise AppError(f"{field}: {exc.message}", exc.http_status) from None
    except MediaProcessCrashed as exc:
        raise ValidationFailed(f"{field}: the file cannot be read safely ({exc.message})") from None
    except MediaProcessFailed:
        log.exception("%s: the media check failed unexpectedly", field)
        raise ValidationFailed(f"{field}: the file cannot be read") from None
    return dataclasses.replace(found, has_video=bool(info.has_video))
