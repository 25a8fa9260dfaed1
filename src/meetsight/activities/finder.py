"""Finding activities by the richer filters agents use (participants, organizers, numbers, both
kinds at once) and the web home page's: which filters are set picks the shape of a statement,
their values are bound (activity_filter.py). The statements, each scoped by organization,
are in activities/finder_repository.py."""

from __future__ import annotations

from typing import Any

from meetsight.activities import finder_repository as st
from meetsight.activity_filter import ActivityFilter, shape_and_params
from meetsight.db.reads import Executes


async def find_activities(
    session: Executes,
    org_id: str,
    filters: ActivityFilter,
    *,
    limit: int,
    skip: int,
    ascending: bool = False,
) -> tuple[list[Any], int]:
    """One page of activity rows (the repository's columns plus the owner) and the total."""
    shape, params = shape_and_params(org_id, filters)
    page, count = st.page_statements(shape, ascending)
    rows = list((await session.execute(page, {**params, "limit": limit, "offset": skip})).all())
    if not rows and skip == 0:
        return rows, 0
    return rows, int((await session.execute(count, params)).scalar_one())


async def participants_of(
    session: Executes, org_id: str, activity_ids: list[str]
) -> dict[str, list[Any]]:
    """Participants of several activities in one query, in their recorded order."""
    if not activity_ids:
        return {}
    found: dict[str, list[Any]] = {aid: [] for aid in activity_ids}
    rows = await session.execute(st.PARTICIPANTS_OF, {"org_id": org_id, "ids": activity_ids})
    for row in rows.all():
        found[row.activity_id].append(row)
    return found


async def owner_of(session: Executes, org_id: str, activity_id: str) -> str | None:
    params = {"org_id": org_id, "activity_id": activity_id}
    return (await session.execute(st.OWNER_OF, params)).scalar_one_or_none()


async def people_by_id(session: Executes, org_id: str, ids: list[str]) -> dict[str, Any]:
    if not ids:
        return {}
    rows = await session.execute(st.PEOPLE_BY_ID, {"org_id": org_id, "ids": ids})
    return {row.id: row for row in rows.all()}
