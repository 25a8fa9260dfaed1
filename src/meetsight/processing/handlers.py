"""Which code runs each kind of job."""

from __future__ import annotations

from meetsight.jobs.context import Handler
from meetsight.jobs.queue import PROCESS_ACTIVITY
from meetsight.processing.stages import process_activity
from meetsight.trackers.tasks import INDEX_TRACKER, index_tracker
from meetsight.webhooks.delivery import deliver_webhook
from meetsight.webhooks.events import DELIVER_WEBHOOK


def job_handlers() -> dict[str, Handler]:
    return {
        PROCESS_ACTIVITY: process_activity,
        DELIVER_WEBHOOK: deliver_webhook,
        INDEX_TRACKER: index_tracker,
    }
