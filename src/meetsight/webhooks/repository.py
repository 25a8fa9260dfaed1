"""Every query on webhook endpoints, their deliveries and attempts; each one is scoped by the
organization it is given (tools/tenant_scope.py keeps the tenant filter here)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint


async def count_endpoints(session: AsyncSession, org_id: str) -> int:
    total = await session.scalar(
        sa.select(sa.func.count())
        .select_from(WebhookEndpoint)
        .where(WebhookEndpoint.organization_id == org_id)
    )
    return int(total or 0)


async def page_endpoints(
    session: AsyncSession, org_id: str, *, limit: int, offset: int
) -> tuple[list[WebhookEndpoint], int]:
    """One page of the organization's endpoints in id order, and how many there are."""
    total = await count_endpoints(session, org_id)
    rows = await session.scalars(
        sa.select(WebhookEndpoint)
        .where(WebhookEndpoint.organization_id == org_id)
        .order_by(WebhookEndpoint.id)
        .limit(limit)
        .offset(offset)
    )
    return list(rows), total


async def get_endpoint(
    session: AsyncSession, org_id: str, endpoint_id: str
) -> WebhookEndpoint | None:
    return await session.get(WebhookEndpoint, (org_id, endpoint_id))


async def subscriptions(session: AsyncSession, org_id: str) -> Sequence[Any]:
    """(id, events) of the organization's active endpoints."""
    found = await session.execute(
        sa.select(WebhookEndpoint.id, WebhookEndpoint.events).where(
            WebhookEndpoint.organization_id == org_id,
            WebhookEndpoint.active.is_(True),
        )
    )
    return found.all()


async def delete_delivery_log(session: AsyncSession, org_id: str, endpoint_id: str) -> None:
    """An endpoint's deliveries and their attempts."""
    delivery_ids = sa.select(WebhookDelivery.id).where(
        WebhookDelivery.organization_id == org_id, WebhookDelivery.endpoint_id == endpoint_id
    )
    # Explicit rather than trusting ON DELETE CASCADE: SQLite enforces it only with the pragma.
    await session.execute(
        sa.delete(WebhookAttempt).where(
            WebhookAttempt.organization_id == org_id, WebhookAttempt.delivery_id.in_(delivery_ids)
        )
    )
    await session.execute(
        sa.delete(WebhookDelivery).where(
            WebhookDelivery.organization_id == org_id, WebhookDelivery.endpoint_id == endpoint_id
        )
    )


async def page_deliveries(
    session: AsyncSession, org_id: str, endpoint_id: str, *, limit: int, offset: int
) -> tuple[list[WebhookDelivery], int]:
    """One page of an endpoint's deliveries, newest first, and how many there are."""
    where = sa.and_(
        WebhookDelivery.organization_id == org_id, WebhookDelivery.endpoint_id == endpoint_id
    )
    total = await session.scalar(
        sa.select(sa.func.count()).select_from(WebhookDelivery).where(where)
    )
    deliveries = await session.scalars(
        sa.select(WebhookDelivery)
        .where(where)
        .order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return list(deliveries), int(total or 0)


async def attempts_of(
    session: AsyncSession, org_id: str, delivery_ids: list[str]
) -> list[WebhookAttempt]:
    """The attempts of these deliveries, by delivery then in order."""
    rows = await session.scalars(
        sa.select(WebhookAttempt)
        .where(
            WebhookAttempt.organization_id == org_id,
            WebhookAttempt.delivery_id.in_(delivery_ids),
        )
        .order_by(WebhookAttempt.delivery_id, WebhookAttempt.attempt)
    )
    return list(rows)


async def delivery_with_endpoint(
    session: AsyncSession, org_id: str, delivery_id: str
) -> tuple[WebhookDelivery, WebhookEndpoint] | None:
    """A delivery and the endpoint it goes to; None once the endpoint was deleted."""
    found = (
        await session.execute(
            sa.select(WebhookDelivery, WebhookEndpoint)
            .join(
                WebhookEndpoint,
                sa.and_(
                    WebhookEndpoint.organization_id == WebhookDelivery.organization_id,
                    WebhookEndpoint.id == WebhookDelivery.endpoint_id,
                ),
            )
            .where(WebhookDelivery.organization_id == org_id, WebhookDelivery.id == delivery_id)
        )
    ).first()
    return None if found is None else (found[0], found[1])


async def update_delivery(
    session: AsyncSession, org_id: str, delivery_id: str, **values: Any
) -> None:
    await session.execute(
        sa.update(WebhookDelivery)
        .where(WebhookDelivery.organization_id == org_id, WebhookDelivery.id == delivery_id)
        .values(**values)
    )
