"""The job queue with the real worker: claims, leases, heartbeats, retries, failures, shutdown."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from meetsight.activities.models import Activity
from meetsight.db.base import utcnow
from meetsight.jobs import claims
from meetsight.jobs.context import JobContext
from meetsight.jobs.errors import PermanentError, TransientError
from meetsight.jobs.models import Job
from meetsight.jobs.worker import INTERNAL_FAILURE, Worker
from meetsight.processing.handlers import announce_failure
from meetsight.state import AppState


async def _enqueue(state: AppState, tenant: Tenant, kind: str, **payload: object) -> str:
    async with state.sessionmaker() as session:
        job = Job(organization_id=tenant.org_id, kind=kind, payload=dict(payload))
        session.add(job)
        await session.commit()
        return job.id


async def _job(state: AppState, job_id: str) -> Job:
    async with state.sessionmaker() as session:
        job = await session.get(Job, (await _org_of(state, job_id), job_id))
        assert job is not None
        return job


async def _org_of(state: AppState, job_id: str) -> str:
    async with state.sessionmaker() as session:
        return (
            await session.execute(sa.select(Job.organization_id).where(Job.id == job_id))
        ).scalar_one()


async def test_claim_is_exclusive_until_the_lease_expires(state: AppState, tenant: Tenant) -> None:
    job_id = await _enqueue(state, tenant, "exclusive")
    first = await claims.claim_next(
        state.sessionmaker, "w1", lease_seconds=0.3, kinds=("exclusive",)
    )
    assert first is not None and first.job_id == job_id and first.attempts == 1
    assert (
        await claims.claim_next(state.sessionmaker, "w2", lease_seconds=30, kinds=("exclusive",))
        is None
    )

    await asyncio.sleep(0.5)  # w1 went silent past its lease
    second = await claims.claim_next(
        state.sessionmaker, "w2", lease_seconds=30, kinds=("exclusive",)
    )
    assert second is not None and second.job_id == job_id and second.attempts == 2
    # The stale claim is fenced off: it can neither extend nor finish the job.
    assert not await claims.heartbeat(state.sessionmaker, first, lease_seconds=30)
    async with state.sessionmaker() as session:
        assert not await claims.finish(session, first)
        assert await claims.finish(session, second)
        await session.commit()
    assert (await _job(state, job_id)).state == "done"


async def test_heartbeats_keep_a_long_job(state: AppState, tenant: Tenant) -> None:
    job_id = await _enqueue(state, tenant, "long")
    calls: list[int] = []

    async def long(ctx: JobContext) -> None:
        calls.append(ctx.claim.attempts)
        await asyncio.sleep(1.0)  # more than three leases

    worker = Worker(state.sessionmaker, {"long": long}, lease_seconds=0.3, worker_id="hb")
    rival = Worker(state.sessionmaker, {"long": long}, lease_seconds=0.3, worker_id="rival")
    running = asyncio.create_task(worker.run_once())
    await asyncio.sleep(0.6)
    assert not await rival.run_once()  # the lease was renewed: nothing to take over
    assert await running
    job = await _job(state, job_id)
    assert (job.state, job.attempts, calls) == ("done", 1, [1])


async def test_permanent_error_fails_job_and_activity(state: AppState, tenant: Tenant) -> None:
    activity_id = await make_activity(state, tenant, status="processing", segments=0)
    async with state.sessionmaker() as session:
        job = Job(organization_id=tenant.org_id, kind="corrupt", activity_id=activity_id)
        session.add(job)
        await session.commit()
        job_id = job.id

    async def corrupt(ctx: JobContext) -> None:
        raise PermanentError("The file is not a recording meetsight can decode")

    assert await Worker(
        state.sessionmaker, {"corrupt": corrupt}, on_failure=announce_failure
    ).run_once()
    job = await _job(state, job_id)
    assert (job.state, job.attempts) == ("failed", 1)
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, activity_id))
        assert activity is not None
        assert activity.status == "failed"
        assert activity.failure_reason == "The file is not a recording meetsight can decode"


async def test_transient_errors_back_off_then_fail(state: AppState, tenant: Tenant) -> None:
    job_id = await _enqueue(state, tenant, "flaky")
    async with state.sessionmaker() as session:
        await session.execute(sa.update(Job).where(Job.id == job_id).values(max_attempts=2))
        await session.commit()

    async def flaky(ctx: JobContext) -> None:
        raise TransientError("The media server answered 503")

    worker = Worker(state.sessionmaker, {"flaky": flaky})
    before = utcnow()
    assert await worker.run_once()
    job = await _job(state, job_id)
    assert (job.state, job.attempts) == ("queued", 1)
    assert job.last_error == "TransientError: The media server answered 503"
    assert before + timedelta(seconds=7) <= job.run_at <= utcnow() + timedelta(seconds=13)
    assert not await worker.run_once()  # not due yet

    async with state.sessionmaker() as session:
        await session.execute(sa.update(Job).where(Job.id == job_id).values(run_at=utcnow()))
        await session.commit()
    assert await worker.run_once()
    job = await _job(state, job_id)
    assert (job.state, job.attempts, job.last_error) == (
        "failed",
        2,
        "The media server answered 503",
    )


async def test_unexpected_exception_reads_as_internal(state: AppState, tenant: Tenant) -> None:
    job_id = await _enqueue(state, tenant, "buggy")
    async with state.sessionmaker() as session:
        await session.execute(sa.update(Job).where(Job.id == job_id).values(max_attempts=1))
        await session.commit()

    async def buggy(ctx: JobContext) -> None:
        raise KeyError("segments")

    assert await Worker(state.sessionmaker, {"buggy": buggy}).run_once()
    job = await _job(state, job_id)
    assert (job.state, job.last_error) == ("failed", INTERNAL_FAILURE)


async def test_stopping_gives_the_running_job_back(state: AppState, tenant: Tenant) -> None:
    job_id = await _enqueue(state, tenant, "stoppable")
    started = asyncio.Event()

    async def slow(ctx: JobContext) -> None:
        started.set()
        await asyncio.sleep(30)

    stop = asyncio.Event()
    worker = Worker(state.sessionmaker, {"stoppable": slow}, lease_seconds=30)
    task = asyncio.create_task(worker.run(stop))
    await asyncio.wait_for(started.wait(), 5)
    stop.set()
    await asyncio.wait_for(task, 5)
    job = await _job(state, job_id)
    assert (job.state, job.attempts, job.worker_id) == ("queued", 0, None)


def test_backoff_grows_and_is_capped() -> None:
    rng = random.Random(1)
    waits = [claims.backoff_seconds(n, rng) for n in (1, 2, 3, 10, 30)]
    assert 7.5 <= waits[0] <= 12.5 and 15 <= waits[1] <= 25 and 30 <= waits[2] <= 50
    assert 450 <= waits[3] <= 750 and 450 <= waits[4] <= 750
