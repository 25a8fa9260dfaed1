"""A conversation's transcript and summary as MCP resources with stable URIs
(`meetsight://conversations/{id}/transcript`, `.../summary`): plain text an assistant can
attach or quote, every line with the link to its moment in the web app. The tools return the
same content as structured JSON; a resource is what a client pins into a chat."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from meetsight.activities import repository as repo
from meetsight.activities.kinds import kind_of
from meetsight.activities.serializers import activity_url, moment_url
from meetsight.db.unit_of_work import read_only
from meetsight.intelligence.models import ActivityScore
from meetsight.intelligence.repository import get_summary
from meetsight.mcp.access import ToolAccess, tool_access
from meetsight.mcp.content import clock
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.loading import activity_by_id

TRANSCRIPT_URI = "meetsight://conversations/{id}/transcript"
SUMMARY_URI = "meetsight://conversations/{id}/summary"
RESOURCE_NOT_FOUND = -32002  # the MCP specification's code for an unknown resource


async def conversation_for(ctx: Context[Any, Any], activity_id: str) -> tuple[ToolAccess, Any]:
    """The caller and the conversation; a failure becomes the JSON-RPC error resources use
    (a tool would answer an error result instead)."""
    try:
        access = tool_access(ctx)
        return access, await activity_by_id(access, activity_id)
    except ToolFailure as exc:
        code = RESOURCE_NOT_FOUND if "not found" in str(exc) else INVALID_PARAMS
        raise MCPError(code=code, message=str(exc)) from None


def _heading(access: ToolAccess, row: Any) -> tuple[str, list[str]]:
    page = activity_url(access.state.public_url, kind_of(bool(row.is_call)), row.id)
    kind = "Call" if row.is_call else "Meeting"
    lines = [
        f"# {row.name}",
        f"{kind} on {row.start_at:%Y-%m-%d %H:%M} UTC · {page}",
    ]
    if row.status != "completed":
        lines.append(
            f"Status: {row.status}" + (f" ({row.failure_reason})" if row.failure_reason else "")
        )
    return page, lines


async def transcript_text(access: ToolAccess, row: Any) -> str:
    page, lines = _heading(access, row)
    lines.append(f"Each line: [time] speaker: words; the moment is {page}?t=SECONDS")
    lines.append("")
    for s in await repo.list_segments(access.state.reader, access.org_id, row.id):
        lines.append(f"[{clock(s.start_time)}] {s.participant_name}: {s.content}")
    return "\n".join(lines) + "\n"


async def summary_text(access: ToolAccess, row: Any) -> str:
    _, lines = _heading(access, row)
    async with read_only(access.state.sessionmaker) as session:
        stored = await get_summary(session, access.org_id, row.id)
        score = await session.get(ActivityScore, (access.org_id, row.id))
    if score is not None and score.score is not None:
        lines.append(
            f"Score: {score.score:g}/100"
            + (f" ({score.justification})" if score.justification else "")
        )
    if stored is None:
        return "\n".join([*lines, "", "No summary has been written for it yet."]) + "\n"
    starts = [
        s.start_time for s in await repo.list_segments(access.state.reader, access.org_id, row.id)
    ]
    lines += ["", "## Summary", stored.summary or "(empty)"]
    if stored.next_steps:
        lines += ["", "## Next steps"]
        for step in stored.next_steps:
            who = ", ".join(step.get("actors") or []) or "unassigned"
            due = f", due {step['deadline']}" if step.get("deadline") else ""
            line = step.get("line")
            at = (
                f" ({moment_url(access.state.public_url, row.id, starts[line])})"
                if isinstance(line, int) and 0 <= line < len(starts)
                else ""
            )
            lines.append(f"- {step['action']} ({who}{due}){at}")
    if stored.topics:
        lines += ["", "## Topics"] + [f"- {t['title']}" for t in stored.topics]
    if stored.ai_opinion:
        lines += ["", "## Assessment", stored.ai_opinion]
    return "\n".join(lines) + "\n"


async def transcript_resource(id: str, ctx: Context[Any, Any]) -> str:
    access, row = await conversation_for(ctx, id)
    return await transcript_text(access, row)


async def summary_resource(id: str, ctx: Context[Any, Any]) -> str:
    access, row = await conversation_for(ctx, id)
    return await summary_text(access, row)


def register(server: MCPServer[Any]) -> None:
    server.resource(
        TRANSCRIPT_URI,
        name="conversation-transcript",
        title="Transcript of a meeting or call",
        description="The whole transcript as plain text, one line per sentence-sized segment: "
        "[m:ss] speaker: words. The heading has the conversation's page; add ?t=SECONDS for a "
        "moment. {id} is any meeting or call id from the tools.",
        mime_type="text/plain",
    )(transcript_resource)
    server.resource(
        SUMMARY_URI,
        name="conversation-summary",
        title="Summary of a meeting or call",
        description="The AI summary as Markdown: summary, next steps (owner, deadline, link to "
        "the moment each was said), topics and the assessment. {id} is any meeting or call id.",
        mime_type="text/markdown",
    )(summary_resource)
