"""ask_across_conversations: a question answered from the most relevant moments of many meetings
and calls, each cited with its link (`intelligence.across`; REST twin POST /api/v1/ask)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from meetsight.accounts import repository as accounts
from meetsight.auth.scopes import read_scope
from meetsight.db.unit_of_work import read_only
from meetsight.errors import ValidationFailed
from meetsight.intelligence import across
from meetsight.intelligence.moments import SIDE_DESCRIPTION
from meetsight.mcp import arguments as a
from meetsight.mcp.access import tool_access
from meetsight.mcp.errors import ToolFailure
from meetsight.mcp.results import tool_result
from meetsight.mcp.tools_accounts import find_account
from meetsight.mcp.tools_listing import READ_ONLY

Question = Annotated[
    str,
    Field(
        min_length=1,
        max_length=2000,
        description="The question, e.g. 'What did customers say about pricing?'",
    ),
]


class Citation(BaseModel):
    n: int = Field(description="The [n] that marks it in the answer")
    conversationId: str
    kind: Literal["meeting", "call"]
    title: str
    date: str
    speaker: str
    side: str = Field(description=SIDE_DESCRIPTION)
    startTime: float
    text: str = Field(description="The sentence as said")
    url: str = Field(description="The moment in the web app: cite it")


class AcrossAnswer(BaseModel):
    question: str
    topic: str = Field(description="The words searched for")
    side: str | None = Field(None, description="The side the answer keeps to, if any")
    answer: str
    declined: bool = Field(description="True when no conversation searched covers it")
    engine: str = Field(description="builtin, or llm:<model>")
    engineError: str | None = Field(None, description="Why the LLM answer was not used")
    citations: list[Citation]


async def ask_across_conversations(
    ctx: Context[Any, Any],
    question: Question,
    fromDate: a.FromDate = None,
    toDate: a.ToDate = None,
    account: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=255,
            description="Only this account's conversations: id, name or email domain",
        ),
    ] = None,
    side: Annotated[
        Literal["internal", "external"] | None,
        Field(
            description="Only what this side said (the question's own 'customers' or "
            "'reps' sets it too)"
        ),
    ] = None,
) -> Annotated[CallToolResult, AcrossAnswer]:
    access = tool_access(ctx)
    kinds = tuple(k for k in (False, True) if access.can_read(read_scope(k)))
    if not kinds:
        raise ToolFailure("This credential lacks the scope meetings:read")
    if not question.strip() or "\x00" in question:
        raise ToolFailure("Invalid argument question: ask something")
    start = a.day(fromDate, "fromDate") if fromDate else None
    end = a.day(toDate, "toDate") if toDate else None
    if start and end and start > end:
        raise ToolFailure("Invalid argument toDate: must not be before fromDate")
    scope = across.Scope(kinds, start, end, None, side)
    if account is not None:
        async with read_only(access.state.sessionmaker) as session:
            found = await find_account(session, access.org_id, account)
            rows, _ = await accounts.account_timeline(session, access.org_id, found.id, kinds)
        scope = across.account_scope(kinds, start, end, rows, side)
    try:
        answer = await across.answer_across(access.state, access.org_id, question.strip(), scope)
    except ValidationFailed as exc:
        raise ToolFailure(f"Invalid argument question: {exc.message}") from None
    return tool_result(
        AcrossAnswer(
            question=question.strip(),
            topic=answer.topic,
            side=answer.side,
            answer=answer.answer,
            declined=answer.declined,
            engine=answer.engine,
            engineError=answer.engine_error,
            citations=[Citation(**c) for c in answer.citations],
        )
    )


def register(server: MCPServer[Any]) -> None:
    server.add_tool(
        ask_across_conversations,
        name="ask_across_conversations",
        title="Ask across conversations",
        description="Answer a question from the most relevant moments of many meetings and "
        "calls (search by words and meaning): answer text with [n] marks, and citations "
        "(conversation, date, speaker, side, the sentence, url of the moment). declined=true "
        "when nothing searched covers it. Narrow by dates, account, side. "
        "Example: {question: 'What did customers say about pricing?', fromDate: "
        "'2026-10-01', toDate: '2026-10-31'}.",
        annotations=READ_ONLY,
    )
