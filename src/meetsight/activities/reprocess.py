"""Running an activity's processing again (after a failure, or with a better model)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import repository
from meetsight.activities.kinds import ActivityKind
from meetsight.activities.models import Activity
from meetsight.errors import Conflict, NotFound
from meetsight.jobs.queue import PROCESS_ACTIVITY, enqueue_processing


async def reprocess(
    session: AsyncSession, org_id: str, activity_id: str, kind: ActivityKind
) -> None:
    """Queue a fresh run of every stage; 409 while a run is still queued or running, 404 when
    the activity was deleted after the caller found it."""
    pending = await repository.count_jobs(
        session, org_id, activity_id, PROCESS_ACTIVITY, states=("queued", "running")
    )
    if pending:
        raise Conflict("This recording is still being processed; try again when it finishes")
    # Locked on PostgreSQL: a delete that comes after this read waits for the job, rather than
    # leaving the status update and the job's insert without their row.
    activity = await session.get(Activity, (org_id, activity_id), with_for_update=True)
    if activity is None:  # deleted since the caller found it (the reader is another connection)
        raise NotFound(kind.not_found)
    source = "import" if activity.source == "import" else "media"
    if source == "media" and not activity.media_key and not activity.media_url:
        raise Conflict("There is no recording to process; upload it again")
    activity.status = "processing"
    activity.failure_reason = None
    await enqueue_processing(session, org_id, activity_id, source=source)
    await session.flush()
