"""trackers: a name is unique in an organization whatever its case

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27 13:50:00

The service refuses a tracker named like another one in any case ("Pricing" beside "pricing"),
but only the exact name was unique in the database, so two requests at the same moment could
both pass the check. A unique index on the lower-cased name closes it: the second request's
insert fails and the service answers 409, as for an exact duplicate. Names already stored that
differ only in case (only such a race could store them) keep the oldest as it is; the others
get the first of " (2)", " (3)"... that no stored name holds.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "uq_trackers_organization_id_lower_name"


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(
        sa.text("SELECT id, organization_id, name FROM trackers ORDER BY created_at, id")
    ).all()
    stored = {(org_id, name.lower()) for _, org_id, name in rows}
    kept: set[tuple[str, str]] = set()
    for tracker_id, org_id, name in rows:
        key = (org_id, name.lower())
        if key not in kept:
            kept.add(key)
            continue
        number = 2
        while (org_id, _numbered(name, number).lower()) in stored | kept:
            number += 1
        renamed = _numbered(name, number)
        kept.add((org_id, renamed.lower()))
        bind.execute(
            sa.text("UPDATE trackers SET name = :name WHERE id = :id"),
            {"name": renamed, "id": tracker_id},
        )
    op.create_index(INDEX, "trackers", ["organization_id", sa.text("lower(name)")], unique=True)


def _numbered(name: str, number: int) -> str:
    suffix = f" ({number})"
    return f"{name[: 120 - len(suffix)]}{suffix}"


def downgrade() -> None:
    op.drop_index(INDEX, table_name="trackers")
