"""Set-based UPDATEs of an activity keep its title in the index (issue 21: the index followed
only ORM writes, through listeners that a core `sa.update(Activity)`, as the transcribe stage
writes the language, never triggers)."""

from __future__ import annotations

import ast
from datetime import UTC, date, datetime
from pathlib import Path

from fixtures.factories import make_tenant
from meetsight.activities.updates import update_activity
from meetsight.state import AppState

from .helpers import ids, make_transcribed, run_search

SRC = Path(__file__).resolve().parents[2] / "src" / "meetsight"
ALLOWED = {"activities/repository.py"}  # update_activity_row, called by update_activity only


async def test_core_updates_of_title_columns_are_indexed(state: AppState, engine_name: str) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, ["Los precios bajan."], language="en")
    async with state.sessionmaker() as session:
        row = await update_activity(
            session, tenant.org_id, meeting, name="Quarterly business review", language="es"
        )
        assert (row.is_call, row.name) == (False, "Quarterly business review")
        await session.commit()
    assert (await run_search(state, tenant.org_id, "weekly")).total == 0
    assert ids(await run_search(state, tenant.org_id, "quarterly business")) == [meeting]
    if engine_name == "postgresql":  # stemmed in Spanish now: "bajar" meets "bajan"
        assert ids(await run_search(state, tenant.org_id, "bajar")) == [meeting]
    # The start that searches filter by follows too (an activity's kind never changes: the
    # index keeps meetings and calls in two halves of its keys).
    async with state.sessionmaker() as session:
        await update_activity(
            session, tenant.org_id, meeting, start_at=datetime(2025, 1, 5, 9, 0, tzinfo=UTC)
        )
        await session.commit()
    in_2025 = await run_search(
        state, tenant.org_id, "quarterly", date_from=date(2025, 1, 1), date_to=date(2025, 1, 31)
    )
    assert ids(in_2025) == [meeting]


async def test_an_update_that_matches_no_row_indexes_nothing(state: AppState) -> None:
    tenant = await make_tenant(state)
    async with state.sessionmaker() as session:
        assert await update_activity(session, tenant.org_id, "missing", name="Ghost") is None
        await session.commit()
    assert (await run_search(state, tenant.org_id, "ghost")).total == 0


def test_every_core_update_of_activities_goes_through_update_activity() -> None:
    """`sa.update(Activity)` elsewhere would bypass the title index (the transcribe stage's
    language update did)."""
    found = []
    for path in SRC.rglob("*.py"):
        relative = path.relative_to(SRC).as_posix()
        if relative in ALLOWED or relative.startswith("db/migrations/"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
                == "update"
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == "Activity"
            ):
                found.append(f"{relative}:{node.lineno}")
    assert found == []


def test_only_update_activity_runs_the_repository_update() -> None:
    """The repository's `update_activity_row` holds the statement; calling it from anywhere but
    `update_activity` would skip the index just the same."""
    found = [
        f"{path.relative_to(SRC).as_posix()}:{node.lineno}"
        for path in SRC.rglob("*.py")
        if path.relative_to(SRC).as_posix() != "activities/updates.py"
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute | ast.Name)
        and (node.attr if isinstance(node, ast.Attribute) else node.id) == "update_activity_row"
    ]
    assert found == []
