"""Accounts, deals, the conversations matched to them, and next steps with a state."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, TimestampMixin, tenant_fk, utcnow

# How a conversation came to belong to an account or a deal (docs/accounts.md#matching).
MATCHED_BY = ("crm", "domain", "name", "deal")
NEXT_STEP_STATES = ("open", "done", "dropped")


class Account(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "accounts"
    __table_args__ = (
        # Matching compares folded names: two accounts that fold alike could not be told apart.
        sa.UniqueConstraint("organization_id", "folded_name"),
        sa.UniqueConstraint("organization_id", "crm_company_id"),
    )

    name: Mapped[str] = mapped_column(sa.String(200))
    folded_name: Mapped[str] = mapped_column(sa.String(200))
    crm_company_id: Mapped[str | None] = mapped_column(sa.String(255))
    description: Mapped[str | None] = mapped_column(sa.Text)


class AccountDomain(TenantMixin, Base):
    """An email domain that identifies an account's people; one account per domain."""

    __tablename__ = "account_domains"
    __table_args__ = (tenant_fk(["account_id"], "accounts.id"),)

    domain: Mapped[str] = mapped_column(sa.String(255), primary_key=True)
    account_id: Mapped[str] = mapped_column(IdType)


class Deal(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "deals"
    __table_args__ = (
        tenant_fk(["account_id"], "accounts.id", ondelete=None),
        sa.UniqueConstraint("organization_id", "crm_opportunity_id"),
        sa.Index("ix_deals_account", "organization_id", "account_id"),
    )

    account_id: Mapped[str | None] = mapped_column(IdType)
    name: Mapped[str] = mapped_column(sa.String(200))
    crm_opportunity_id: Mapped[str | None] = mapped_column(sa.String(255))
    stage: Mapped[str] = mapped_column(sa.String(20), default="open")
    amount: Mapped[float | None]
    currency: Mapped[str | None] = mapped_column(sa.String(3))


class AccountActivity(TenantMixin, Base):
    """A conversation matched to an account. Matching only adds rows; deleting the conversation
    removes them."""

    __tablename__ = "account_activities"
    __table_args__ = (
        tenant_fk(["account_id"], "accounts.id"),
        tenant_fk(["activity_id"], "activities.id"),
        sa.Index("ix_account_activities_activity", "organization_id", "activity_id"),
    )

    account_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    matched_by: Mapped[str] = mapped_column(sa.String(10))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DealActivity(TenantMixin, Base):
    __tablename__ = "deal_activities"
    __table_args__ = (
        tenant_fk(["deal_id"], "deals.id"),
        tenant_fk(["activity_id"], "activities.id"),
        sa.Index("ix_deal_activities_activity", "organization_id", "activity_id"),
    )

    deal_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    activity_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    matched_by: Mapped[str] = mapped_column(sa.String(10))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class NextStepRecord(TenantMixin, IdMixin, TimestampMixin, Base):
    """One next step an engine produced, with the state users give it. Keyed by the activity
    and the step's folded text, so that reprocessing finds the same row (and its state) again;
    a step a later run no longer produces keeps its row, marked not current."""

    __tablename__ = "next_steps"
    __table_args__ = (
        tenant_fk(["activity_id"], "activities.id"),
        sa.UniqueConstraint("organization_id", "activity_id", "step_key"),
    )

    activity_id: Mapped[str] = mapped_column(IdType)
    step_key: Mapped[str] = mapped_column(sa.String(64))
    action: Mapped[str] = mapped_column(sa.Text)
    position: Mapped[int] = mapped_column(default=0)
    current: Mapped[bool] = mapped_column(default=True)
    state: Mapped[str] = mapped_column(sa.String(10), default="open")
    state_changed_at: Mapped[datetime | None]
    # A later conversation of the same account that sounds like the step was done. No foreign
    # key: deleting that conversation clears the proposal (activities.repository).
    proposed_state: Mapped[str | None] = mapped_column(sa.String(10))
    proposed_by_activity_id: Mapped[str | None] = mapped_column(IdType)
    proposed_at_seconds: Mapped[float | None]
    proposed_quote: Mapped[str | None] = mapped_column(sa.Text)
