"""/metrics in-process on both engines: who may read it, and the queue gauges read from the
jobs table at scrape time (counted for a job kind no other test uses)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import httpx
import pytest

from fixtures.factories import Tenant
from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.db.base import utcnow
from meetsight.jobs.models import Job
from meetsight.state import AppState
from observability.scrape import Scrape


@pytest.fixture
async def token_app(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings.model_copy(update={"metrics_token": "scrape-me"}))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            yield c


async def test_metrics_are_for_loopback_unless_a_token_is_set(
    app_and_state: tuple[object, AppState], token_app: httpx.AsyncClient
) -> None:
    app = app_and_state[0]
    for address, status in (("127.0.0.1", 200), ("::1", 200), ("203.0.113.9", 403)):
        transport = httpx.ASGITransport(app=app, client=(address, 5000))  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            r = await client.get("/metrics")
        assert r.status_code == status, address
    assert r.json()["error"].startswith("metrics: served to loopback clients only")
    assert r.json()["count"] == 0 and r.headers["x-request-id"]

    # With a token: anyone who sends it, nobody who does not (wherever they are).
    r = await token_app.get("/metrics")
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
    r = await token_app.get("/metrics", headers={"authorization": "Bearer wrong"})
    assert r.status_code == 401
    r = await token_app.get("/metrics", headers={"authorization": "Bearer scrape-me"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")


async def test_queue_gauges_count_the_jobs_table(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, engine_name: str
) -> None:
    kind = f"gauge-test-{engine_name}"
    now = utcnow()
    async with state.sessionmaker() as session:
        jobs = [
            Job(organization_id=tenant.org_id, kind=kind, run_at=now - timedelta(seconds=90)),
            Job(organization_id=tenant.org_id, kind=kind, run_at=now - timedelta(seconds=5)),
            Job(organization_id=tenant.org_id, kind=kind, run_at=now + timedelta(hours=1)),
            Job(
                organization_id=tenant.org_id,
                kind=kind,
                state="running",
                lease_until=now + timedelta(minutes=1),
            ),
            Job(
                organization_id=tenant.org_id,
                kind=kind,
                state="running",
                lease_until=now - timedelta(minutes=1),
            ),
            Job(organization_id=tenant.org_id, kind=kind, state="done"),
        ]
        session.add_all(jobs)
        await session.commit()
    scrape = Scrape((await client.get("/metrics")).text)
    depth = {
        s: scrape.value("meetsight_job_queue_depth", kind=kind, state=s)
        for s in ("due", "delayed", "running", "abandoned")
    }
    assert depth == {"due": 2, "delayed": 1, "running": 1, "abandoned": 1}
    age = scrape.value("meetsight_job_queue_oldest_age_seconds", kind=kind)
    assert 90 <= age < 150

    # Emptied: the kind stays, at zero, rather than showing stale numbers.
    async with state.sessionmaker() as session:
        for job in jobs:
            await session.delete(await session.get(Job, (job.organization_id, job.id)))
        await session.commit()
    scrape = Scrape((await client.get("/metrics")).text)
    assert scrape.value("meetsight_job_queue_depth", kind=kind, state="due") == 0
    assert scrape.value("meetsight_job_queue_oldest_age_seconds", kind=kind) == 0
    assert {"kind": kind, "state": "due"} in scrape.labels_of("meetsight_job_queue_depth")
