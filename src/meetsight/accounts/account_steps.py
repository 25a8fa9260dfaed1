"""Next steps across an account's conversations, and changing a step's state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import conversation_repository, steps_repository
from meetsight.accounts.models import NextStepRecord
from meetsight.accounts.moments import segments_at
from meetsight.accounts.next_step_records import step_fields, step_keys
from meetsight.accounts.repository import Kinds
from meetsight.accounts.views import moment
from meetsight.db.base import utcnow


async def list_account_steps(
    session: AsyncSession,
    org_id: str,
    account_id: str,
    kinds: Kinds,
    *,
    state: str,
    limit: int,
    offset: int,
) -> tuple[list[dict[str, Any]], int]:
    """The account's current next steps in `state` ("all" for any), newest conversation first,
    in the order each conversation produced them."""
    rows, total = await steps_repository.page_account_steps(
        session, org_id, account_id, kinds, state=state, limit=limit, offset=offset
    )
    return await describe_steps(session, org_id, rows), total


async def step_counts(
    session: AsyncSession, org_id: str, account_ids: Sequence[str], kinds: Kinds, *, state: str
) -> dict[str, int]:
    """How many current next steps in `state` each account has (list_account_steps' total),
    for a page of accounts in one query."""
    counts = dict.fromkeys(account_ids, 0)
    if not account_ids:
        return counts
    rows = await steps_repository.counts_per_account(
        session, org_id, account_ids, kinds, state=state
    )
    for account_id, count in rows:
        counts[account_id] = int(count)
    return counts


async def describe_steps(
    session: AsyncSession, org_id: str, rows: Sequence[Any]
) -> list[dict[str, Any]]:
    """Rows of (NextStepRecord, activity columns) as answers: the step's actors, deadline and
    moment come from the summary that produced it."""
    activity_ids = sorted({r.id for r in rows})
    summaries: dict[str, Any] = dict(
        await conversation_repository.next_steps_of(session, org_id, activity_ids)
    )
    produced: dict[tuple[str, str], dict[str, Any]] = {}
    for activity_id, steps in summaries.items():
        steps = [s for s in steps or [] if isinstance(s, dict)]
        for key, step in zip(
            step_keys([str(s.get("action", "")) for s in steps]), steps, strict=True
        ):
            produced[(activity_id, key)] = step
    lines = {
        (r.id, line)
        for r in rows
        if isinstance(line := produced.get((r.id, r[0].step_key), {}).get("line"), int)
    }
    at = await segments_at(session, org_id, lines)
    out = []
    for row in rows:
        record: NextStepRecord = row[0]
        step = produced.get((row.id, record.step_key), {})
        segment = at.get((row.id, step.get("line", -1)))
        out.append(
            {
                **step_fields(record),
                "action": record.action,
                "actors": list(step.get("actors") or []),
                "deadline": step.get("deadline") or "",
                **moment(
                    row,
                    segment.start_time if segment else None,
                    segment.content if segment else None,
                ),
            }
        )
    return out


async def get_step_row(session: AsyncSession, org_id: str, step_id: str) -> Any | None:
    return await steps_repository.step_row(session, org_id, step_id)


async def set_step_state(session: AsyncSession, record: NextStepRecord, state: str) -> None:
    """A user's decision. A proposal stays as it was: it shows what suggested the change."""
    if record.state != state:
        record.state = state
        record.state_changed_at = utcnow()
    await session.flush()
