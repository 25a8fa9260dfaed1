"""Questions about one activity: answered by the organization's engine from the transcript and
appended to the activity's chat history."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import Field, field_validator
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.config import Settings
from meetsight.errors import Conflict, NotFound
from meetsight.intelligence import engine_choice
from meetsight.intelligence.conversation import Question
from meetsight.intelligence.loading import load_conversation
from meetsight.intelligence.models import ChatMessage
from meetsight.schemas import NOT_BLANK, Schema

MAX_QUESTION_CHARS = 2000
HISTORY_TURNS = 5  # earlier pairs handed to the engine, for follow-up questions


class ChatQuestion(Schema):
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS, json_schema_extra=NOT_BLANK)

    @field_validator("question")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("the question is blank")
        if "\x00" in value:
            raise ValueError("the question contains a NUL character")
        return value


def citations_json(citations: Any) -> list[dict[str, Any]]:
    return [{"segment": c.line, "speaker": c.speaker, "startTime": c.start} for c in citations]


def serialize_message(question: str, answer: str, citations: list[Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"question": question, "answer": answer}
    if citations:
        out["citations"] = citations
    return out


async def ask(
    session: AsyncSession,
    settings: Settings,
    org_id: str,
    activity_id: str,
    question: str,
    history: list[tuple[str, str]],
) -> dict[str, Any]:
    activity = await session.get(Activity, (org_id, activity_id))
    if activity is None:
        raise NotFound("Activity not found")
    conversation = await load_conversation(session, activity)
    if not conversation.lines:
        raise Conflict(
            "This activity has no transcript yet; ask again when its processing has completed"
        )
    engine = await engine_choice.organization_engine(session, settings, org_id)
    turns = tuple(history[-HISTORY_TURNS:])
    answer = await asyncio.to_thread(
        engine_choice.answer, engine, conversation, Question(question, turns)
    )
    citations = citations_json(answer.citations)
    session.add(
        ChatMessage(
            organization_id=org_id,
            activity_id=activity_id,
            question=question,
            answer=answer.answer,
            citations=citations,
        )
    )
    await session.flush()
    return serialize_message(question, answer.answer, citations)
