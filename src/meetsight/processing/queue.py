"""Putting work on the durable jobs table (the worker that takes it arrives with processing)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.processing.models import Job

PROCESS_ACTIVITY = "process_activity"


async def enqueue_processing(session: AsyncSession, org_id: str, activity_id: str) -> Job:
    """Queue the processing of an activity in the caller's transaction."""
    job = Job(organization_id=org_id, kind=PROCESS_ACTIVITY, activity_id=activity_id)
    session.add(job)
    await session.flush()
    return job
