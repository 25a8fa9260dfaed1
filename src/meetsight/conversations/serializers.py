"""A conversation's summary in the spec's JSON shape, with its next steps' records (accounts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meetsight.accounts.next_step_records import with_step_fields
from meetsight.activities.kinds import ActivityKind
from meetsight.activities.serializers import compact
from meetsight.intelligence.models import ActivitySummary


def serialize_summary(
    summary: ActivitySummary | None,
    kind: ActivityKind,
    activity_id: str,
    step_records: Mapping[tuple[str, str], Any] | None = None,
) -> dict[str, Any]:
    """`step_records` (accounts.next_step_records.records_by_key) add each next step's id,
    state and any proposal to the spec's action, actors and deadline."""
    data: dict[str, Any] = {kind.id_key: activity_id}
    if summary is None:
        return data
    data.update(
        summary=summary.summary,
        nextSteps=with_step_fields(
            activity_id,
            [
                {
                    "action": s["action"],
                    "actors": list(s.get("actors", [])),
                    "deadline": s.get("deadline") or "",
                }
                for s in summary.next_steps
            ],
            step_records or {},
        ),
        aiOpinion=summary.ai_opinion,
        # Which engine wrote it, and why the configured one did not when it fell back.
        engine=summary.engine,
        engineError=summary.engine_error,
    )
    if kind.is_call:
        data["insights"] = summary.insights or {}
    else:
        data["topics"] = [
            {"title": t["title"], "description": t.get("description", "")} for t in summary.topics
        ]
    return compact(data)
