"""The reads a page of accounts makes (open next steps, conversations and amounts per account)
are grouped: one statement for all the accounts, not one per account, with the same answers
as the one-account reads they replace."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from accounts.story import tell_story
from fixtures.factories import make_activity, make_tenant
from meetsight.accounts import repository as repo
from meetsight.accounts.account_steps import list_account_steps, step_counts
from meetsight.accounts.amounts import largest_amounts, quoted_amounts
from meetsight.accounts.folding import account_key
from meetsight.accounts.links import link_account
from meetsight.accounts.models import Account, NextStepRecord
from meetsight.state import AppState

KINDS = ((False,), (True,), (False, True))


@contextmanager
def statements(state: AppState) -> Iterator[list[str]]:
    """The SQL statements run on the engine inside the block."""
    seen: list[str] = []

    def count(*args: Any) -> None:
        seen.append(args[2])

    sa.event.listen(state.engine.sync_engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        sa.event.remove(state.engine.sync_engine, "before_cursor_execute", count)


async def test_grouped_reads_answer_as_the_per_account_ones(state: AppState) -> None:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    extra = await make_activity(state, tenant, name="Renewal")
    async with state.sessionmaker() as session:
        (quarry,) = await session.scalars(
            sa.select(Account.id).where(
                Account.organization_id == tenant.org_id, Account.name == "Quarry Labs"
            )
        )
        other = Account(
            organization_id=tenant.org_id, name="Other Co", folded_name=account_key("Other Co")
        )
        session.add(other)
        await session.flush()
        # a conversation of both accounts, and one of the second only
        for activity_id in (story.second, extra):
            await link_account(session, tenant.org_id, other.id, activity_id, "name")
        await session.execute(
            sa.update(NextStepRecord)
            .where(NextStepRecord.organization_id == tenant.org_id)
            .where(NextStepRecord.activity_id == extra)
            .values(state="done")
        )
        empty = Account(organization_id=tenant.org_id, name="Empty", folded_name="empty")
        session.add(empty)
        await session.commit()
        ids = [quarry, other.id, empty.id]
        for kinds in KINDS:
            timelines = await repo.timelines_of(session, tenant.org_id, ids, kinds)
            for state_name in ("open", "done"):
                counts = await step_counts(session, tenant.org_id, ids, kinds, state=state_name)
                for account_id in ids:
                    _, total = await list_account_steps(
                        session,
                        tenant.org_id,
                        account_id,
                        kinds,
                        state=state_name,
                        limit=1,
                        offset=0,
                    )
                    assert counts[account_id] == total, (kinds, state_name, account_id)
            largest = await largest_amounts(session, tenant.org_id, timelines)
            for account_id in ids:
                rows, _ = await repo.account_timeline(session, tenant.org_id, account_id, kinds)
                assert [tuple(r) for r in rows] == [tuple(r)[1:] for r in timelines[account_id]]
                amounts = await quoted_amounts(session, tenant.org_id, rows)
                valued = [a for a in amounts if isinstance(a["value"], int | float)]
                expected = max(valued, key=lambda a: a["value"]) if valued else None
                assert largest.get(account_id) == expected, (kinds, account_id)
        both = await step_counts(session, tenant.org_id, ids, (False, True), state="open")
        timelines = await repo.timelines_of(session, tenant.org_id, ids, (False, True))
    # not vacuous: the shared conversation is in both timelines, steps and amounts are there
    assert [r.id for r in timelines[other.id]] == [extra, story.second]
    assert len(timelines[quarry]) == 3 and timelines[empty.id] == []
    assert both[quarry] >= 1 and both[other.id] >= 1 and both[empty.id] == 0
    assert largest[quarry]["value"] == 48000.0 and largest[quarry]["quote"]
    assert largest[quarry]["conversation"]["id"] == story.first


async def test_a_page_of_accounts_costs_the_same_statements_as_one(state: AppState) -> None:
    tenant = await make_tenant(state)
    story = await tell_story(state, tenant)
    async with state.sessionmaker() as session:
        (quarry,) = await session.scalars(
            sa.select(Account.id).where(
                Account.organization_id == tenant.org_id, Account.name == "Quarry Labs"
            )
        )
        others = []
        for n in range(4):
            account = Account(organization_id=tenant.org_id, name=f"Co {n}", folded_name=f"co {n}")
            session.add(account)
            await session.flush()
            await link_account(session, tenant.org_id, account.id, story.first, "name")
            others.append(account.id)
        await session.commit()
        used = []
        for ids in ([quarry], [quarry, *others]):
            with statements(state) as seen:
                await step_counts(session, tenant.org_id, ids, (False, True), state="open")
                timelines = await repo.timelines_of(session, tenant.org_id, ids, (False, True))
                await largest_amounts(session, tenant.org_id, timelines)
            used.append(len(seen))
    # counts, timelines, stored insights, the winning amounts' segments: four, for one or five
    assert used == [4, 4]
