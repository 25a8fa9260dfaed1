"""`meetsight worker`: workers in their own process, stopped cleanly by SIGTERM or SIGINT."""

from __future__ import annotations

import asyncio
import logging
import signal

from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
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
    pool = WorkerPool(create_sessionmaker(engine), settings, concurrency)
    log.info("meetsight worker: %d worker(s) started", concurrency)
    try:
        await pool.run_until(stop)
    finally:
        await engine.dispose()
    log.info("meetsight worker: stopped; running jobs were given back to the queue")


def run_worker_process(settings: Settings, concurrency: int) -> None:
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    asyncio.run(_main(settings, concurrency))
