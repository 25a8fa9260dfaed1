"""Every query on stored next steps (`NextStepRecord`): a conversation's rows, an account's
current steps with their conversation, counts per account, the open steps a later conversation
may complete, and clearing the proposals of a deleted conversation. Each one is scoped by the
organization it is given."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.models import AccountActivity, NextStepRecord
from meetsight.accounts.repository import Kinds, linked_activity
from meetsight.activities.models import Activity

_COLUMNS = (NextStepRecord, Activity.id, Activity.is_call, Activity.name, Activity.start_at)


def _activity_join() -> Any:
    return sa.and_(
        Activity.organization_id == NextStepRecord.organization_id,
        Activity.id == NextStepRecord.activity_id,
    )


async def records_of(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> list[NextStepRecord]:
    """The stored rows of these conversations, current or not."""
    rows = await session.scalars(
        sa.select(NextStepRecord).where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.activity_id.in_(list(activity_ids)),
        )
    )
    return list(rows)


async def records_of_activity(
    session: AsyncSession, org_id: str, activity_id: str
) -> list[NextStepRecord]:
    rows = await session.scalars(
        sa.select(NextStepRecord).where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.activity_id == activity_id,
        )
    )
    return list(rows)


async def clear_proposals_by(session: AsyncSession, org_id: str, activity_id: str) -> None:
    """Before a conversation is deleted: the proposals it made go with it."""
    await session.execute(
        sa.update(NextStepRecord)
        .where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.proposed_by_activity_id == activity_id,
        )
        .values(
            proposed_state=None,
            proposed_by_activity_id=None,
            proposed_at_seconds=None,
            proposed_quote=None,
        )
        .execution_options(synchronize_session=False)
    )


async def page_account_steps(
    session: AsyncSession,
    org_id: str,
    account_id: str,
    kinds: Kinds,
    *,
    state: str,
    limit: int,
    offset: int,
) -> tuple[list[Any], int]:
    """Rows of (NextStepRecord, activity id, is_call, name, start_at): the account's current
    steps in `state` ("all" for any), newest conversation first, in the order each conversation
    produced them; and how many there are."""
    where = [
        NextStepRecord.organization_id == org_id,
        NextStepRecord.current.is_(True),
        Activity.is_call.in_(list(kinds)),
        AccountActivity.account_id == account_id,
    ]
    if state != "all":
        where.append(NextStepRecord.state == state)
    joined = (
        sa.select(*_COLUMNS)
        .join(Activity, _activity_join())
        .join(AccountActivity, linked_activity(AccountActivity))
        .where(*where)
    )
    rows = (
        await session.execute(
            joined.order_by(Activity.start_at.desc(), Activity.id.desc(), NextStepRecord.position)
            .limit(limit)
            .offset(offset)
        )
    ).all()
    total = await session.scalar(sa.select(sa.func.count()).select_from(joined.subquery()))
    return list(rows), int(total or 0)


async def counts_per_account(
    session: AsyncSession, org_id: str, account_ids: Sequence[str], kinds: Kinds, *, state: str
) -> Sequence[Any]:
    """(account id, count) of current steps in `state`, for the accounts that have any."""
    rows = await session.execute(
        sa.select(AccountActivity.account_id, sa.func.count())
        .select_from(NextStepRecord)
        .join(Activity, _activity_join())
        .join(AccountActivity, linked_activity(AccountActivity))
        .where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.current.is_(True),
            NextStepRecord.state == state,
            Activity.is_call.in_(list(kinds)),
            AccountActivity.account_id.in_(list(account_ids)),
        )
        .group_by(AccountActivity.account_id)
    )
    return rows.all()


async def step_row(session: AsyncSession, org_id: str, step_id: str) -> Any | None:
    """(NextStepRecord, activity id, is_call, name, start_at) of one step."""
    return (
        await session.execute(
            sa.select(*_COLUMNS)
            .join(Activity, _activity_join())
            .where(NextStepRecord.organization_id == org_id, NextStepRecord.id == step_id)
        )
    ).first()


async def open_unproposed(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str]
) -> list[NextStepRecord]:
    """The current open steps of these conversations that have no proposal yet."""
    rows = await session.scalars(
        sa.select(NextStepRecord).where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.activity_id.in_(list(activity_ids)),
            NextStepRecord.current.is_(True),
            NextStepRecord.state == "open",
            NextStepRecord.proposed_state.is_(None),
        )
    )
    return list(rows)


async def current_count(session: AsyncSession, org_id: str, activity_id: str) -> int:
    """How many current next steps the conversation has."""
    steps = await session.scalar(
        sa.select(sa.func.count())
        .select_from(NextStepRecord)
        .where(
            NextStepRecord.organization_id == org_id,
            NextStepRecord.activity_id == activity_id,
            NextStepRecord.current.is_(True),
        )
    )
    return int(steps or 0)
