"""`meetsight worker`: workers in their own process, stopped cleanly by SIGTERM or SIGINT (a
running job gets worker_shutdown_grace_seconds to finish, else it is given back at once)."""

from __future__ import annotations

import asyncio
import logging
import signal

from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.observability.logs import configure_logging
from meetsight.observability.worker_metrics import start_worker_metrics
from meetsight.processing.pool import WorkerPool

log = logging.getLogger("meetsight.worker")


async def _main(settings: Settings, concurrency: int) -> None:
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
    pool = WorkerPool(create_sessionmaker(engine), settings, concurrency)
    log.info("meetsight worker: %d worker(s) started", concurrency)
    try:
        await pool.run_until(stop)
    finally:
        if metrics is not None:
            metrics.close()
        await engine.dispose()
    log.info("meetsight worker: stopped; running jobs were finished or given back to the queue")


def run_worker_process(settings: Settings, concurrency: int) -> None:
    configure_logging(settings)
    asyncio.run(_main(settings, concurrency))
