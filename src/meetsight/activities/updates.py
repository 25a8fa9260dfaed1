"""Set-based UPDATEs of an activity's columns, the search index kept in step.

An `sa.update(Activity)` is not seen by the ORM listeners that index an activity's title
(`meetsight.search.title_events`): a core update of the name, kind, start or language made
anywhere else would leave the index describing the old values. Every core update of activities
goes through `update_activity` (tests/search/test_title_index.py fails on one that does not);
the statement itself is the repository's (`repository.update_activity_row`, called only here).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import repository
from meetsight.search.title_events import REINDEX_COLUMNS, TITLE_COLUMNS, index_activity_change


async def update_activity(
    session: AsyncSession,
    organization_id: str,
    activity_id: str,
    *,
    where: Sequence[sa.ColumnElement[bool]] = (),
    **values: Any,
) -> Any:
    """Write `values` to the activity (when `where` also holds) in the caller's transaction;
    returns the updated row's (is_call, name), or None when no row was updated."""
    row = await repository.update_activity_row(session, organization_id, activity_id, where, values)
    changed = (TITLE_COLUMNS | REINDEX_COLUMNS).intersection(values)
    if row is not None and changed:
        name = row.name
        await session.run_sync(
            lambda sync: index_activity_change(
                sync.connection(), organization_id, activity_id, name, changed
            )
        )
    return row
