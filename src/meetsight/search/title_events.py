"""Activity titles (and, on SQLite, the kind and start kept beside them) in the search index
follow every change of the columns they are built from, in the transaction of the change.

Two ways write activities, and both end in `index_activity_change`: the ORM (inserts and
attribute changes from uploads, imports, the demo, factories), through the listeners that
`watch_activity_titles` registers; and set-based UPDATEs, which the ORM's listeners never see,
through `meetsight.activities.updates.update_activity` (the only module that writes one:
tests/search/test_title_index.py fails on another).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.search.indexing import index_title_sync, reindex_activity_sync

# The columns the title index is built from; a new language also changes how PostgreSQL stems
# the transcript, so it re-indexes the whole activity.
TITLE_COLUMNS: Final = frozenset({"name", "is_call", "start_at"})
REINDEX_COLUMNS: Final = frozenset({"language"})


def index_activity_change(
    conn: Connection, org_id: str, activity_id: str, name: str, changed: Collection[str]
) -> None:
    """Bring the index in step after the activity's `changed` columns were written."""
    if REINDEX_COLUMNS.intersection(changed):
        reindex_activity_sync(conn, org_id, activity_id, name)
    elif TITLE_COLUMNS.intersection(changed):
        index_title_sync(conn, org_id, activity_id, name)


def _after_insert(_mapper: Any, connection: Connection, target: Any) -> None:
    index_title_sync(connection, target.organization_id, target.id, target.name)


def _after_update(_mapper: Any, connection: Connection, target: Any) -> None:
    attrs = sa.inspect(target).attrs
    changed = [
        name for name in TITLE_COLUMNS | REINDEX_COLUMNS if attrs[name].history.has_changes()
    ]
    index_activity_change(connection, target.organization_id, target.id, target.name, changed)


def watch_activity_titles(activity_class: type) -> None:
    sa.event.listen(activity_class, "after_insert", _after_insert)
    sa.event.listen(activity_class, "after_update", _after_update)
