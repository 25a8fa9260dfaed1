"""Deleting an activity deletes the rows of every table that hangs off it: the list in
activities/repository.py names every table with a foreign key to activities, none more."""

from __future__ import annotations

import sqlalchemy as sa

import meetsight.schema.tables  # noqa: F401  (every table in Base.metadata)
from meetsight.activities.repository import ACTIVITY_CHILD_TABLES
from meetsight.db.base import Base


def _name(model: object) -> str:
    return model.name if isinstance(model, sa.TableClause) else model.__table__.name  # type: ignore[attr-defined]


def test_child_tables_are_the_tables_with_a_foreign_key_to_activities() -> None:
    listed = [_name(model) for model in ACTIVITY_CHILD_TABLES]
    referencing = {
        table.name
        for table in Base.metadata.sorted_tables
        if any(fk.column.table.name == "activities" for fk in table.foreign_keys)
    }
    assert len(listed) == len(set(listed))
    assert set(listed) == referencing
