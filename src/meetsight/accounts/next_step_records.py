"""Next steps as stored rows with a stable id and a state that survives reprocessing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import steps_repository
from meetsight.accounts.folding import fold_name, step_key
from meetsight.accounts.models import NextStepRecord


def step_keys(actions: Sequence[str]) -> list[str]:
    """The key of each action in order; a repeated action gets the next occurrence number."""
    seen: dict[str, int] = {}
    keys = []
    for action in actions:
        folded = fold_name(action)
        keys.append(step_key(action, seen.get(folded, 0)))
        seen[folded] = seen.get(folded, 0) + 1
    return keys


async def record_next_steps(
    session: AsyncSession, org_id: str, activity_id: str, actions: Sequence[str]
) -> None:
    """Match an engine run's next steps to the stored rows by key: a step found again keeps its
    id, state and proposal; a new one starts open; one no longer produced stays, not current
    (its state is the user's and is not thrown away)."""
    existing = {
        row.step_key: row
        for row in await steps_repository.records_of_activity(session, org_id, activity_id)
    }
    keys = step_keys(actions)
    for position, (key, action) in enumerate(zip(keys, actions, strict=True)):
        row = existing.pop(key, None)
        if row is None:
            session.add(
                NextStepRecord(
                    organization_id=org_id,
                    activity_id=activity_id,
                    step_key=key,
                    action=action,
                    position=position,
                )
            )
        else:
            row.action, row.position, row.current = action, position, True
    for row in existing.values():
        row.current = False
    await session.flush()


async def records_by_key(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> dict[tuple[str, str], NextStepRecord]:
    """The stored rows of these activities, by (activity id, step key)."""
    if not activity_ids:
        return {}
    rows = await steps_repository.records_of(session, org_id, activity_ids)
    return {(r.activity_id, r.step_key): r for r in rows}


def step_fields(record: NextStepRecord | None) -> dict[str, Any]:
    """What a summary's next step gains from its row: id, state and any proposal. Added fields
    only; the spec's action, actors and deadline keep their shape."""
    if record is None:
        return {}
    fields: dict[str, Any] = {"id": record.id, "state": record.state}
    if record.proposed_state is not None:
        fields["proposedState"] = record.proposed_state
        fields["proposedBy"] = {
            "activityId": record.proposed_by_activity_id,
            "startTime": record.proposed_at_seconds,
            "quote": record.proposed_quote,
        }
    return fields


def with_step_fields(
    activity_id: str,
    steps: Sequence[dict[str, Any]],
    records: Mapping[tuple[str, str], NextStepRecord],
) -> list[dict[str, Any]]:
    """`steps` (serialized next steps, in stored order) with their rows' fields added."""
    keys = step_keys([s["action"] for s in steps])
    return [
        {**step, **step_fields(records.get((activity_id, key)))}
        for step, key in zip(steps, keys, strict=True)
    ]
