"""Real worker processes on the engine under test: no job runs twice at once, and a job whose
worker was SIGKILLed is finished by another after the lease."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import sqlalchemy as sa

from fixtures.factories import Tenant
from meetsight.config import Settings
from meetsight.jobs.models import Job
from meetsight.state import AppState

WORKER = Path(__file__).with_name("record_worker.py")


def _start(settings: Settings, concurrency: int, lease: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            str(WORKER),
            settings.resolved_database_url(),
            str(concurrency),
            str(lease),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    return proc


def _stop(*procs: subprocess.Popen[str]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


async def _enqueue(state: AppState, tenant: Tenant, count: int, **payload: object) -> list[str]:
    async with state.sessionmaker() as session:
        batch = [
            Job(organization_id=tenant.org_id, kind="record", payload=dict(payload))
            for _ in range(count)
        ]
        session.add_all(batch)
        await session.commit()
        return [job.id for job in batch]


async def _states(state: AppState, ids: list[str]) -> dict[str, tuple[str, int]]:
    async with state.sessionmaker() as session:
        rows = await session.execute(
            sa.select(Job.id, Job.state, Job.attempts).where(Job.id.in_(ids))
        )
        return {r.id: (r.state, r.attempts) for r in rows}


async def _wait_done(state: AppState, ids: list[str], seconds: float) -> dict[str, tuple[str, int]]:
    deadline = time.monotonic() + seconds
    found = await _states(state, ids)
    while time.monotonic() < deadline and any(s != "done" for s, _ in found.values()):
        await asyncio.sleep(0.2)
        found = await _states(state, ids)
    return found


def _lines(path: Path, kind: str) -> list[tuple[str, str]]:
    if not path.exists():
        return []
    words = [line.split() for line in path.read_text().splitlines()]
    return [(w[1], w[2]) for w in words if w[0] == kind]


async def test_two_worker_processes_never_run_the_same_job(
    state: AppState, settings: Settings, tenant: Tenant, tmp_path: Path
) -> None:
    log = tmp_path / "runs.log"
    procs = [_start(settings, 2, 30), _start(settings, 2, 30)]  # both polling before any job
    try:
        ids = await _enqueue(state, tenant, 40, file=str(log), sleep=0.05)
        found = await _wait_done(state, ids, 60)
    finally:
        _stop(*procs)
    assert all(v == ("done", 1) for v in found.values()), found
    starts = Counter(job for job, _ in _lines(log, "start") if job in ids)
    assert starts == Counter({job: 1 for job in ids})
    assert len({pid for job, pid in _lines(log, "start") if job in ids}) == 2  # both worked


async def test_a_killed_workers_job_is_finished_by_another(
    state: AppState, settings: Settings, tenant: Tenant, tmp_path: Path
) -> None:
    log = tmp_path / "runs.log"
    [job_id] = await _enqueue(state, tenant, 1, file=str(log), sleep=2.0)
    first = _start(settings, 1, 1.0)
    try:
        for _ in range(400):
            if _lines(log, "start"):
                break
            await asyncio.sleep(0.05)
        assert _lines(log, "start"), "the first worker never started the job"
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        second = _start(settings, 1, 1.0)
        try:
            found = await _wait_done(state, [job_id], 30)
        finally:
            _stop(second)
    finally:
        _stop(first)
    assert found[job_id] == ("done", 2)
    starts, ends = _lines(log, "start"), _lines(log, "end")
    assert [pid for _, pid in starts] == [str(first.pid), str(second.pid)]
    assert ends == [(job_id, str(second.pid))]  # finished once, by the survivor
