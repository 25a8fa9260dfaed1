"""`meetsight worker`: workers in their own process, stopped cleanly by SIGTERM or SIGINT (a
running job gets worker_shutdown_grace_seconds to finish, else it is given back at once)."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.jobs.pool import WorkerPool
from meetsight.observability.logs import configure_logging
from meetsight.observability.worker_metrics import start_worker_metrics

log = logging.getLogger("meetsight.worker")

# The pool of the given size on the given database (`processing.handlers.worker_pool`).
PoolFactory = Callable[[async_sessionmaker[AsyncSession], Settings, int], WorkerPool]


async def _main(settings: Settings, concurrency: int, build_pool: PoolFactory) -> None:
    url = settings.resolved_database_url()
    await upgrade_async(url)
    engine = create_engine(url)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    metrics = None
    if settings.worker_metrics_port is not None:
        metrics = await start_worker_metrics(
            settings.worker_metrics_host, settings.worker_metrics_port, settings.metrics_token
        )
    pool = build_pool(create_sessionmaker(engine), settings, concurrency)
    log.info("meetsight worker: %d worker(s) started", concurrency)
    try:
        await pool.run_until(stop)
    finally:
        if metrics is not None:
            metrics.close()
        await engine.dispose()
    log.info("meetsight worker: stopped; running jobs were finished or given back to the queue")


def run_worker_process(settings: Settings, concurrency: int, build_pool: PoolFactory) -> None:
    configure_logging(settings)
    asyncio.run(_main(settings, concurrency, build_pool))
