"""Hand a recording to a media child process, counting on the job the times that killed it.

The count lives in the job's payload and is written before the child gets the file, so it holds
even when the whole worker dies with the child: the next claim reads `media_running` left set
and counts that attempt as a crash. After MAX_MEDIA_CRASHES the job ends `failed` with the
reason, instead of taking one worker after another down in a loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from meetsight.jobs.errors import PermanentError, TransientError
from meetsight.media.errors import MediaProcessCrashed
from meetsight.processing.pipeline import StageContext

MAX_MEDIA_CRASHES = 2


def _gave_up(crashes: int, reason: str | None) -> PermanentError:
    detail = f": {reason}" if reason else ""
    return PermanentError(
        f"The recording stopped the media process {crashes} times{detail}; it cannot be processed"
    )


async def in_media_process(sc: StageContext, function: str | Callable[..., Any], *args: Any) -> Any:
    """`function` (a name of meetsight.media.child.FUNCTIONS, or a module-level function such
    as `recognition.recognize`) run in a child of the worker's pool."""
    crashes = int(sc.payload.get("media_crashes", 0))
    reason = sc.payload.get("media_crash_reason")
    if sc.payload.get("media_running"):
        # The last attempt gave a child this file and never heard back: the worker died too.
        crashes += 1
        reason = reason or "the worker stopped while the media process ran"
    if crashes >= MAX_MEDIA_CRASHES:
        raise _gave_up(crashes, reason)
    await sc.save_payload(media_running=sc.stage, media_crashes=crashes, media_crash_reason=reason)
    pool = sc.job.require_services().media_processes
    try:
        result = await pool.call(function, *args)
    except MediaProcessCrashed as exc:
        crashes += 1
        await sc.save_payload(
            media_running=None, media_crashes=crashes, media_crash_reason=exc.message
        )
        if crashes >= MAX_MEDIA_CRASHES:
            raise _gave_up(crashes, exc.message) from None
        raise TransientError(f"The {exc.message}; the recording will be tried again") from None
    except asyncio.CancelledError:
        # Given back at shutdown or a lost lease: not a crash. (Lost: the write is refused.)
        with contextlib.suppress(Exception):
            await asyncio.shield(sc.save_payload(media_running=None))
        raise
    except BaseException:
        await sc.save_payload(media_running=None)
        raise
    sc.payload = {**sc.payload, "media_running": None}  # saved with the stage's writes
    return result
