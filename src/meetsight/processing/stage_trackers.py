"""Stage `trackers`: every tracker's mentions in the activity (the organization's own, by words
and meaning, and the built-in ones from the engine's findings; trackers/indexing.py). After
`intelligence`, whose insights the built-in trackers read. Matching by meaning reads the
sentence vectors search stored with the transcript, so this stage embeds only segments stored
before search had vectors (migration 0016)."""

from __future__ import annotations

import asyncio
from typing import Any

from meetsight.activities.models import Activity
from meetsight.db.unit_of_work import read_only
from meetsight.processing.pipeline import StageContext
from meetsight.trackers.indexing import (
    compute_activity,
    load_inputs,
    load_specs,
    matches_by_meaning,
    store_outputs,
)


class TrackersStage:
    """For every activity, after `intelligence`."""

    name = "trackers"
    emits: tuple[str, ...] = ()

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return True

    async def run(self, sc: StageContext) -> None:
        org_id = sc.org_id
        async with read_only(sc.job.sessionmaker) as session:
            specs = await load_specs(session, org_id)
            inputs = await load_inputs(
                session,
                org_id,
                [sc.activity.id],
                with_insights=True,
                with_vectors=matches_by_meaning(specs),
            )
        if not inputs:
            return
        output = await asyncio.to_thread(compute_activity, inputs[0], specs, with_builtins=True)
        async with sc.transaction() as session:
            await store_outputs(session, org_id, [(inputs[0], output)], tracker_ids=None)
