"""A comment on a moment (or a span) of a meeting or call, by a member of its organization."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, tenant_fk, utcnow


class Comment(TenantMixin, IdMixin, Base):
    __tablename__ = "comments"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        # No cascade: a composite SET NULL would clear organization_id too; removing a member
        # unlinks their comments first (organizations/members.remove_member, given
        # repository.unlink_author by the members page), which keep author_name.
        tenant_fk(["author_user_id"], "users.id", ondelete=None),
        sa.Index("ix_comments_activity", "organization_id", "activity_id", "start_time"),
    )

    activity_id: Mapped[str] = mapped_column(IdType)
    # NULL once the author is no longer a member: nobody edits the comment then, admins delete it.
    author_user_id: Mapped[str | None] = mapped_column(IdType)
    author_name: Mapped[str] = mapped_column(sa.String(200))
    start_time: Mapped[float] = mapped_column(sa.Double)
    end_time: Mapped[float | None] = mapped_column(sa.Double)
    body: Mapped[str] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    edited_at: Mapped[datetime | None]
