"""web sessions (cookie token hashes), sign-in attempts (lockout) and the audit log

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 16:01:18.131286
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from meetsight.db.migrations.frozen.types import UTCDateTime

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "signin_attempts",
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("outcome", sa.String(length=10), nullable=False),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_signin_attempts")),
    )
    with op.batch_alter_table("signin_attempts", schema=None) as batch_op:
        batch_op.create_index("ix_signin_attempts_created_at", ["created_at"], unique=False)
        batch_op.create_index(
            "ix_signin_attempts_email_created_at", ["email", "created_at"], unique=False
        )

    op.create_table(
        "audit_events",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("action", sa.String(length=60), nullable=False),
        sa.Column("actor_user_id", sa.String(length=36), nullable=True),
        sa.Column("actor_label", sa.String(length=320), nullable=True),
        sa.Column("target_kind", sa.String(length=40), nullable=True),
        sa.Column("target_id", sa.String(length=100), nullable=True),
        sa.Column("target_label", sa.String(length=320), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column(
            "detail",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_audit_events_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "id", name=op.f("pk_audit_events")),
    )
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.create_index(
            "ix_audit_events_org_created", ["organization_id", "created_at"], unique=False
        )

    op.create_table(
        "web_sessions",
        sa.Column("organization_id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.String(length=36), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", UTCDateTime(timezone=True), nullable=False),
        sa.Column("user_agent", sa.String(length=300), nullable=True),
        sa.Column("ip", sa.String(length=64), nullable=True),
        sa.Column("flash", sa.Text(), nullable=True),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.ForeignKeyConstraint(
            ["organization_id", "user_id"],
            ["users.organization_id", "users.id"],
            name=op.f("fk_web_sessions_organization_id_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["organization_id"],
            ["organizations.id"],
            name=op.f("fk_web_sessions_organization_id_organizations"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("organization_id", "id", name=op.f("pk_web_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_web_sessions_token_hash")),
    )


def downgrade() -> None:
    op.drop_table("web_sessions")
    with op.batch_alter_table("audit_events", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_events_org_created")

    op.drop_table("audit_events")
    with op.batch_alter_table("signin_attempts", schema=None) as batch_op:
        batch_op.drop_index("ix_signin_attempts_email_created_at")
        batch_op.drop_index("ix_signin_attempts_created_at")

    op.drop_table("signin_attempts")
