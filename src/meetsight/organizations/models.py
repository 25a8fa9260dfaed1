"""Organizations (tenants), their users and the people who take part in activities."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, TimestampMixin, tenant_fk
from meetsight.organizations.names import FOLDED_MAX, email_domain, fold_name


class Organization(IdMixin, TimestampMixin, Base):
    __tablename__ = "organizations"

    name: Mapped[str] = mapped_column(sa.String(200))
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)


class User(TenantMixin, IdMixin, TimestampMixin, Base):
    __tablename__ = "users"
    __table_args__ = (sa.UniqueConstraint("organization_id", "email"),)

    email: Mapped[str] = mapped_column(sa.String(320))
    name: Mapped[str] = mapped_column(sa.String(200))
    role: Mapped[str] = mapped_column(sa.String(20), default="member")
    password_hash: Mapped[str | None] = mapped_column(sa.String(200))
    last_login_at: Mapped[datetime | None]


class Person(TenantMixin, IdMixin, TimestampMixin, Base):
    """Anyone who takes part in an activity: an internal user or an external contact."""

    __tablename__ = "people"
    __table_args__ = (
        # No cascade: a composite SET NULL would clear organization_id too; services unlink first.
        tenant_fk(["user_id"], "users.id", ondelete=None),
        sa.Index("ix_people_org_email", "organization_id", "email"),
        sa.Index("ix_people_org_email_domain", "organization_id", "email_domain"),
    )

    name: Mapped[str] = mapped_column(sa.String(200))
    email: Mapped[str | None] = mapped_column(sa.String(320))
    phone: Mapped[str | None] = mapped_column(sa.String(40))
    is_internal: Mapped[bool] = mapped_column(default=False)
    company: Mapped[str | None] = mapped_column(sa.String(200))
    title: Mapped[str | None] = mapped_column(sa.String(200))
    user_id: Mapped[str | None] = mapped_column(IdType)
    # For lookups that forgive case and accents (organizations/names.py); set on every write.
    name_folded: Mapped[str] = mapped_column(sa.String(FOLDED_MAX), default="")
    company_folded: Mapped[str | None] = mapped_column(sa.String(FOLDED_MAX))
    email_domain: Mapped[str | None] = mapped_column(sa.String(255))


@sa.event.listens_for(Person, "before_insert")
@sa.event.listens_for(Person, "before_update")
def _fold_person(_mapper: Any, _connection: Any, person: Person) -> None:
    person.name_folded = fold_name(person.name)
    person.company_folded = fold_name(person.company) or None
    person.email_domain = email_domain(person.email)
