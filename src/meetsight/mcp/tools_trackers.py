"""find_mentions: every moment a tracker's concept came up across meetings and calls over a date
range (docs/trackers.md), so that "every competitor mention last month with its moment" is one
call. The built-in trackers hold what the engine finds: competitors and objections."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.accounts.folding import fold_name
from meetsight.auth.scopes import read_scope
from meetsight.db.unit_of_work import read_only
from meetsight.errors import NotFound
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_result
from meetsight.mcp.tools_listing import READ_ONLY
from meetsight.trackers import service
from meetsight.trackers.builtin import COMPETITORS, OBJECTIONS

ALIASES = {"competitors": COMPETITORS.id, "competitor": COMPETITORS.id}
ALIASES |= {"objections": OBJECTIONS.id, "objection": OBJECTIONS.id}
MENTION_FIELDS: tuple[str, ...] = ("conversationName", "conversationStart", "time", "speaker")
MENTION_FIELDS += ("text", "term", "matchedBy", "repName", "url")


class Mentions(BaseModel):
    tracker: dict[str, Any]
    total: int = Field(description="Mentions in the range, before limit and skip")
    returned: int
    mentions: list[dict[str, Any]]


async def _tracker(session: AsyncSession, org_id: str, ref: str) -> Any:
    """A tracker by id, by an alias of a built-in one, or by its name (accents, case ignored;
    a unique part of it will do)."""
    ref = ref.strip()
    tracker_id = ALIASES.get(ref.lower(), ref)
    try:
        return await service.require_tracker(session, org_id, tracker_id)
    except NotFound:
        pass
    everything, _ = await service.list_trackers(session, org_id, limit=200, offset=0)
    key = fold_name(ref)
    exact = [t for t in everything if fold_name(t.name) == key]
    near = exact or [t for t in everything if key and key in fold_name(t.name)]
    if len(near) == 1:
        return near[0]
    names = ", ".join(t.name for t in everything[:12])
    if near:
        raise ToolFailure(f"Several trackers match; pass one of: {names}")
    raise ToolFailure(f"Tracker not found; the trackers are: {names}")


async def find_mentions(
    ctx: Context[Any, Any],
    tracker: Annotated[
        str,
        Field(
            min_length=1,
            max_length=200,
            description="A tracker's id or name, or 'competitors' / 'objections' (built in)",
        ),
    ],
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    limit: Annotated[int, Field(ge=1, le=100, description="At most this many (default 25)")] = 25,
    skip: a.Skip = 0,
) -> Annotated[CallToolResult, Mentions]:
    access = tool_access(ctx)
    kinds = [k for k in (False, True) if access.can_read(read_scope(k))]
    if not kinds:
        raise ToolFailure("This credential lacks the scope meetings:read")
    start, end = (
        a.day(d, n) if d else None for d, n in ((fromDate, "fromDate"), (toDate, "toDate"))
    )
    if start and end and start > end:
        raise ToolFailure("Invalid argument fromDate: after toDate")
    async with read_only(access.state.sessionmaker) as session:
        found = await _tracker(session, access.org_id, tracker)
        rows, total = await service.mentions_page(
            session,
            access.org_id,
            found.id,
            kinds=kinds,
            from_day=start,
            to_day=end,
            limit=limit,
            offset=skip,
        )
    mentions = []
    for row in rows:
        full = service.mention_out(row, access.state.public_url)
        mentions.append({k: full[k] for k in MENTION_FIELDS if full.get(k) is not None})
    return tool_result(
        Mentions(
            tracker={"id": found.id, "name": found.name},
            total=total,
            returned=len(mentions),
            mentions=mentions,
        )
    )


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        find_mentions,
        name="find_mentions",
        title="Find a tracker's mentions",
        description="Every moment a tracked concept came up in meetings and calls, newest "
        "conversation first: conversationName, conversationStart, time (seconds), speaker, "
        "text, term (the word or example matched), matchedBy (words or meaning), repName and "
        "url (the moment). tracker: 'competitors' or 'objections' (what the engine finds), or "
        "one of the organization's trackers by name or id (pricing, security, a product). For "
        "a concept without a tracker use search_meetings/search_calls (by meaning). Example: "
        "{tracker: 'competitors', fromDate: '2026-10-01', toDate: '2026-10-31'}.",
        annotations=READ_ONLY,
    )
