"""REST: /webhooks (CRUD) and /webhooks/{id}/deliveries (the delivery log).

Webhooks carry meetings and calls alike to a URL outside, so every webhook endpoint, reading
included, needs both meetings:write and calls:write (docs/webhooks.md).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from meetsight.deps import Admin, DbSession, State
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope
from meetsight.webhooks import service
from meetsight.webhooks.schemas import (
    WebhookCreate,
    WebhookDeliveryOut,
    WebhookOut,
    WebhookUpdate,
)

router = APIRouter(prefix="/webhooks", tags=["webhooks"])


@router.get(
    "",
    response_model=Envelope[list[WebhookOut]],
    summary="List the organization's webhook endpoints",
    openapi_extra=openapi_parameters(PageQuery),
)
async def get_webhooks(request: Request, ctx: Admin, session: DbSession) -> Response:
    page = parse_query(PageQuery, request)
    rows, total = await service.list_endpoints(
        session, ctx.organization_id, limit=page.limit, offset=page.offset
    )
    return envelope([service.serialize_endpoint(r) for r in rows], headers=total_header(total))


@router.post(
    "",
    status_code=201,
    response_model=Envelope[WebhookOut],
    summary="Create a webhook endpoint; the answer shows its secret, once",
)
async def post_webhook(
    body: WebhookCreate, ctx: Admin, session: DbSession, state: State
) -> Response:
    row = await service.create_endpoint(
        session, ctx.organization_id, body, allow_private=state.settings.webhook_allow_private
    )
    return envelope(service.serialize_endpoint(row, with_secret=True), status_code=201)


@router.get("/{webhook_id}", response_model=Envelope[WebhookOut], summary="Get a webhook endpoint")
async def get_webhook(webhook_id: str, ctx: Admin, session: DbSession) -> Response:
    row = await service.require_endpoint(session, ctx.organization_id, webhook_id)
    return envelope(service.serialize_endpoint(row))


@router.patch(
    "/{webhook_id}", response_model=Envelope[WebhookOut], summary="Change a webhook endpoint"
)
async def patch_webhook(
    webhook_id: str, body: WebhookUpdate, ctx: Admin, session: DbSession, state: State
) -> Response:
    row = await service.update_endpoint(
        session,
        ctx.organization_id,
        webhook_id,
        body,
        allow_private=state.settings.webhook_allow_private,
    )
    return envelope(service.serialize_endpoint(row))


@router.delete(
    "/{webhook_id}",
    response_model=Envelope[bool],
    summary="Delete a webhook endpoint and its delivery log",
)
async def delete_webhook(webhook_id: str, ctx: Admin, session: DbSession) -> Response:
    await service.delete_endpoint(session, ctx.organization_id, webhook_id)
    return envelope(True)


@router.get(
    "/{webhook_id}/deliveries",
    response_model=Envelope[list[WebhookDeliveryOut]],
    summary="The endpoint's deliveries, newest first, with every attempt",
    openapi_extra=openapi_parameters(PageQuery),
)
async def get_deliveries(
    webhook_id: str, request: Request, ctx: Admin, session: DbSession
) -> Response:
    page = parse_query(PageQuery, request)
    items, total = await service.list_deliveries(
        session, ctx.organization_id, webhook_id, limit=page.limit, offset=page.offset
    )
    return envelope(items, headers=total_header(total))
