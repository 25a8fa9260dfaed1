"""Two requests writing the same unique value at the same time (a tracker's name, a member's
email): the second is the API's 409 for a duplicate, not an internal error. Only PostgreSQL
runs requests' writes side by side (SQLite's pool has one connection, so they take turns)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from fixtures.factories import Tenant
from meetsight.errors import Conflict
from meetsight.organizations.service import create_user
from meetsight.state import AppState
from meetsight.trackers import service
from meetsight.trackers.schemas import TrackerCreate, TrackerUpdate

WAITING = (
    "SELECT count(*) FROM pg_stat_activity"
    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
)


async def _blocked_until_first_commits(
    state: AppState, first: AsyncSession, second: Awaitable[object]
) -> None:
    """Start `second` and let it reach the lock on the value `first` holds uncommitted (its
    own check saw nothing), then commit `first`: `second` must give the 409."""
    task = asyncio.ensure_future(second)
    async with state.sessionmaker() as watcher:
        for _ in range(200):
            if task.done() or await watcher.scalar(sa.text(WAITING)):
                break
            await asyncio.sleep(0.025)
        assert not task.done(), "the second request did not wait for the first"
    await first.commit()
    with pytest.raises(Conflict, match="already exists"):
        await task


@pytest.fixture(autouse=True)
def postgresql_only(engine_name: str) -> None:
    if engine_name != "postgresql":
        pytest.skip("SQLite's one connection runs requests' writes one after the other")


async def test_two_tracker_creates_with_one_name(state: AppState, tenant: Tenant) -> None:
    body = TrackerCreate(name="Race", keywords=["price"])
    async with state.sessionmaker() as first, state.sessionmaker() as second:
        await service.create_tracker(first, tenant.org_id, body)
        await _blocked_until_first_commits(
            state, first, service.create_tracker(second, tenant.org_id, body)
        )


async def test_a_tracker_renamed_to_a_name_just_created(state: AppState, tenant: Tenant) -> None:
    async with state.sessionmaker() as session:
        other = await service.create_tracker(
            session, tenant.org_id, TrackerCreate(name="Other", keywords=["x"])
        )
        await session.commit()
    async with state.sessionmaker() as first, state.sessionmaker() as second:
        await service.create_tracker(
            first, tenant.org_id, TrackerCreate(name="Renamed", keywords=["y"])
        )
        rename = service.update_tracker(
            second, tenant.org_id, other.id, TrackerUpdate(name="Renamed")
        )
        await _blocked_until_first_commits(state, first, rename)


async def test_two_members_added_with_one_email(state: AppState, tenant: Tenant) -> None:
    def add(session: AsyncSession) -> Awaitable[object]:
        return create_user(
            session,
            organization_id=tenant.org_id,
            email="new.member@example.com",
            name="New Member",
            role="member",
        )

    async with state.sessionmaker() as first, state.sessionmaker() as second:
        await add(first)
        await _blocked_until_first_commits(state, first, add(second))
