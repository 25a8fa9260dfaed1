"""Workers: claim a job, keep its lease alive while it runs, and record how it ended.

The same loop runs embedded in `meetsight serve` (a few asyncio tasks) and as `meetsight worker`
(its own process, any number of machines). A job whose worker dies is taken again once its lease
runs out; its stages are idempotent, so running it again leaves one result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from meetsight.db.unit_of_work import unit_of_work
from meetsight.jobs import claims
from meetsight.jobs.claims import Claim
from meetsight.jobs.context import Handler, JobContext, Services
from meetsight.jobs.errors import LeaseLost, PermanentError
from meetsight.observability.context import job_id_var, request_id_var
from meetsight.observability.metrics import observe_job

log = logging.getLogger("meetsight.worker")
INTERNAL_FAILURE = "Processing failed on an internal error; it has been logged"

# What else a failed job changes, in the transaction that fails it (the pipeline marks the
# activity `failed` with the reason: processing.handlers.announce_failure).
FailureHook = Callable[[AsyncSession, Claim, str], Awaitable[None]]


def new_worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class Worker:
    def __init__(
        self,
        sessionmaker: async_sessionmaker[AsyncSession],
        handlers: dict[str, Handler],
        *,
        lease_seconds: float = 60.0,
        poll_seconds: float = 1.0,
        worker_id: str | None = None,
        services: Services | None = None,
        shutdown_grace: float = 0.0,
        on_failure: FailureHook | None = None,
    ) -> None:
        self.on_failure = on_failure
        self.services = services
        self.shutdown_grace = shutdown_grace
        self.sessionmaker = sessionmaker
        self.handlers = handlers
        self.lease_seconds = lease_seconds
        self.poll_seconds = poll_seconds
        self.worker_id = worker_id or new_worker_id()
        self.wake = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        """Work until `stop` is set; a job running then is given back for another worker."""
        while not stop.is_set():
            try:
                ran = await self.run_once(stop)
            except Exception:  # the database may be briefly unreachable: keep the loop alive
                log.exception("worker %s: claiming failed", self.worker_id)
                ran = False
            if not ran:
                await self._idle(stop)

    async def _idle(self, stop: asyncio.Event) -> None:
        """Sleep until the poll interval passes, a job is enqueued here, or stop is asked."""
        self.wake.clear()
        waits = [asyncio.ensure_future(e.wait()) for e in (stop, self.wake)]
        try:
            await asyncio.wait(waits, timeout=self.poll_seconds, return_when="FIRST_COMPLETED")
        finally:
            for w in waits:
                w.cancel()

    async def run_once(self, stop: asyncio.Event | None = None) -> bool:
        """Claim and run one job; False when none was runnable."""
        claim = await claims.claim_next(
            self.sessionmaker,
            self.worker_id,
            lease_seconds=self.lease_seconds,
            kinds=tuple(self.handlers),
        )
        if claim is None:
            return False
        await self._execute(claim, stop or asyncio.Event())
        return True

    async def _execute(self, claim: Claim, stop: asyncio.Event) -> None:
        # Log lines of this job name it and the request that queued it (the handler's task
        # copies this context when it is created below).
        request_token = request_id_var.set(claim.payload.get("request_id"))
        job_token = job_id_var.set(claim.job_id)
        started = time.perf_counter()
        try:
            outcome = await self._run_claimed(claim, stop)
        finally:
            job_id_var.reset(job_token)
            request_id_var.reset(request_token)
        observe_job(claim.kind, outcome, time.perf_counter() - started)

    async def _run_claimed(self, claim: Claim, stop: asyncio.Event) -> str:
        """Run the job; returns how it ended (a metrics label)."""
        if claim.attempts > claim.max_attempts:
            # Taken over after its lease expired more often than it may be tried.
            await self._record_failure(claim, "Processing was interrupted too many times")
            return "failed"
        log.info("job %s (%s) attempt %d started", claim.job_id, claim.kind, claim.attempts)
        handler = self.handlers[claim.kind]
        work = asyncio.ensure_future(handler(JobContext(claim, self.sessionmaker, self.services)))
        keeper = asyncio.ensure_future(self._keep_lease(claim, work))
        try:
            if not await self._finished_before_stop(work, stop):
                # Shutting down and the job did not end within the grace period: give it
                # back, runnable at once by another worker, rather than wait for its lease.
                work.cancel()
                with contextlib.suppress(BaseException):
                    await work
                await claims.release(self.sessionmaker, claim)
                log.info("job %s released at shutdown", claim.job_id)
                return "released"
        finally:
            keeper.cancel()
        return await self._record_outcome(claim, work)

    async def _finished_before_stop(self, work: asyncio.Future[None], stop: asyncio.Event) -> bool:
        """Wait for the job; once stop is asked, wait at most `shutdown_grace` seconds more."""
        stopper: asyncio.Future[Any] = asyncio.ensure_future(stop.wait())
        waits: list[asyncio.Future[Any]] = [work, stopper]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopper.cancel()
        if work.done():
            return True
        if self.shutdown_grace > 0:
            await asyncio.wait([work], timeout=self.shutdown_grace)
        return work.done()

    async def _keep_lease(self, claim: Claim, work: asyncio.Future[None]) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                held = await claims.heartbeat(
                    self.sessionmaker, claim, lease_seconds=self.lease_seconds
                )
            except Exception:
                log.exception("heartbeat failed for job %s", claim.job_id)
                continue
            if not held:
                log.warning("job %s: lease lost, stopping", claim.job_id)
                work.cancel()
                return

    async def _record_outcome(self, claim: Claim, work: asyncio.Future[None]) -> str:
        if work.cancelled():
            return "lease_lost"  # the job belongs to another worker now
        error = work.exception()
        if error is None:
            # Handlers may finish the job in their last transaction; otherwise it ends here.
            async with unit_of_work(self.sessionmaker) as session:
                await claims.finish(session, claim)
            log.info("job %s done", claim.job_id)
            return "done"
        if isinstance(error, LeaseLost):
            return "lease_lost"
        if isinstance(error, PermanentError):
            await self._record_failure(claim, str(error))
            return "failed"
        log.error("job %s attempt %d failed", claim.job_id, claim.attempts, exc_info=error)
        reason = str(error) if getattr(error, "transient", False) else INTERNAL_FAILURE
        if claim.attempts >= claim.max_attempts:
            await self._record_failure(claim, reason)
            return "failed"
        async with unit_of_work(self.sessionmaker) as session:
            await claims.retry_later(session, claim, f"{type(error).__name__}: {error}")
        return "retried"

    async def _record_failure(self, claim: Claim, reason: str) -> None:
        """The job ends `failed`, and `on_failure` records it where it shows (an activity)."""
        async with unit_of_work(self.sessionmaker) as session:
            if await claims.fail(session, claim, reason) and self.on_failure is not None:
                await self.on_failure(session, claim, reason)
