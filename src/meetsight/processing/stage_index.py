"""Stage `index`: the transcript's sentences into the search index, with their vectors for search
by meaning. After `transcribe`, which wrote the segments and the language the index stems in.

The vectors are computed outside the transaction (about 3 ms a sentence: seconds for a long
call); the index entries replace any earlier run's.
"""

from __future__ import annotations

import asyncio
from typing import Any

from meetsight.activities.models import Activity
from meetsight.processing.pipeline import StageContext
from meetsight.processing.stage_media import has_media
from meetsight.search.vectors import preembed
from meetsight.transcripts.importing import index_segments


class IndexStage:
    """Not for an imported transcript, which the upload indexed."""

    name = "index"
    emits: tuple[str, ...] = ()

    def applies(self, activity: Activity, payload: dict[str, Any]) -> bool:
        return has_media(activity, payload)

    async def run(self, sc: StageContext) -> None:
        segments = await sc.segments()
        embedded = await asyncio.to_thread(preembed, [seg.content for seg in segments])
        async with sc.transaction() as session:
            await index_segments(session, sc.org_id, sc.activity.id, segments, embedded)
