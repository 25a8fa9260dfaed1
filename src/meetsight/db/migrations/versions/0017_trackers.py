"""trackers: trackers, their precomputed mentions, and cached segment vectors

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-26 18:20:33.126244
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from meetsight.db.migrations.frozen.types import UTCDateTime

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "trackers",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column(
            "keywords",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column(
            "examples",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("indexed_version", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_trackers_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "id", name=op.f("pk_trackers")),
        sa.UniqueConstraint(
            "organization_id", "name", name=op.f("uq_trackers_organization_id_name")
        ),
    )
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
    op.create_table(
        "tracker_mentions",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("tracker_id", sa.String(length=36), nullable=False),
        sa.Column("activity_id", sa.String(length=36), nullable=False),
        sa.Column("position", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("start_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("week_start", sa.Date(), nullable=False),
        sa.Column("is_call", sa.Boolean(), nullable=False),
        sa.Column("owner_person_id", sa.String(length=36), nullable=True),
        sa.Column("start_time", sa.Double(), nullable=False),
        sa.Column("speaker", sa.String(length=200), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("matched_by", sa.String(length=20), nullable=False),
        sa.Column("term", sa.String(length=200), nullable=True),
        sa.Column("score", sa.Double(), nullable=True),
        sa.ForeignKeyConstraint(
            ["organization_id", "activity_id"],
            ["activities.organization_id", "activities.id"],
            name=op.f("fk_tracker_mentions_organization_id_activity_id_activities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_tracker_mentions_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id",
            "tracker_id",
            "activity_id",
            "position",
            name=op.f("pk_tracker_mentions"),
        ),
    )
    with op.batch_alter_table("tracker_mentions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_tracker_mentions_range", ["organization_id", "tracker_id", "start_at"], unique=False
        )
        batch_op.create_index(
            "ix_tracker_mentions_activity", ["organization_id", "activity_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("tracker_mentions", schema=None) as batch_op:
        batch_op.drop_index("ix_tracker_mentions_activity")
        batch_op.drop_index("ix_tracker_mentions_range")

    op.drop_table("tracker_mentions")
    op.drop_table("segment_vectors")
    op.drop_table("trackers")
