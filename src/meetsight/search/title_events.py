"""Activity titles (and, on SQLite, the kind and start kept beside them) follow every insert
and change made through the ORM, whatever path writes the activity (upload, import, demo,
factories), in the same flush."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from meetsight.search.indexing import index_title_sync, reindex_activity_sync


def _after_insert(_mapper: Any, connection: Connection, target: Any) -> None:
    index_title_sync(connection, target.organization_id, target.id, target.name)


def _after_update(_mapper: Any, connection: Connection, target: Any) -> None:
    attrs = sa.inspect(target).attrs
    if attrs.language.history.has_changes():
        reindex_activity_sync(connection, target.organization_id, target.id, target.name)
    elif any(attrs[name].history.has_changes() for name in ("name", "is_call", "start_at")):
        index_title_sync(connection, target.organization_id, target.id, target.name)


def watch_activity_titles(activity_class: type) -> None:
    sa.event.listen(activity_class, "after_insert", _after_insert)
    sa.event.listen(activity_class, "after_update", _after_update)
