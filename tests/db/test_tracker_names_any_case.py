"""Tracker names are unique whatever their case (migration 0019): names stored before it that
differ only in case are renamed, the oldest kept; afterwards the database refuses a second one,
so two requests racing with "Pricing" and "pricing" end in one tracker and a 409."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from test_unique_races import _blocked_until_first_commits

from fixtures.factories import Tenant
from meetsight.db.migrate import upgrade
from meetsight.state import AppState
from meetsight.trackers import service
from meetsight.trackers.schemas import TrackerCreate


def test_upgrade_renames_names_that_differ_only_in_case(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    upgrade(url, "0018")
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    insert = sa.text(
        "INSERT INTO trackers (organization_id, id, name, description, keywords, examples,"
        " version, indexed_version, created_at, updated_at) VALUES (:org, :id, :name, '',"
        " '[]', '[]', 1, 0, :at, :at)"
    )
    rows = [
        ("org", "t1", "Pricing", "2026-07-01 09:00:00"),
        ("org", "t2", "pricing", "2026-07-02 09:00:00"),
        ("org", "t3", "PRICING", "2026-07-03 09:00:00"),
        ("org", "t4", "Pricing (2)", "2026-07-04 09:00:00"),
        ("other", "t5", "pricing", "2026-07-01 09:00:00"),
    ]
    with engine.begin() as conn:
        for org, tracker_id, name, at in rows:
            conn.execute(insert, {"org": org, "id": tracker_id, "name": name, "at": at})
    upgrade(url, "head")
    with engine.connect() as conn:
        names = dict(conn.execute(sa.text("SELECT id, name FROM trackers")).all())
    # the oldest kept, a stored "(2)" never taken, another organization's own name untouched
    assert names == {
        "t1": "Pricing",
        "t2": "pricing (3)",
        "t3": "PRICING (4)",
        "t4": "Pricing (2)",
        "t5": "pricing",
    }
    with engine.begin() as conn, pytest.raises(sa.exc.IntegrityError):
        conn.execute(insert, {"org": "org", "id": "t6", "name": "pRiCiNg", "at": "2026-08-01"})


async def test_two_tracker_creates_differing_in_case(
    state: AppState, tenant: Tenant, engine_name: str
) -> None:
    if engine_name != "postgresql":
        pytest.skip("SQLite's one connection runs requests' writes one after the other")
    async with state.sessionmaker() as first, state.sessionmaker() as second:
        await service.create_tracker(
            first, tenant.org_id, TrackerCreate(name="Routemaster", keywords=["route"])
        )
        await _blocked_until_first_commits(
            state,
            first,
            service.create_tracker(
                second, tenant.org_id, TrackerCreate(name="ROUTEMASTER", keywords=["route"])
            ),
        )
