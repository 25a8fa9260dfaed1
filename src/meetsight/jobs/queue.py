"""Putting work on the durable jobs table, in the transaction of the change that needs it."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.jobs.models import Job
from meetsight.observability.context import current_request_id

PROCESS_ACTIVITY = "process_activity"


async def enqueue_processing(
    session: AsyncSession, org_id: str, activity_id: str, *, source: str = "media"
) -> Job:
    """Queue the processing of an activity in the caller's transaction. `source` "import" means
    the segments are already stored: the media stages have nothing to do."""
    job = Job(
        organization_id=org_id,
        kind=PROCESS_ACTIVITY,
        activity_id=activity_id,
        payload=_with_request_id({"source": source}),
    )
    session.add(job)
    await session.flush()
    return job


def _with_request_id(payload: dict[str, str]) -> dict[str, str]:
    """The id of the request that queues the job travels with it: the worker logs it."""
    request_id = current_request_id()
    return {**payload, "request_id": request_id} if request_id else payload
