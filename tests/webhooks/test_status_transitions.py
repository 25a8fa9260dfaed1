"""Each status change of an activity is written with its webhook event, exactly once, by the one
`transition_status` (issue 21: it was written out in the pipeline, the worker and the delete)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import orjson
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.jobs import drain_jobs
from fixtures.webhook_receiver import webhook_receiver
from meetsight.activities.models import Activity
from meetsight.activities.status import Announced, transition_status
from meetsight.config import Settings
from meetsight.jobs.queue import enqueue_processing
from meetsight.state import AppState
from meetsight.webhooks.models import WebhookDelivery, WebhookEndpoint
from meetsight.webhooks.names import MEETING_STATUS_CHANGED

SRC = Path(__file__).resolve().parents[2] / "src" / "meetsight"


async def subscribe(state: AppState, tenant: Tenant, url: str) -> str:
    async with state.sessionmaker() as session:
        endpoint = WebhookEndpoint(
            organization_id=tenant.org_id,
            url=url,
            secret="whsec_test",
            events=[MEETING_STATUS_CHANGED],
        )
        session.add(endpoint)
        await session.commit()
        return endpoint.id


async def queued_bodies(state: AppState, endpoint_id: str) -> list[bytes]:
    """The bodies of every event queued for the endpoint."""
    query = sa.select(WebhookDelivery.body).where(WebhookDelivery.endpoint_id == endpoint_id)
    async with state.sessionmaker() as session:
        return list((await session.scalars(query)).all())


async def announced(state: AppState, endpoint_id: str) -> Counter[tuple[str, str]]:
    """(activity id, status) of every event queued for the endpoint, counted."""
    found: Counter[tuple[str, str]] = Counter()
    for body in await queued_bodies(state, endpoint_id):
        data = orjson.loads(body)["data"]
        found[(data.get("meetingId") or data.get("callId"), data["status"])] += 1
    return found


async def test_processing_failure_and_delete_each_announce_once(
    state: AppState, settings: Settings
) -> None:
    tenant = await make_tenant(state)
    with webhook_receiver() as receiver:
        endpoint_id = await subscribe(state, tenant, receiver.url)
        done = await make_activity(state, tenant, status="processing")
        async with state.sessionmaker() as session:
            await enqueue_processing(session, tenant.org_id, done, source="import")
            await session.commit()
        # A stored "recording" that is only a WAV header: the media stage cannot read it.
        broken = await make_activity(state, tenant, status="processing", with_media=True)
        await drain_jobs(
            state, settings=settings.model_copy(update={"webhook_allow_private": True})
        )
    async with state.sessionmaker() as session:
        status = await session.scalar(
            sa.select(Activity.status).where(
                Activity.organization_id == tenant.org_id, Activity.id == done
            )
        )
        assert status == "completed"
        # Deleted twice (two requests racing): the second finds nothing to delete.
        assert await transition_status(session, tenant.org_id, done, "deleted")
        assert not await transition_status(session, tenant.org_id, done, "deleted")
        await session.commit()
    events = await announced(state, endpoint_id)
    assert events == Counter(
        {
            (done, "transcript_done"): 1,
            (done, "summary_done"): 1,
            (done, "notes_done"): 1,
            (done, "completed"): 1,
            (broken, "failed"): 1,
            (done, "deleted"): 1,
        }
    )


async def test_each_change_writes_its_status_and_announces_it_once(state: AppState) -> None:
    tenant = await make_tenant(state)
    endpoint_id = await subscribe(state, tenant, "https://hooks.example.com/in")
    activity_id = await make_activity(state, tenant, is_call=True, status="processing")
    snapshot = Announced(is_call=True, name="Acme discovery")

    async def change(status: str, **extra: object) -> bool:
        async with state.sessionmaker() as session:
            changed = await transition_status(session, tenant.org_id, activity_id, status, **extra)
            await session.commit()
            return changed

    async def stored() -> tuple[str, str | None]:
        async with state.sessionmaker() as session:
            row = (
                await session.execute(
                    sa.select(Activity.status, Activity.failure_reason).where(
                        Activity.organization_id == tenant.org_id, Activity.id == activity_id
                    )
                )
            ).one()
            return row.status, row.failure_reason

    assert await change("transcript_done", activity=snapshot)
    assert await stored() == ("processing", None)  # a milestone writes no status
    assert await change("completed")
    assert await stored() == ("completed", None)
    assert not await change("completed")  # only from processing: not announced again
    assert await change("failed", failure_reason="The recording cannot be read")
    assert await stored() == ("failed", "The recording cannot be read")
    assert not await change("completed")  # a failed activity is not completed by a late job
    with pytest.raises(ValueError):
        await change("summary_done")  # a milestone needs the activity's kind and name
    with pytest.raises(ValueError):
        await change("archived")
    assert await announced(state, endpoint_id) == Counter(
        {
            (activity_id, "transcript_done"): 1,
            (activity_id, "completed"): 1,
            (activity_id, "failed"): 1,
        }
    )
    bodies = await queued_bodies(state, endpoint_id)
    data = {orjson.loads(b)["data"]["status"]: orjson.loads(b)["data"] for b in bodies}
    assert data["failed"] == {
        "objectType": "call",
        "callId": activity_id,
        "status": "failed",
        "name": "Acme discovery",
        "failureReason": "The recording cannot be read",
    }
    assert data["completed"]["failureReason"] is None


def test_only_transition_status_emits_status_events() -> None:
    """No other module writes a status event on its own. (A status set without an event is
    not looked for: reprocess puts an activity back to `processing`, which is not announced.)"""
    callers = []
    for path in SRC.rglob("*.py"):
        if path.parent.name == "webhooks" or path == SRC / "activities" / "status.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Name | ast.Attribute):
                name = node.id if isinstance(node, ast.Name) else node.attr
                if name == "emit_status":
                    callers.append(str(path.relative_to(SRC)))
    assert callers == []
