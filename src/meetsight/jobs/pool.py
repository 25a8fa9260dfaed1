"""A pool of workers as asyncio tasks: embedded in `meetsight serve`, or `meetsight worker`.
What they run and work with is given (`processing.handlers.worker_pool`: the job kinds'
handlers, the media store, one media child process per worker)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.jobs.context import Handler, Services
from meetsight.jobs.worker import FailureHook, Worker


class WorkerPool:
    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        size: int,
        *,
        services: Services,
        handlers: dict[str, Handler],
        on_failure: FailureHook | None = None,
        warm_up: Callable[[], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        # Run in the background at start (loading the models), beside the first claims.
        self.warm_up = warm_up
        self._warming: asyncio.Task[None] | None = None
        settings = services.settings
        services.media.clear_temp()  # what a killed worker left staged (downloads, thumbnails)
        self.workers = [
            Worker(
                sessionmaker,
                handlers,
                lease_seconds=settings.job_lease_seconds,
                poll_seconds=settings.job_poll_seconds,
                services=services,
                shutdown_grace=settings.worker_shutdown_grace_seconds,
                on_failure=on_failure,
            )
            for _ in range(size)
        ]
        self.media_processes = services.media_processes
        self._stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(w.run(self._stop)) for w in self.workers]
        if self.warm_up is not None:
            self._warming = asyncio.create_task(self.warm_up())

    def wake(self) -> None:
        """A job was just enqueued in this process: look now rather than at the next poll."""
        for worker in self.workers:
            worker.wake.set()

    async def stop(self) -> None:
        """Stop claiming; a job still running after the grace period is given back."""
        self._stop.set()
        if self._warming is not None:
            self._warming.cancel()
            with contextlib.suppress(BaseException):
                await self._warming
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await asyncio.to_thread(self.media_processes.close)

    async def run_until(self, stop: asyncio.Event) -> None:
        self.start()
        await stop.wait()
        await self.stop()
