"""/app/accounts: the organization's accounts (the CRM's companies) searchable by name, and one
account across its meetings and calls: the timeline, amounts quoted over time, open next steps,
stakeholders by talk time and risks. Reuses the data functions behind the REST and MCP account
reads (accounts/endpoints.py, mcp/tools_accounts.py); a member reads meetings and calls alike."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from meetsight.accounts import repository as repo
from meetsight.accounts.account_steps import list_account_steps, step_counts
from meetsight.accounts.amounts import quoted_amounts
from meetsight.accounts.folding import account_key
from meetsight.accounts.models import AccountActivity
from meetsight.accounts.risks import account_risks
from meetsight.accounts.stakeholders import account_stakeholders
from meetsight.activities.serializers import moment_url
from meetsight.deps import DbSession
from meetsight.web.csrf import enforce_csrf
from meetsight.web.errors import PageError
from meetsight.web.sessions import WebUser, require_user
from meetsight.web.templating import render

router = APIRouter(prefix="/app", dependencies=[Depends(enforce_csrf)], include_in_schema=False)
PAGE = "/app/accounts"
BOTH_KINDS = (False, True)  # a signed-in member reads meetings and calls alike (web/access.py)
PER_PAGE = 25
NAME_MAX = 200
# What one account's page shows of each list; the REST reads page through all of them.
SHOWN = {"conversations": 50, "amounts": 20, "steps": 50, "stakeholders": 12}
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
RISK_TITLES = {
    "unresolvedObjection": "Unresolved objection",
    "competitorPresent": "Competitor present",
    "noNextStep": "No next step",
    "championQuiet": "Champion gone quiet",
}


def money(value: float | None, currency: str | None) -> str:
    """$48,000 or 12,500.50 CHF: whole amounts without cents."""
    if value is None:
        return "—"
    figure = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"
    symbol = SYMBOLS.get(currency or "")
    if symbol:
        return symbol + figure
    return f"{figure} {currency}" if currency else figure


def moment_link(item: dict[str, Any]) -> str | None:
    """The conversation at the moment (`?t=` seconds), or the conversation when no time."""
    ref = item.get("conversation") or {}
    if not ref.get("id"):
        return None
    return moment_url("", ref["id"], item.get("startTime"))


def _page_number(value: str | None) -> int:
    try:
        return max(1, min(int(value or "1"), 10_000))
    except ValueError:
        return 1


@router.get("/accounts")
async def accounts_page(
    request: Request, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    org = user.organization_id
    name = request.query_params.get("name", "").strip()[:NAME_MAX]
    page = _page_number(request.query_params.get("page"))
    rows, total = await repo.list_accounts(
        session,
        org,
        folded_name=account_key(name) if name else None,
        domain=None,
        limit=PER_PAGE,
        offset=(page - 1) * PER_PAGE,
    )
    ids = [a.id for a in rows]
    domains = await repo.domains_of(session, org, ids)
    stats = await repo.conversation_stats(session, org, AccountActivity, ids, BOTH_KINDS)
    open_steps = await step_counts(session, org, ids, BOTH_KINDS, state="open")
    accounts = [
        {
            "id": a.id,
            "name": a.name,
            "domains": domains[a.id],
            "conversations": stats[a.id][0],
            "last": stats[a.id][1],
            "open_steps": open_steps[a.id],
        }
        for a in rows
    ]

    def page_link(n: int) -> str:
        return f"{PAGE}?" + urlencode({**({"name": name} if name else {}), "page": n})

    return render(
        request,
        "accounts.html",
        accounts=accounts,
        total=total,
        name=name,
        page=page,
        pages=max(1, -(-total // PER_PAGE)),
        page_link=page_link,
    )


@router.get("/accounts/{account_id}")
async def account_page(
    request: Request, account_id: str, session: DbSession, user: WebUser = Depends(require_user)
) -> Response:
    org = user.organization_id
    account = await repo.get_account(session, org, account_id[:64])
    if account is None:  # missing or another organization's: the same page
        raise PageError(404, "No account with this address.")
    timeline, count = await repo.account_timeline(session, org, account.id, BOTH_KINDS)
    domains = await repo.domains_of(session, org, [account.id])
    steps, open_total = await list_account_steps(
        session, org, account.id, BOTH_KINDS, state="open", limit=SHOWN["steps"], offset=0
    )
    amounts = await quoted_amounts(session, org, timeline)
    people = await account_stakeholders(session, org, timeline)
    risks = await account_risks(session, org, timeline)
    return render(
        request,
        "account.html",
        account=account,
        domains=domains[account.id],
        count=count,
        last=timeline[0].start_at if timeline else None,
        timeline=timeline[: SHOWN["conversations"]],
        amounts=amounts[: SHOWN["amounts"]],
        amounts_total=len(amounts),
        steps=steps,
        open_total=open_total,
        people=people[: SHOWN["stakeholders"]],
        people_total=len(people),
        risks=risks,
        risk_titles=RISK_TITLES,
        money=money,
        moment_link=moment_link,
    )
