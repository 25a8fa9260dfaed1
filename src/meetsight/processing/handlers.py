"""Which code runs each kind of job, and what a failed job changes: the pipeline's side of the
job machinery (`meetsight.jobs`), which knows neither."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.activities.status import transition_status
from meetsight.config import Settings
from meetsight.jobs.claims import Claim
from meetsight.jobs.context import Handler, Services
from meetsight.jobs.pool import WorkerPool
from meetsight.jobs.queue import PROCESS_ACTIVITY
from meetsight.media.process import MediaProcessPool
from meetsight.processing.stages import process_activity
from meetsight.storage.factory import open_media_store
from meetsight.trackers.tasks import INDEX_TRACKER, index_tracker
from meetsight.webhooks.delivery import deliver_webhook
from meetsight.webhooks.events import DELIVER_WEBHOOK


def job_handlers() -> dict[str, Handler]:
    return {
        PROCESS_ACTIVITY: process_activity,
        DELIVER_WEBHOOK: deliver_webhook,
        INDEX_TRACKER: index_tracker,
    }


async def announce_failure(session: AsyncSession, claim: Claim, reason: str) -> None:
    """A failed job's activity becomes `failed`, showing why (in the job's failing transaction)."""
    if claim.activity_id:
        await transition_status(
            session, claim.organization_id, claim.activity_id, "failed", failure_reason=reason
        )


def worker_pool(
    sessionmaker: async_sessionmaker[AsyncSession], settings: Settings, size: int
) -> WorkerPool:
    """The workers of `meetsight serve` and `meetsight worker`, running every kind of job."""
    services = Services(
        settings=settings, media=open_media_store(settings), media_processes=MediaProcessPool(size)
    )
    return WorkerPool(
        sessionmaker, size, services=services, handlers=job_handlers(), on_failure=announce_failure
    )
