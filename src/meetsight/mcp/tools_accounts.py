"""list_accounts and get_account: the accounts (the CRM's companies) across their meetings and
calls, so that "open next steps of the biggest deal" is two calls: the accounts sorted by the
largest amount quoted, then that account's overview (docs/accounts.md has the data)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts import repository as accounts
from meetsight.accounts.account_steps import list_account_steps, step_counts
from meetsight.accounts.amounts import largest_amounts, quoted_amounts
from meetsight.accounts.folding import account_key
from meetsight.accounts.models import Account, AccountActivity
from meetsight.accounts.risks import account_risks
from meetsight.accounts.stakeholders import account_stakeholders
from meetsight.accounts.views import serialize_account, timeline_item
from meetsight.activities.serializers import moment_url
from meetsight.auth.scopes import read_scope
from meetsight.db.unit_of_work import read_only
from meetsight.mcp.access import ToolAccess, tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_result
from meetsight.mcp.tools_listing import READ_ONLY

ACCOUNT_NOT_FOUND = "Account not found: pass an id, a name or a domain from list_accounts"
EPOCH = datetime(1970, 1, 1)
SCAN_ACCOUNTS = 500  # accounts read to sort by amount: beyond, the first 500 by name
OVERVIEW = {"conversations": 10, "amounts": 10, "steps": 30, "stakeholders": 8, "risks": 10}

AccountRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=255,
        description="An account id from list_accounts, its name (accents and case ignored) or "
        "an email domain of its people (acme.com)",
    ),
]


class AccountRow(BaseModel):
    id: str
    name: str
    domains: list[str] = []
    conversationCount: int = 0
    lastConversationAt: str | None = None
    largestAmount: dict[str, Any] | None = Field(
        None, description="The largest amount quoted: value, currency, quote, url of the moment"
    )
    openNextSteps: int = 0


class AccountPage(BaseModel):
    accounts: list[AccountRow]
    total: int = Field(description="Accounts matching, before limit")
    returned: int


class AccountOverview(BaseModel):
    account: dict[str, Any]
    conversations: list[dict[str, Any]] = Field(
        description="Latest meetings and calls, newest first, each with its url"
    )
    amounts: list[dict[str, Any]] = Field(
        description="Amounts quoted, latest first: value, currency, speaker, quote, url"
    )
    openNextSteps: list[dict[str, Any]] = Field(
        description="Open next steps across its conversations: id, action, actors, deadline, "
        "the conversation and the url of the moment it was said"
    )
    stakeholders: list[dict[str, Any]] = Field(description="People, most talk time first")
    risks: list[dict[str, Any]] = Field(
        description="Unresolved objections, competitors, no next step, a champion gone quiet"
    )


def readable_kinds(access: ToolAccess) -> tuple[bool, ...]:
    kinds = tuple(k for k in (False, True) if access.can_read(read_scope(k)))
    if not kinds:
        raise ToolFailure("This credential lacks the scope meetings:read")
    return kinds


def with_urls(items: list[dict[str, Any]], public_url: str) -> list[dict[str, Any]]:
    """Each moment (a dict with `conversation` and `startTime`) with the link to it."""
    for item in items:
        ref = item.get("conversation")
        if isinstance(ref, dict) and ref.get("id"):
            item["url"] = moment_url(public_url, ref["id"], item.get("startTime") or 0)
    return items


async def _largest(
    session: AsyncSession, access: ToolAccess, account_ids: Sequence[str], kinds: tuple[bool, ...]
) -> dict[str, dict[str, Any]]:
    timelines = await accounts.timelines_of(session, access.org_id, account_ids, kinds)
    found = await largest_amounts(session, access.org_id, timelines)
    return {a: with_urls([amount], access.state.public_url)[0] for a, amount in found.items()}


async def list_accounts(
    ctx: Context[Any, Any],
    name: Annotated[
        str | None,
        Field(max_length=200, description="Part of the account's name (accents, case ignored)"),
    ] = None,
    sortBy: Annotated[
        Literal["name", "largestAmount", "recent"],
        Field(
            description="name; largestAmount: the largest amount quoted in its conversations "
            "first (the biggest deal); recent: the latest conversation first"
        ),
    ] = "name",
    limit: Annotated[int, Field(ge=1, le=50, description="At most this many (default 10)")] = 10,
) -> Annotated[CallToolResult, AccountPage]:
    access = tool_access(ctx)
    kinds = readable_kinds(access)
    async with read_only(access.state.sessionmaker) as session:
        rows, total = await accounts.list_accounts(
            session,
            access.org_id,
            folded_name=account_key(name) if name else None,
            domain=None,
            limit=SCAN_ACCOUNTS if sortBy != "name" else limit,
            offset=0,
        )
        ids = [a.id for a in rows]
        stats = await accounts.conversation_stats(
            session, access.org_id, AccountActivity, ids, kinds
        )
        if sortBy == "recent":
            rows.sort(key=lambda a: stats[a.id][1] or EPOCH, reverse=True)
        largest = await _largest(
            session, access, ids if sortBy == "largestAmount" else ids[:limit], kinds
        )
        if sortBy == "largestAmount":
            rows.sort(key=lambda a: largest.get(a.id, {}).get("value") or 0, reverse=True)
        rows = rows[:limit]
        domains = await accounts.domains_of(session, access.org_id, [a.id for a in rows])
        steps = await step_counts(session, access.org_id, [a.id for a in rows], kinds, state="open")
    page = [
        AccountRow(
            **{
                k: v
                for k, v in serialize_account(a, domains[a.id], stats[a.id]).items()
                if k in AccountRow.model_fields
            },
            largestAmount=largest.get(a.id),
            openNextSteps=steps[a.id],
        )
        for a in rows
    ]
    return tool_result(AccountPage(accounts=page, total=total, returned=len(page)))


async def find_account(session: AsyncSession, org_id: str, ref: str) -> Account:
    """An account by id, exact folded name, email domain, or the one name containing `ref`."""
    ref = ref.strip()
    found = await accounts.get_account(session, org_id, ref)
    if found is not None:
        return found
    key = account_key(ref)
    exact = await accounts.account_by_folded_name(session, org_id, key)
    if exact is not None:
        return exact
    rows, _ = await accounts.list_accounts(
        session, org_id, folded_name=None, domain=ref.lower(), limit=2, offset=0
    )
    if not rows and key:
        rows, _ = await accounts.list_accounts(
            session, org_id, folded_name=key, domain=None, limit=6, offset=0
        )
    if len(rows) == 1:
        return rows[0]
    if rows:
        names = ", ".join(a.name for a in rows[:5])
        raise ToolFailure(f"Several accounts match: {names}; pass the id")
    raise ToolFailure(ACCOUNT_NOT_FOUND)


async def get_account(
    ctx: Context[Any, Any], account: AccountRef
) -> Annotated[CallToolResult, AccountOverview]:
    access = tool_access(ctx)
    kinds = readable_kinds(access)
    public = access.state.public_url
    async with read_only(access.state.sessionmaker) as session:
        row = await find_account(session, access.org_id, account)
        timeline, _ = await accounts.account_timeline(session, access.org_id, row.id, kinds)
        domains = await accounts.domains_of(session, access.org_id, [row.id])
        stats = await accounts.conversation_stats(
            session, access.org_id, AccountActivity, [row.id], kinds
        )
        amounts = await quoted_amounts(session, access.org_id, timeline)
        steps, _ = await list_account_steps(
            session,
            access.org_id,
            row.id,
            kinds,
            state="open",
            limit=OVERVIEW["steps"],
            offset=0,
        )
        people = await account_stakeholders(session, access.org_id, timeline)
        risks = await account_risks(session, access.org_id, timeline)
    overview = AccountOverview(
        account=serialize_account(row, domains[row.id], stats[row.id]),
        conversations=[timeline_item(r, public) for r in timeline[: OVERVIEW["conversations"]]],
        amounts=with_urls(amounts[: OVERVIEW["amounts"]], public),
        openNextSteps=with_urls(steps, public),
        stakeholders=people[: OVERVIEW["stakeholders"]],
        risks=with_urls(risks[: OVERVIEW["risks"]], public),
    )
    return tool_result(overview)


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        list_accounts,
        name="list_accounts",
        title="List accounts",
        description="Accounts (customer companies) with their meetings and calls: id, name, "
        "email domains, conversationCount, lastConversationAt, largestAmount (the largest "
        "amount quoted in them, with the quote and a link to the moment) and openNextSteps. "
        "sortBy=largestAmount puts the biggest deal first. Then get_account for one of them. "
        "Example: {sortBy: 'largestAmount', limit: 3}.",
        annotations=READ_ONLY,
    )
    server.add_tool(
        get_account,
        name="get_account",
        title="Account overview",
        description="One account across its meetings and calls: latest conversations, amounts "
        "quoted over time (latest first), open next steps (id, action, actors, deadline, the "
        "moment each was said), stakeholders by talk time, and risks (unresolved objections, "
        "competitors present, no next step, a champion gone quiet). Every moment has a url. "
        "Example: {account: 'Meridian'}.",
        annotations=READ_ONLY,
    )
