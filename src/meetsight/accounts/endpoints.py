"""REST for accounts, deals and next-step states (docs/accounts.md). Reading needs
meetings:read or calls:read, and an account shows only the conversations of the kinds the
credential may read; changing accounts and deals needs either write scope; a next step's state
needs the write scope of its conversation's kind."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.responses import Response

from meetsight.accounts import repository as repo
from meetsight.accounts import schemas as s
from meetsight.accounts.account_steps import (
    describe_steps,
    get_step_row,
    list_account_steps,
    set_step_state,
)
from meetsight.accounts.amounts import quoted_amounts
from meetsight.accounts.folding import account_key
from meetsight.accounts.models import AccountActivity, Deal, DealActivity
from meetsight.accounts.risks import account_risks
from meetsight.accounts.service import (
    create_account,
    create_deal,
    require_account,
    require_deal,
    update_account,
    update_deal,
)
from meetsight.accounts.stakeholders import account_stakeholders
from meetsight.accounts.views import serialize_account, serialize_deal, timeline_item
from meetsight.auth.context import AuthContext
from meetsight.auth.scopes import (
    CALLS_READ,
    MEETINGS_READ,
    read_scope,
    write_scope,
)
from meetsight.db.unit_of_work import read_only
from meetsight.deps import DbSession, Reader, Writer, app_state, authorize
from meetsight.errors import NotFound
from meetsight.pagination import total_header
from meetsight.request_params import PageQuery, openapi_parameters, parse_query
from meetsight.responses import envelope
from meetsight.schemas import Envelope

router = APIRouter()
ACCOUNT = "/accounts/{account_id}"


def readable_kinds(ctx: AuthContext) -> repo.Kinds:
    return tuple(is_call for is_call in (False, True) if read_scope(is_call) in ctx.scopes)


async def _account_answer(session: AsyncSession, ctx: AuthContext, account: Any) -> dict[str, Any]:
    org_id = ctx.organization_id
    domains = await repo.domains_of(session, org_id, [account.id])
    stats = await repo.conversation_stats(
        session, org_id, AccountActivity, [account.id], readable_kinds(ctx)
    )
    return serialize_account(account, domains[account.id], stats[account.id])


async def _deal_answer(session: AsyncSession, ctx: AuthContext, deal: Deal) -> dict[str, Any]:
    stats = await repo.conversation_stats(
        session, ctx.organization_id, DealActivity, [deal.id], readable_kinds(ctx)
    )
    return serialize_deal(deal, stats[deal.id])


@router.get(
    "/accounts",
    response_model=Envelope[list[s.AccountOut]],
    tags=["accounts"],
    summary="List accounts (the CRM's companies) by name",
    openapi_extra=openapi_parameters(s.AccountListQuery),
)
async def list_accounts(request: Request, ctx: Reader) -> Response:
    kinds = readable_kinds(ctx)
    query = parse_query(s.AccountListQuery, request)
    org_id = ctx.organization_id
    async with read_only(app_state(request).sessionmaker) as session:
        rows, total = await repo.list_accounts(
            session,
            org_id,
            folded_name=account_key(query.name) if query.name else None,
            domain=query.domain,
            limit=query.limit,
            offset=query.offset,
        )
        ids = [a.id for a in rows]
        domains = await repo.domains_of(session, org_id, ids)
        stats = await repo.conversation_stats(session, org_id, AccountActivity, ids, kinds)
    data = [serialize_account(a, domains[a.id], stats[a.id]) for a in rows]
    return envelope(data, headers=total_header(total))


@router.post(
    "/accounts",
    status_code=201,
    response_model=Envelope[s.AccountOut],
    tags=["accounts"],
    summary="Create an account; stored conversations that match it are linked at once",
)
async def post_account(body: s.AccountCreate, ctx: Writer, session: DbSession) -> Response:
    account = await create_account(session, ctx.organization_id, body)
    return envelope(await _account_answer(session, ctx, account), status_code=201)


@router.get(
    ACCOUNT,
    response_model=Envelope[s.AccountOut],
    tags=["accounts"],
    summary="Get one account",
    openapi_extra=openapi_parameters(path=("account_id",)),
)
async def get_account(request: Request, ctx: Reader) -> Response:
    async with read_only(app_state(request).sessionmaker) as session:
        account = await require_account(
            session, ctx.organization_id, request.path_params["account_id"]
        )
        return envelope(await _account_answer(session, ctx, account))


@router.patch(
    ACCOUNT,
    response_model=Envelope[s.AccountOut],
    tags=["accounts"],
    summary="Change an account's name, domains, CRM id or description",
)
async def patch_account(
    account_id: str, body: s.AccountUpdate, ctx: Writer, session: DbSession
) -> Response:
    account = await update_account(session, ctx.organization_id, account_id, body)
    return envelope(await _account_answer(session, ctx, account))


@asynccontextmanager
async def _account_conversations(
    request: Request, page: PageQuery | None
) -> AsyncIterator[tuple[AuthContext, AsyncSession, list[Any], int]]:
    """The credential, a read-only session, and the account's conversations newest first (one
    page of them when `page` is given)."""
    # Authorized here, after the caller parsed its query (a bad query is a 422 before a 401),
    # an order a dependency would turn around.
    ctx = await authorize(request, MEETINGS_READ, CALLS_READ)
    kinds = readable_kinds(ctx)
    async with read_only(app_state(request).sessionmaker) as session:
        await require_account(session, ctx.organization_id, request.path_params["account_id"])
        rows, total = await repo.account_timeline(
            session,
            ctx.organization_id,
            request.path_params["account_id"],
            kinds,
            limit=page.limit if page else None,
            offset=page.offset if page else 0,
        )
        yield ctx, session, rows, total


AccountRead = Callable[[AsyncSession, str, list[Any]], Awaitable[list[dict[str, Any]]]]


async def _over_conversations(request: Request, read: AccountRead) -> Response:
    """A page of what `read` finds over all the account's conversations (amounts,
    stakeholders, risks: each needs the whole story, so the page is cut from its answer)."""
    page = parse_query(PageQuery, request)
    async with _account_conversations(request, None) as (ctx, session, rows, _):
        items = await read(session, ctx.organization_id, rows)
    chunk = items[page.offset : page.offset + page.limit]
    return envelope(chunk, headers=total_header(len(items)))


@router.get(
    f"{ACCOUNT}/timeline",
    response_model=Envelope[list[s.TimelineItem]],
    tags=["accounts"],
    summary="The account's meetings and calls, newest first",
    openapi_extra=openapi_parameters(PageQuery, path=("account_id",)),
)
async def get_timeline(request: Request) -> Response:
    page = parse_query(PageQuery, request)
    public_url = app_state(request).public_url
    async with _account_conversations(request, page) as (_, _, rows, total):
        return envelope([timeline_item(r, public_url) for r in rows], headers=total_header(total))


@router.get(
    f"{ACCOUNT}/amounts",
    response_model=Envelope[list[s.QuotedAmount]],
    tags=["accounts"],
    summary="Money amounts quoted in the account's conversations, latest first, with moments",
    openapi_extra=openapi_parameters(PageQuery, path=("account_id",)),
)
async def get_amounts(request: Request) -> Response:
    return await _over_conversations(request, quoted_amounts)


@router.get(
    f"{ACCOUNT}/next-steps",
    response_model=Envelope[list[s.AccountNextStep]],
    tags=["accounts"],
    summary="Next steps across the account's conversations (open ones unless state says)",
    openapi_extra=openapi_parameters(s.AccountStepsQuery, path=("account_id",)),
)
async def get_account_steps(request: Request, ctx: Reader) -> Response:
    kinds = readable_kinds(ctx)
    query = parse_query(s.AccountStepsQuery, request)
    account_id = request.path_params["account_id"]
    async with read_only(app_state(request).sessionmaker) as session:
        await require_account(session, ctx.organization_id, account_id)
        items, total = await list_account_steps(
            session,
            ctx.organization_id,
            account_id,
            kinds,
            state=query.state,
            limit=query.limit,
            offset=query.offset,
        )
    return envelope(items, headers=total_header(total))


@router.get(
    f"{ACCOUNT}/stakeholders",
    response_model=Envelope[list[s.Stakeholder]],
    tags=["accounts"],
    summary="Who attended the account's conversations, most talk time first",
    openapi_extra=openapi_parameters(PageQuery, path=("account_id",)),
)
async def get_stakeholders(request: Request) -> Response:
    return await _over_conversations(request, account_stakeholders)


@router.get(
    f"{ACCOUNT}/risks",
    response_model=Envelope[list[s.Risk]],
    tags=["accounts"],
    summary="Unresolved objections, competitors, a missing next step, a champion gone quiet",
    openapi_extra=openapi_parameters(PageQuery, path=("account_id",)),
)
async def get_risks(request: Request) -> Response:
    return await _over_conversations(request, account_risks)


@router.get(
    "/deals",
    response_model=Envelope[list[s.DealOut]],
    tags=["deals"],
    summary="List deals (the CRM's opportunities), newest first",
    openapi_extra=openapi_parameters(s.DealListQuery),
)
async def list_deals(request: Request, ctx: Reader) -> Response:
    kinds = readable_kinds(ctx)
    query = parse_query(s.DealListQuery, request)
    async with read_only(app_state(request).sessionmaker) as session:
        rows, total = await repo.list_deals(
            session,
            ctx.organization_id,
            account_id=query.account_id,
            stage=query.stage,
            limit=query.limit,
            offset=query.offset,
        )
        stats = await repo.conversation_stats(
            session, ctx.organization_id, DealActivity, [d.id for d in rows], kinds
        )
    return envelope([serialize_deal(d, stats[d.id]) for d in rows], headers=total_header(total))


@router.post(
    "/deals",
    status_code=201,
    response_model=Envelope[s.DealOut],
    tags=["deals"],
    summary="Create a deal; stored conversations with its CRM opportunity id are linked",
)
async def post_deal(body: s.DealCreate, ctx: Writer, session: DbSession) -> Response:
    deal = await create_deal(session, ctx.organization_id, body)
    return envelope(await _deal_answer(session, ctx, deal), status_code=201)


@router.get(
    "/deals/{deal_id}",
    response_model=Envelope[s.DealOut],
    tags=["deals"],
    summary="Get one deal",
    openapi_extra=openapi_parameters(path=("deal_id",)),
)
async def get_deal(request: Request, ctx: Reader) -> Response:
    async with read_only(app_state(request).sessionmaker) as session:
        deal = await require_deal(session, ctx.organization_id, request.path_params["deal_id"])
        return envelope(await _deal_answer(session, ctx, deal))


@router.patch(
    "/deals/{deal_id}",
    response_model=Envelope[s.DealOut],
    tags=["deals"],
    summary="Change a deal's name, account, CRM id, stage or amount",
)
async def patch_deal(deal_id: str, body: s.DealUpdate, ctx: Writer, session: DbSession) -> Response:
    deal = await update_deal(session, ctx.organization_id, deal_id, body)
    return envelope(await _deal_answer(session, ctx, deal))


async def _step(session: AsyncSession, ctx: AuthContext, step_id: str) -> Any:
    """The step's row, or 404 when it is missing, another organization's, or of a kind the
    credential cannot read."""
    row = (
        await get_step_row(session, ctx.organization_id, step_id)
        if repo.plausible(step_id)
        else None
    )
    if row is None or read_scope(row.is_call) not in ctx.scopes:
        raise NotFound("Next step not found")
    return row


@router.get(
    "/next-steps/{step_id}",
    response_model=Envelope[s.AccountNextStep],
    tags=["next steps"],
    summary="One next step with its state and any proposal to close it",
    openapi_extra=openapi_parameters(path=("step_id",)),
)
async def get_next_step(request: Request, ctx: Reader) -> Response:
    async with read_only(app_state(request).sessionmaker) as session:
        row = await _step(session, ctx, request.path_params["step_id"])
        return envelope((await describe_steps(session, ctx.organization_id, [row]))[0])


@router.patch(
    "/next-steps/{step_id}",
    response_model=Envelope[s.AccountNextStep],
    tags=["next steps"],
    summary="Set a next step's state: open, done or dropped (the write scope of its kind)",
)
async def patch_next_step(
    step_id: str,
    body: s.NextStepUpdate,
    ctx: Writer,
    session: DbSession,
) -> Response:
    row = await _step(session, ctx, step_id)
    ctx.require(write_scope(row.is_call))  # the write scope of this step's kind
    await set_step_state(session, row[0], body.state)
    await session.flush()
    row = await _step(session, ctx, step_id)
    return envelope((await describe_steps(session, ctx.organization_id, [row]))[0])
