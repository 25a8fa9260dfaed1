"""Every query on API keys; each one is scoped by the organization it is given, but for the two
that find a key before its organization is known: by its hash (the presented key is the
credential) and by id for the operator's CLI, which acts across organizations."""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.auth.models import ApiKey
from meetsight.db.reads import AnySelect, Reader


async def key_by_id(
    session: AsyncSession, key_id: str, *, organization_id: str | None
) -> ApiKey | None:
    """The key in the organization; in any organization when it is None (the operator)."""
    query = sa.select(ApiKey).where(ApiKey.id == key_id)
    if organization_id is not None:
        query = query.where(ApiKey.organization_id == organization_id)
    return (await session.execute(query)).scalar_one_or_none()


async def keys_of(
    session: AsyncSession, organization_id: str, *, created_by_user_id: str | None = None
) -> list[ApiKey]:
    """The organization's keys, newest first; only those one user created when given."""
    query = sa.select(ApiKey).where(ApiKey.organization_id == organization_id)
    if created_by_user_id is not None:
        query = query.where(ApiKey.created_by_user_id == created_by_user_id)
    rows = await session.execute(query.order_by(ApiKey.created_at.desc(), ApiKey.id.desc()))
    return list(rows.scalars())


@lru_cache(maxsize=8)
def _by_hash(count: int) -> AnySelect:
    """The columns a key check reads, for the key stored under one of `count` hashes (bound
    as d0, d1, ...). One statement object per count: the reader compiles it once."""
    hashes: list[sa.BindParameter[str]] = [sa.bindparam(f"d{i}") for i in range(count)]
    return sa.select(
        ApiKey.id,
        ApiKey.organization_id,
        ApiKey.key_hash,
        ApiKey.scopes,
        ApiKey.expires_at,
        ApiKey.revoked_at,
        ApiKey.last_used_at,
        ApiKey.created_by_user_id,
    ).where(ApiKey.key_hash.in_(hashes))


async def key_by_hash(reader: Reader, digests: list[str]) -> Any | None:
    """The key stored under one of these hashes (the presented key under each secret), as a
    row of `_by_hash`'s columns; None when there is none.

    Read through the app's reader (db/reads.py: on SQLite its read-only connection, inline on
    the event loop, which sees every commit) rather than an ORM session: each key is looked up
    again every `api_key_cache_seconds`, and a session with its thread hop cost several times
    the read itself (docs/benchmarks.md, REST reads)."""
    rows = await reader.fetch(_by_hash(len(digests)), {f"d{i}": d for i, d in enumerate(digests)})
    if not rows:
        return None
    return rows[0]


async def update_key(
    session: AsyncSession, organization_id: str, key_id: str, **values: Any
) -> None:
    await session.execute(
        sa.update(ApiKey)
        .where(ApiKey.organization_id == organization_id, ApiKey.id == key_id)
        .values(**values)
    )


async def revoke_keys_created_by(
    session: AsyncSession, organization_id: str, user_id: str, *, at: datetime
) -> None:
    """Revoke the live keys a user created (the user is leaving the organization)."""
    await session.execute(
        sa.update(ApiKey)
        .where(
            ApiKey.organization_id == organization_id,
            ApiKey.created_by_user_id == user_id,
            ApiKey.revoked_at.is_(None),
        )
        .values(revoked_at=at)
    )
