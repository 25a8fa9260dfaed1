"""Which code runs each kind of job, and what a failed job changes: the pipeline's side of the
job machinery (`meetsight.jobs`), which knows neither."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.activities.status import transition_status
from meetsight.config import Settings
from meetsight.jobs.claims import Claim
from meetsight.jobs.context import Handler, Services
from meetsight.jobs.pool import WorkerPool
from meetsight.jobs.queue import PROCESS_ACTIVITY
from meetsight.media.process import MediaProcessPool
from meetsight.processing.recognition import warm_up as warm_up_models
from meetsight.processing.stages import process_activity
from meetsight.storage.factory import open_media_store
from meetsight.trackers.tasks import INDEX_TRACKER, index_tracker
from meetsight.webhooks.delivery import deliver_webhook
from meetsight.webhooks.events import DELIVER_WEBHOOK

log = logging.getLogger("meetsight.worker")


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
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
    size: int,
    *,
    preload: bool = False,
) -> WorkerPool:
    """The workers of `meetsight serve` and `meetsight worker`, running every kind of job.
    `preload` (`meetsight worker`): each worker's media child loads the recognition model and
    the diarizer at start, in the background, instead of during the first recording."""
    processes = MediaProcessPool(size)
    services = Services(
        settings=settings, media=open_media_store(settings), media_processes=processes
    )

    async def warm_up() -> None:
        await asyncio.gather(*(_warm_up_child(processes, settings) for _ in range(size)))

    return WorkerPool(
        sessionmaker,
        size,
        services=services,
        handlers=job_handlers(),
        on_failure=announce_failure,
        warm_up=warm_up if preload else None,
    )


async def _warm_up_child(processes: MediaProcessPool, settings: Settings) -> None:
    """One idle child loads the models; a failure is only logged: the first job that needs the
    model meets the same error and reports it as it always has."""
    try:
        seconds = await processes.call(warm_up_models, settings)
    except Exception as exc:
        log.warning("worker warm-up failed (the first job will load the models): %s", exc)
    else:
        log.info("worker warm-up: models loaded in %s", seconds)
