"""Webhooks across processes: the served API and its worker deliver every status of a processed
upload to a real receiver that refuses the first attempt; read back through the client."""

from __future__ import annotations

import time
from pathlib import Path

import orjson

from fixtures.remote import Remote
from fixtures.webhook_receiver import webhook_receiver
from meetsight.client import MeetsightClient
from meetsight.webhooks.signing import verify_signature

EXPECTED = {"transcript_done", "summary_done", "notes_done", "completed", "deleted"}


def settle(api: MeetsightClient, timeout: float = 300) -> None:
    """Wait until nothing of the organization is still processing."""
    deadline = time.monotonic() + timeout
    while api.meetings.list(status="processing").total + api.calls.list(status="processing").total:
        assert time.monotonic() < deadline, "uploads of earlier tests are still processing"
        time.sleep(0.5)


def test_a_processed_upload_is_announced_end_to_end(remote: Remote, transcript_file: Path) -> None:
    with webhook_receiver([503]) as receiver, MeetsightClient(remote.url, remote.key) as api:
        settle(api)  # other tests' uploads would announce themselves to this endpoint too
        hook = api.webhooks.create(receiver.url)
        assert hook.secret
        try:
            meeting_id = api.meetings.upload(transcript=transcript_file, name="Hooked")
            assert (
                api.meetings.wait(meeting_id, timeout=300, poll_seconds=0.5).status == "completed"
            )
            api.meetings.delete(meeting_id)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                log = list(api.webhooks.iterate_deliveries(hook.id))
                if len(log) == len(EXPECTED) and all(d.state == "delivered" for d in log):
                    break
                time.sleep(0.5)
        finally:
            api.webhooks.delete(hook.id)

    assert {d.payload["data"]["status"] for d in log} == EXPECTED
    assert {d.payload["data"]["meetingId"] for d in log} == {meeting_id}
    retried = [d for d in log if d.attempts == 2]
    assert len(retried) == 1  # the receiver refused one attempt, with 503
    assert [a.status_code for a in retried[0].log] == [503, 200]
    # Six requests: five deliveries, one of them twice with the same id and body.
    assert len(receiver.received) == 6
    by_id: dict[str, set[bytes]] = {}
    for request in receiver.received:
        assert verify_signature(hook.secret, request.headers["meetsight-signature"], request.body)
        by_id.setdefault(request.headers["meetsight-delivery"], set()).add(request.body)
    assert set(by_id) == {d.id for d in log}
    assert all(len(bodies) == 1 for bodies in by_id.values())
    statuses = {orjson.loads(next(iter(b)))["data"]["status"] for b in by_id.values()}
    assert statuses == EXPECTED
