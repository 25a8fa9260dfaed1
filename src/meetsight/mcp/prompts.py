"""MCP prompts: the reviews a sales team asks an assistant for, with the conversations they
need already read in (summaries, next steps and links to their moments), so that one prompt
replaces a round of list and read calls. Each is bounded (`MAX_CONVERSATIONS` conversations,
`SUMMARY_CHARS` of each summary: a few thousand tokens) and scoped to the caller's
organization like the tools."""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS
from pydantic import Field

from meetsight.activities import finder
from meetsight.auth.scopes import read_scope
from meetsight.mcp.access import ToolAccess, tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.resources import conversation_for, summary_text

MAX_CONVERSATIONS = 8
SUMMARY_CHARS = 2_500  # of each conversation's summary text as the resource writes it
NAME_CHARS = 200

Account = Annotated[
    str,
    Field(
        description="The account (customer company) as it appears in titles or as a "
        "participant's name or email, e.g. 'Meridian'"
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
    access: ToolAccess,
    name: str,
    *,
    fields: tuple[str, ...] = ("title_contains", "participant"),
    since: date | None = None,
    until: date | None = None,
) -> list[Any]:
    """The latest conversations (of the kinds the credential reads) that match `name` by one
    of the finder's `fields` (a title containing it, a participant named so), newest first."""
    kinds = [k for k in (False, True) if access.can_read(read_scope(k))]
    if len(kinds) == 2:
        kinds = [None]  # type: ignore[list-item]
    found: dict[str, Any] = {}
    start = datetime.combine(since, time.min, UTC) if since else None
    end = datetime.combine(until, time.max, UTC) if until else None
    async with access.state.sessionmaker() as session:
        for is_call in kinds:
            for field in fields:
                filters = finder.FinderFilters(
                    is_call=is_call, from_at=start, to_at=end, **{field: name}
                )
                rows, _ = await finder.find_activities(
                    session, access.org_id, filters, limit=MAX_CONVERSATIONS, skip=0
                )
                found.update((r.id, r) for r in rows)
    return sorted(found.values(), key=lambda r: r.start_at, reverse=True)[:MAX_CONVERSATIONS]


def _none_for(name: str) -> str:
    return f"No meeting or call of this organization has {name!r} in its title or participants."


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
    name = _name(account, "account")
    rows = await _conversations(access, name)
    if not rows:
        return _none_for(name)
    return (
        f"Review the deal with {name} from its {len(rows)} latest conversations below (newest "
        "first): where it stands, amounts quoted and how they changed, the stakeholders and "
        "who decides, competitors in play, unresolved objections, open next steps with owners "
        "and dates, and what to do next. Cite each point with its conversation link or moment.\n\n"
        + await _digest(access, rows)
    )


async def pre_call_brief(account: Account, ctx: Context[Any, Any]) -> str:
    access = _caller(ctx)
    name = _name(account, "account")
    rows = await _conversations(access, name)
    if not rows:
        return _none_for(name)
    return (
        f"Prepare me for my next call with {name}: who they are and who I will meet, what we "
        "promised and what they promised (open next steps), the questions still open, their "
        "objections and competitors, and three questions I should ask. Be brief; link each "
        f"point to its moment. Their {len(rows)} latest conversations, newest first:\n\n"
        + await _digest(access, rows)
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
    rows = await _conversations(access, name, fields=("participant",), since=since, until=until)
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
