"""MCP prompts: the reviews a sales team asks an assistant for, with the conversations they
need already read in (summaries, next steps and links to their moments), so that one prompt
replaces a round of list and read calls. Each is bounded (`MAX_CONVERSATIONS` conversations,
`SUMMARY_CHARS` of each summary, `OPEN_STEPS` open next steps: a few thousand tokens) and
scoped to the caller's organization like the tools. The account prompts read the account
entity (its matched conversations, docs/accounts.md), not titles that mention a name."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS
from pydantic import Field

from meetsight.accounts import repository as accounts
from meetsight.accounts.account_steps import list_account_steps
from meetsight.activities import finder
from meetsight.activities import repository as activities_repository
from meetsight.activity_filter import ActivityFilter
from meetsight.auth.scopes import read_scope
from meetsight.db.unit_of_work import read_only
from meetsight.mcp.access import ToolAccess, tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.resources import conversation_for, summary_text
from meetsight.mcp.tools_accounts import find_account, readable_kinds, with_urls

MAX_CONVERSATIONS = 8
SUMMARY_CHARS = 2_500  # of each conversation's summary text as the resource writes it
NAME_CHARS = 200
OPEN_STEPS = 20  # open next steps listed; the count says how many there are in all

Account = Annotated[
    str,
    Field(
        description="The account (customer company): an id from list_accounts, its name "
        "(accents and case ignored, or a part of it naming one account) or an email domain "
        "of its people, e.g. 'Meridian'"
    ),
]


def _caller(ctx: Context[Any, Any]) -> ToolAccess:
    try:
        return tool_access(ctx)
    except ToolFailure as exc:
        raise MCPError(code=INVALID_PARAMS, message=str(exc)) from None


def _name(value: str, what: str) -> str:
    value = value.strip()
    if not value or len(value) > NAME_CHARS:
        raise MCPError(code=INVALID_PARAMS, message=f"{what}: 1 to {NAME_CHARS} characters")
    return value


def _day(value: str | None, what: str) -> date | None:
    if not value:
        return None
    try:
        return date.fromisoformat(value.strip())
    except ValueError:
        raise MCPError(code=INVALID_PARAMS, message=f"{what}: a date as YYYY-MM-DD") from None


async def _conversations(
    access: ToolAccess, name: str, *, since: date | None, until: date | None
) -> list[Any]:
    """The latest conversations (of the kinds the credential reads) with a participant named
    `name` (or with that email), newest first."""
    kinds = [k for k in (False, True) if access.can_read(read_scope(k))]
    if len(kinds) == 2:
        kinds = [None]  # type: ignore[list-item]
    found: dict[str, Any] = {}
    start = datetime.combine(since, time.min, UTC) if since else None
    end = datetime.combine(until, time.max, UTC) if until else None
    async with read_only(access.state.sessionmaker) as session:
        for is_call in kinds:
            filters = ActivityFilter(is_call=is_call, from_at=start, to_at=end, participant=name)
            rows, _ = await finder.find_activities(
                session, access.org_id, filters, limit=MAX_CONVERSATIONS, skip=0
            )
            found.update((r.id, r) for r in rows)
    return sorted(found.values(), key=lambda r: r.start_at, reverse=True)[:MAX_CONVERSATIONS]


@dataclass
class AccountRead:
    name: str
    rows: list[Any]  # its latest conversations (Activity rows), newest first
    total: int  # its conversations of the kinds the credential reads
    steps: list[dict[str, Any]]  # its open next steps, newest conversation first
    open_total: int


async def _account(access: ToolAccess, ref: str) -> AccountRead | str:
    """The account `ref` names with its latest conversations and open next steps, or a line
    saying why there is none (an unknown or ambiguous name answers the prompt, not an error)."""
    try:
        kinds = readable_kinds(access)
    except ToolFailure as exc:
        raise MCPError(code=INVALID_PARAMS, message=str(exc)) from None
    async with read_only(access.state.sessionmaker) as session:
        try:
            account = await find_account(session, access.org_id, ref)
        except ToolFailure as exc:
            return f"No account of this organization for {ref!r}. {exc}."
        timeline, total = await accounts.account_timeline(
            session, access.org_id, account.id, kinds, limit=MAX_CONVERSATIONS
        )
        # The whole rows: the summary's heading shows a failed conversation's reason too.
        by_id = {
            a.id: a
            for a in await activities_repository.activities_by_ids(
                session, access.org_id, [r.id for r in timeline]
            )
        }
        steps, open_total = await list_account_steps(
            session, access.org_id, account.id, kinds, state="open", limit=OPEN_STEPS, offset=0
        )
    if not timeline:
        return f"The account {account.name} has no meeting or call this credential can read yet."
    rows = [by_id[r.id] for r in timeline]
    return AccountRead(
        account.name, rows, total, with_urls(steps, access.state.public_url), open_total
    )


def _open_steps(read: AccountRead) -> str:
    if not read.open_total:
        return "No next step of its conversations is open."
    lines = [f"Open next steps across all its conversations ({read.open_total}, newest first):"]
    for step in read.steps:
        who = ", ".join(step["actors"]) or "unassigned"
        due = f", due {step['deadline']}" if step["deadline"] else ""
        said = step["conversation"]
        lines.append(
            f"- {step['action']} ({who}{due}) · {said['name']}, {said['startDateTime'][:10]}"
            f" · {step['url']}"
        )
    if read.open_total > len(read.steps):
        lines.append(f"(and {read.open_total - len(read.steps)} more: get_account lists them)")
    return "\n".join(lines)


def _covered(read: AccountRead) -> str:
    if read.total > len(read.rows):
        return f"its {len(read.rows)} latest of {read.total} conversations"
    return f"its {read.total} conversation" + ("s" if read.total > 1 else "")


async def _digest(access: ToolAccess, rows: list[Any]) -> str:
    parts = []
    for row in rows:
        text = await summary_text(access, row)
        if len(text) > SUMMARY_CHARS:
            text = text[:SUMMARY_CHARS].rsplit("\n", 1)[0] + "\n(cut: read the rest with the "
            text += f"resource meetsight://conversations/{row.id}/summary)\n"
        parts.append(text)
    return "\n---\n".join(parts)


async def call_recap(
    conversationId: Annotated[str, Field(description="A meeting or call id from the tools")],
    ctx: Context[Any, Any],
) -> str:
    access, row = await conversation_for(ctx, conversationId.strip())
    return (
        "Write a recap of this conversation for the account team: the outcome in two "
        "sentences, what the customer cares about, objections and how they were handled, "
        "next steps with owner and date, and the risks. Quote only what was said, and link "
        "each point to its moment (the links below; the transcript is the resource "
        f"meetsight://conversations/{row.id}/transcript).\n\n" + await summary_text(access, row)
    )


async def deal_review(account: Account, ctx: Context[Any, Any]) -> str:
    access = _caller(ctx)
    read = await _account(access, _name(account, "account"))
    if isinstance(read, str):
        return read
    return (
        f"Review the deal with {read.name} from {_covered(read)} below (newest first): where "
        "it stands, amounts quoted and how they changed, the stakeholders and who decides, "
        "competitors in play, unresolved objections, the open next steps with owners and "
        "dates, and what to do next. Cite each point with its conversation link or moment."
        f"\n\n{_open_steps(read)}\n\n---\n" + await _digest(access, read.rows)
    )


async def pre_call_brief(account: Account, ctx: Context[Any, Any]) -> str:
    access = _caller(ctx)
    read = await _account(access, _name(account, "account"))
    if isinstance(read, str):
        return read
    return (
        f"Prepare me for my next call with {read.name}: who they are and who I will meet, "
        "what we promised and what they promised (the open next steps), the questions still "
        "open, their objections and competitors, and three questions I should ask. Be brief; "
        f"link each point to its moment.\n\n{_open_steps(read)}\n\n"
        f"{_covered(read).capitalize()}, newest first:\n\n" + await _digest(access, read.rows)
    )


async def coaching_review(
    rep: Annotated[str, Field(description="The rep's name or email")],
    ctx: Context[Any, Any],
    fromDate: Annotated[str | None, Field(description="YYYY-MM-DD, first day (UTC)")] = None,
    toDate: Annotated[str | None, Field(description="YYYY-MM-DD, last day (UTC)")] = None,
) -> str:
    access = _caller(ctx)
    name = _name(rep, "rep")
    since, until = _day(fromDate, "fromDate"), _day(toDate, "toDate")
    if since and until and since > until:
        raise MCPError(code=INVALID_PARAMS, message="fromDate: after toDate")
    rows = await _conversations(access, name, since=since, until=until)
    if not rows:
        return f"No meeting or call with {name!r} taking part in that period."
    return (
        f"Coach {name} from their {len(rows)} latest conversations below: what went well, "
        "talk-to-listen balance and questions asked (get_meetings_statistics gives the "
        "figures), how objections and next steps were handled, and two concrete habits to "
        "change, each with a moment that shows it; each conversation's score (0-100) is in "
        "its heading.\n\n" + await _digest(access, rows)
    )


def register(server: MCPServer[Any]) -> None:
    server.prompt(
        name="call_recap",
        title="Call recap",
        description="A recap of one meeting or call: outcome, customer concerns, objections, "
        "next steps with owners and dates, risks; its summary is read in.",
    )(call_recap)
    server.prompt(
        name="deal_review",
        title="Deal review",
        description="Where a deal stands, from the account's latest conversations (read in): "
        "amounts, stakeholders, competitors, objections, open next steps, what to do next.",
    )(deal_review)
    server.prompt(
        name="pre_call_brief",
        title="Pre-call brief",
        description="A brief before the next call with an account: people, open promises, "
        "open questions, objections, competitors and questions to ask.",
    )(pre_call_brief)
    server.prompt(
        name="coaching_review",
        title="Coaching review of a rep",
        description="Coaching for one rep from their latest conversations in a date range: "
        "strengths, balance of talk and questions, objection handling, habits to change.",
    )(coaching_review)
