"""Webhooks end to end: REST management, events from the pipeline and DELETE, signed deliveries
to a real HTTP receiver that fails the first attempts, the retries and the delivery log."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import orjson
import pytest
import sqlalchemy as sa

from fixtures.factories import make_activity, make_tenant
from fixtures.jobs import drain_jobs
from fixtures.webhook_receiver import Receiver, webhook_receiver
from meetsight.app import create_app
from meetsight.config import Settings
from meetsight.jobs.models import Job
from meetsight.jobs.queue import enqueue_processing
from meetsight.state import AppState
from meetsight.webhooks.events import DELIVER_WEBHOOK
from meetsight.webhooks.signing import verify_signature

API = "/api/v1"


@pytest.fixture(scope="module")
async def private_client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The API of an app that allows webhooks to loopback (where the test receiver listens)."""
    app = create_app(settings.model_copy(update={"webhook_allow_private": True}))
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            yield c


def worker_settings(settings: Settings, **changes: Any) -> Settings:
    """The worker's: loopback allowed, and retries due at once instead of minutes apart."""
    chosen = {"webhook_allow_private": True, "webhook_retry_delays": [0, 0, 0]}
    return settings.model_copy(update={**chosen, **changes})


async def create_hook(client: httpx.AsyncClient, headers: dict[str, str], url: str) -> dict:
    answer = await client.post(f"{API}/webhooks", json={"url": url}, headers=headers)
    assert answer.status_code == 201, answer.text
    return answer.json()["data"]


async def deliveries(client: httpx.AsyncClient, headers: dict[str, str], hook_id: str) -> list:
    answer = await client.get(f"{API}/webhooks/{hook_id}/deliveries", headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def statuses_received(receiver: Receiver) -> list[str]:
    return [orjson.loads(r.body)["data"]["status"] for r in receiver.received]


async def test_failing_receiver_gets_retries_with_one_delivery_id(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver([500, 503]) as receiver:
        hook = await create_hook(private_client, tenant.headers, receiver.url)
        assert hook["secret"].startswith("whsec_")
        activity_id = await make_activity(state, tenant, is_call=True, name="Renewal call")
        gone = await private_client.delete(f"{API}/calls/{activity_id}", headers=tenant.headers)
        assert gone.status_code == 200
        # Other tests' jobs may share the table: the receiver's count is the one that matters.
        assert await drain_jobs(state, settings=worker_settings(settings)) >= 3

    assert len(receiver.received) == 3
    ids = {r.headers["meetsight-delivery"] for r in receiver.received}
    assert len(ids) == 1  # the same delivery, retried
    assert {r.body for r in receiver.received} == {receiver.received[0].body}
    for r in receiver.received:
        assert r.headers["meetsight-event"] == "meeting_status_changed"
        assert r.headers["content-type"] == "application/json"
        assert verify_signature(hook["secret"], r.headers["meetsight-signature"], r.body)
        assert not verify_signature("whsec_wrong", r.headers["meetsight-signature"], r.body)
    payload = orjson.loads(receiver.received[0].body)
    assert payload["id"] == ids.pop()
    assert payload["data"] == {
        "objectType": "call",
        "callId": activity_id,
        "status": "deleted",
        "name": "Renewal call",
        "failureReason": None,
    }

    [log] = await deliveries(private_client, tenant.headers, hook["id"])
    assert log["id"] == payload["id"]
    assert log["state"] == "delivered"
    assert log["attempts"] == 3
    assert [a["statusCode"] for a in log["log"]] == [500, 503, 200]
    assert [a["attempt"] for a in log["log"]] == [1, 2, 3]
    assert log["log"][0]["error"] == "The endpoint answered 500 Internal Server Error"
    assert log["log"][2]["error"] is None
    assert all(a["durationMs"] >= 0 for a in log["log"])
    assert log["payload"] == payload


async def test_delivery_fails_when_the_schedule_is_spent(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver([500] * 10) as receiver:
        hook = await create_hook(private_client, tenant.headers, receiver.url)
        activity_id = await make_activity(state, tenant)
        await private_client.delete(f"{API}/meetings/{activity_id}", headers=tenant.headers)
        await drain_jobs(state, settings=worker_settings(settings, webhook_retry_delays=[0, 0]))
    assert len(receiver.received) == 3  # the first attempt and two retries
    [log] = await deliveries(private_client, tenant.headers, hook["id"])
    assert log["state"] == "failed"
    assert [a["statusCode"] for a in log["log"]] == [500, 500, 500]
    async with state.sessionmaker() as session:
        job_states = (
            await session.scalars(
                sa.select(Job.state).where(
                    Job.organization_id == tenant.org_id, Job.kind == DELIVER_WEBHOOK
                )
            )
        ).all()
    assert job_states == ["failed"]


async def test_retry_waits_for_its_delay(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver([500]) as receiver:
        hook = await create_hook(private_client, tenant.headers, receiver.url)
        activity_id = await make_activity(state, tenant)
        await private_client.delete(f"{API}/meetings/{activity_id}", headers=tenant.headers)
        await drain_jobs(state, settings=worker_settings(settings, webhook_retry_delays=[600]))
    assert len(receiver.received) == 1  # the retry is not due for ten minutes
    [log] = await deliveries(private_client, tenant.headers, hook["id"])
    assert log["state"] == "pending"
    assert log["nextAttemptAt"] is not None and log["nextAttemptAt"] > log["createdAt"]
    # Deleting the endpoint leaves the queued job nothing to send: it ends quietly, later.
    gone = await private_client.delete(f"{API}/webhooks/{hook['id']}", headers=tenant.headers)
    assert gone.status_code == 200


async def test_loopback_is_refused_unless_allowed(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver() as receiver:
        hook = await create_hook(private_client, tenant.headers, receiver.url)
        activity_id = await make_activity(state, tenant)
        await private_client.delete(f"{API}/meetings/{activity_id}", headers=tenant.headers)
        refusing = worker_settings(settings, webhook_allow_private=False)
        await drain_jobs(state, settings=refusing)
    assert receiver.received == []
    [log] = await deliveries(private_client, tenant.headers, hook["id"])
    assert log["state"] == "failed"  # not retried: a refusal stays a refusal
    [attempt] = log["log"]
    assert attempt["statusCode"] is None
    assert "loopback" in attempt["error"]


async def test_processing_announces_each_status(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver() as receiver:
        await create_hook(private_client, tenant.headers, receiver.url)
        activity_id = await make_activity(state, tenant, status="processing")
        async with state.sessionmaker() as session:
            await enqueue_processing(session, tenant.org_id, activity_id, source="import")
            await session.commit()
        await drain_jobs(state, settings=worker_settings(settings))
    assert statuses_received(receiver) == [
        "transcript_done",
        "summary_done",
        "notes_done",
        "completed",
    ]
    payload = orjson.loads(receiver.received[0].body)
    assert payload["data"]["meetingId"] == activity_id
    assert payload["data"]["objectType"] == "meeting"


async def test_failed_processing_is_announced_with_its_reason(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver() as receiver:
        await create_hook(private_client, tenant.headers, receiver.url)
        # A stored "recording" that is only a WAV header: the media stage cannot read it.
        await make_activity(state, tenant, status="processing", with_media=True)
        await drain_jobs(state, settings=worker_settings(settings))
    assert statuses_received(receiver) == ["failed"]
    data = orjson.loads(receiver.received[0].body)["data"]
    assert data["failureReason"].startswith("The recording cannot be read")


async def test_inactive_and_unsubscribed_endpoints_get_nothing(
    state: AppState, private_client: httpx.AsyncClient, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver() as receiver:
        hook = await create_hook(private_client, tenant.headers, receiver.url)
        off = await private_client.patch(
            f"{API}/webhooks/{hook['id']}", json={"active": False}, headers=tenant.headers
        )
        assert off.status_code == 200 and off.json()["data"]["active"] is False
        assert off.json()["data"]["secret"] is None  # shown once, at creation
        activity_id = await make_activity(state, tenant)
        await private_client.delete(f"{API}/meetings/{activity_id}", headers=tenant.headers)
        await drain_jobs(state, settings=worker_settings(settings))
    assert receiver.received == []
    assert await deliveries(private_client, tenant.headers, hook["id"]) == []
