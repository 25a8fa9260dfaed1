"""transcript documents: each transcript rendered once as the API serves it

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 11:20:00
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import orjson
import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "transcript_documents",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("activity_id", sa.String(length=36), nullable=False),
        sa.Column("segment_count", sa.Integer(), nullable=False),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "activity_id"],
            ["activities.organization_id", "activities.id"],
            name=op.f("fk_transcript_documents_organization_id_activity_id_activities"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_transcript_documents_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint(
            "organization_id", "activity_id", name=op.f("pk_transcript_documents")
        ),
    )
    _backfill()


def render_transcript(rows: Iterable[Any]) -> bytes:
    """The API's JSON array of segments, as `meetsight.transcripts.document` wrote it here."""
    return orjson.dumps(
        [
            {
                "startTime": row.start_time,
                "endTime": row.end_time,
                "personId": row.person_id,
                "participantName": row.participant_name,
                "content": row.content,
            }
            for row in rows
        ]
    )


def _backfill() -> None:
    """Render a document for every activity that already has segments."""
    bind = op.get_bind()
    segments = sa.table(
        "transcript_segments",
        *(
            sa.column(name)
            for name in (
                "organization_id",
                "activity_id",
                "position",
                "start_time",
                "end_time",
                "person_id",
                "participant_name",
                "content",
            )
        ),
    )
    documents = sa.table(
        "transcript_documents",
        sa.column("organization_id"),
        sa.column("activity_id"),
        sa.column("segment_count"),
        sa.column("body"),
    )
    keys = bind.execute(
        sa.select(segments.c.organization_id, segments.c.activity_id).distinct()
    ).all()
    for org_id, activity_id in keys:
        rows = bind.execute(
            sa.select(segments)
            .where(segments.c.organization_id == org_id, segments.c.activity_id == activity_id)
            .order_by(segments.c.position)
        ).all()
        bind.execute(
            documents.insert().values(
                organization_id=org_id,
                activity_id=activity_id,
                segment_count=len(rows),
                body=render_transcript(rows),
            )
        )


def downgrade() -> None:
    op.drop_table("transcript_documents")
