"""notes.smart_category_id: nullable, no cascade, so deleting a smart category keeps its notes

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 12:45:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FK = "fk_notes_organization_id_smart_category_id_smart_categories"
LOCAL = ["organization_id", "smart_category_id"]
REMOTE = ["organization_id", "id"]


def upgrade() -> None:
    # batch mode: SQLite can change a column's nullability and a foreign key only by copying
    # the table; PostgreSQL gets plain ALTERs.
    with op.batch_alter_table("notes") as batch:
        batch.drop_constraint(FK, type_="foreignkey")
        batch.alter_column("smart_category_id", existing_type=sa.String(length=36), nullable=True)
        batch.create_foreign_key(FK, "smart_categories", LOCAL, REMOTE)


def downgrade() -> None:
    # Notes whose category was deleted cannot satisfy NOT NULL again: they go, as a cascade
    # would have removed them under the old schema.
    op.execute("DELETE FROM notes WHERE smart_category_id IS NULL")
    with op.batch_alter_table("notes") as batch:
        batch.drop_constraint(FK, type_="foreignkey")
        batch.alter_column("smart_category_id", existing_type=sa.String(length=36), nullable=False)
        batch.create_foreign_key(FK, "smart_categories", LOCAL, REMOTE, ondelete="CASCADE")
