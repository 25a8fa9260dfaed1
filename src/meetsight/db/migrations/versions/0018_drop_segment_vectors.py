"""trackers: drop segment_vectors; matching by meaning reads search's sentence vectors

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-26 21:40:00

The trackers kept a second embedding of every segment (int8, one row per activity) beside the
float16 one search stores per segment (search_vectors, 0016): the processing worker embedded
each transcript twice. They now read search's vectors, so the table goes with nothing to carry
over (search_vectors already holds every segment stored since 0016; older ones are embedded
when a tracker first needs them, and stored there). A downgrade brings the table back empty:
the trackers of 0017 embed again what they find missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_table("segment_vectors")


def downgrade() -> None:
    op.create_table(
        "segment_vectors",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("activity_id", sa.String(length=36), nullable=False),
        sa.Column("model", sa.String(length=40), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "activity_id"],
            ["activities.organization_id", "activities.id"],
            name=op.f("fk_segment_vectors_organization_id_activity_id_activities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_segment_vectors_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "activity_id", name=op.f("pk_segment_vectors")),
    )
