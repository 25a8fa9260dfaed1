"""POST /ask: a question across the caller's meetings and calls, answered from their most
relevant moments with citations (`intelligence.across`; the MCP tool ask_across_conversations).
Here rather than in `intelligence` (which accounts build on): a question can be limited to an
account's conversations."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter
from pydantic import Field, model_validator
from starlette.responses import Response

from meetsight.accounts import repository as accounts
from meetsight.accounts.service import require_account
from meetsight.auth.scopes import CALLS_READ, MEETINGS_READ
from meetsight.deps import Auth, DbSession, State
from meetsight.errors import Forbidden, ValidationFailed
from meetsight.intelligence import across
from meetsight.intelligence.chat import ChatQuestion
from meetsight.request_params import BodyDay
from meetsight.responses import envelope
from meetsight.schemas import Envelope, Schema

router = APIRouter(tags=["intelligence"])


class AskAcross(ChatQuestion):
    from_date: BodyDay | None = Field(None, description="First day (YYYY-MM-DD, UTC), inclusive")
    to_date: BodyDay | None = Field(None, description="Last day, inclusive")
    account_id: str | None = Field(
        None, max_length=64, description="Only this account's conversations (GET /accounts)"
    )
    side: Literal["internal", "external"] | None = Field(
        None,
        description="Only what this side said: internal (our side, the rep) or external (the "
        "customer's); a side the question names ('customers', 'reps') is taken too",
    )

    @model_validator(mode="after")
    def _ordered(self) -> AskAcross:
        if self.from_date and self.to_date and self.from_date > self.to_date:
            raise ValueError("toDate must not be before fromDate")
        return self


class CitationOut(Schema):
    n: int = Field(description="The [n] that marks it in the answer")
    conversation_id: str
    kind: Literal["meeting", "call"]
    title: str
    date: str
    speaker: str
    side: Literal["internal", "external"]
    start_time: float
    text: str = Field(description="The sentence as said")
    url: str = Field(description="The moment in the web app")


class AcrossAnswerOut(Schema):
    question: str
    topic: str = Field(description="The words searched for")
    side: Literal["internal", "external"] | None = None
    answer: str
    declined: bool = Field(description="True when no conversation searched covers the question")
    engine: str = Field(description="builtin, or llm:<model>")
    engine_error: str | None = Field(None, description="Why the LLM answer was not used")
    citations: list[CitationOut]


@router.post(
    "/ask",
    response_model=Envelope[AcrossAnswerOut],
    summary="Ask a question across meetings and calls; the answer cites the moments it rests on",
)
async def ask_across(body: AskAcross, ctx: Auth, session: DbSession, state: State) -> Response:
    kinds = tuple(k for k, s in ((False, MEETINGS_READ), (True, CALLS_READ)) if s in ctx.scopes)
    if not kinds:
        raise Forbidden(f"This credential lacks the scope {MEETINGS_READ}")
    scope = across.Scope(kinds, body.from_date, body.to_date, None, body.side)
    if body.account_id is not None:
        account = await require_account(session, ctx.organization_id, body.account_id)
        rows, _ = await accounts.account_timeline(session, ctx.organization_id, account.id, kinds)
        scope = across.account_scope(kinds, body.from_date, body.to_date, rows, body.side)
    try:
        answer = await across.answer_across(
            state, ctx.organization_id, body.question, scope, session
        )
    except ValidationFailed as exc:
        raise ValidationFailed(f"question: {exc.message.partition(': ')[2]}") from None
    data = {
        "question": body.question,
        "topic": answer.topic,
        "side": answer.side,
        "answer": answer.answer,
        "declined": answer.declined,
        "engine": answer.engine,
        "citations": answer.citations,  # already in the REST names
    }
    if answer.engine_error:
        data["engineError"] = answer.engine_error
    return envelope(data)
