"""OAuth tables. Every secret (client secret, code, access and refresh token) is stored only as
an HMAC, like API keys; rows are tenant rows led by organization_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from meetsight.db.base import Base, IdMixin, IdType, TenantMixin, tenant_fk, utcnow


class OAuthClient(TenantMixin, Base):
    """A registered client; `client_id` is public and unique across organizations."""

    __tablename__ = "oauth_clients"
    __table_args__ = (sa.UniqueConstraint("client_id"),)

    client_id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(200))
    redirect_uris: Mapped[list[Any]] = mapped_column(default=list)
    scopes: Mapped[list[Any]] = mapped_column(default=list)
    confidential: Mapped[bool] = mapped_column(default=False)
    secret_hash: Mapped[str | None] = mapped_column(sa.String(64))
    created_by_user_id: Mapped[str | None] = mapped_column(IdType)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    secret_rotated_at: Mapped[datetime | None]


class OAuthConsent(TenantMixin, Base):
    """What a user has agreed to let a client do; asked again only for scopes beyond these."""

    __tablename__ = "oauth_consents"
    __table_args__ = (
        tenant_fk(["user_id"], "users.id"),
        tenant_fk(["client_id"], "oauth_clients.client_id"),
    )

    user_id: Mapped[str] = mapped_column(IdType, primary_key=True)
    client_id: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    scopes: Mapped[list[Any]] = mapped_column(default=list)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class OAuthGrant(TenantMixin, IdMixin, Base):
    """One authorization of a client by a user: the family of tokens that rotation produces.
    Revoking the grant (reuse of a rotated refresh token, revocation) ends every token in it."""

    __tablename__ = "oauth_grants"
    __table_args__ = (
        tenant_fk(["user_id"], "users.id"),
        tenant_fk(["client_id"], "oauth_clients.client_id"),
    )

    client_id: Mapped[str] = mapped_column(sa.String(64))
    user_id: Mapped[str] = mapped_column(IdType)
    scopes: Mapped[list[Any]] = mapped_column(default=list)
    resource: Mapped[str] = mapped_column(sa.String(2000))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]
    revoked_reason: Mapped[str | None] = mapped_column(sa.String(40))


class OAuthCode(TenantMixin, IdMixin, Base):
    """An authorization code: single use, short-lived, bound to PKCE, redirect URI and resource."""

    __tablename__ = "oauth_codes"
    __table_args__ = (
        sa.UniqueConstraint("code_hash"),
        tenant_fk(["user_id"], "users.id"),
        tenant_fk(["client_id"], "oauth_clients.client_id"),
    )

    code_hash: Mapped[str] = mapped_column(sa.String(64))
    client_id: Mapped[str] = mapped_column(sa.String(64))
    user_id: Mapped[str] = mapped_column(IdType)
    redirect_uri: Mapped[str] = mapped_column(sa.String(2000))
    scopes: Mapped[list[Any]] = mapped_column(default=list)
    resource: Mapped[str] = mapped_column(sa.String(2000))
    code_challenge: Mapped[str] = mapped_column(sa.String(128))
    expires_at: Mapped[datetime]
    used_at: Mapped[datetime | None]
    grant_id: Mapped[str | None] = mapped_column(IdType)  # set on exchange: reuse revokes it


class OAuthToken(TenantMixin, IdMixin, Base):
    """An access or refresh token of a grant. A refresh token is used once: `rotated_at` marks
    it spent, and presenting it again revokes the grant."""

    __tablename__ = "oauth_tokens"
    __table_args__ = (
        sa.UniqueConstraint("token_hash"),
        tenant_fk(["grant_id"], "oauth_grants.id"),
        sa.Index("ix_oauth_tokens_grant", "organization_id", "grant_id"),
    )

    token_hash: Mapped[str] = mapped_column(sa.String(64))
    kind: Mapped[str] = mapped_column(sa.String(10))  # "access" or "refresh"
    grant_id: Mapped[str] = mapped_column(IdType)
    scopes: Mapped[list[Any]] = mapped_column(default=list)  # a refresh may narrow the grant's
    expires_at: Mapped[datetime]
    rotated_at: Mapped[datetime | None]
    revoked_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
