"""The structured answers asked of the model, as Pydantic models.

Validation runs with a context (see :func:`validation_context`) holding what the answer may
refer to: the transcript's line indices, the category keys and the objective keys. A list item
that refers to anything else, or breaks a range, is dropped (and counted in ``context["dropped"]``)
rather than failing the whole answer; an answer without its required top-level structure fails,
so that the client sends it back for repair.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, ValidationError, ValidationInfo, field_validator

Priority = Literal["low", "medium", "high"]
Sentiment = Literal["positive", "neutral", "negative", "mixed"]
SENTIMENTS: tuple[Sentiment, ...] = ("positive", "neutral", "negative", "mixed")
Item = TypeVar("Item", bound=BaseModel)


def validation_context(
    lines: Iterable[int],
    category_keys: Iterable[str] = (),
    objective_keys: Iterable[str] = (),
) -> dict[str, Any]:
    return {
        "lines": frozenset(lines),
        "category_keys": frozenset(category_keys),
        "objective_keys": frozenset(objective_keys),
        "dropped": [],
    }


def _context(info: ValidationInfo) -> dict[str, Any]:
    return info.context if isinstance(info.context, dict) else {}


def _known_line(value: int | None, info: ValidationInfo) -> bool:
    lines = _context(info).get("lines")
    return value is None or lines is None or value in lines


def _keep_valid(model: type[Item], value: Any, info: ValidationInfo) -> list[Item]:
    """Validate a list item by item, dropping the items that fail."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError("must be a list")
    context = _context(info)
    kept: list[Item] = []
    for raw in value:
        try:
            kept.append(model.model_validate(raw, context=info.context))
        except ValidationError as exc:
            context.setdefault("dropped", []).append(f"{model.__name__}: {exc.errors()[0]['msg']}")
    return kept


class NoteOut(BaseModel):
    line: int = Field(description="Index in [brackets] of the transcript line the note is about")
    category_key: str = Field(description="One of the category keys given")
    content: str = Field(description="The note: a short paraphrase of what was said")
    tag: str | None = Field(description="One or two words that label the note, or null")
    priority: Priority

    @field_validator("priority", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("line")
    @classmethod
    def _line_exists(cls, value: int, info: ValidationInfo) -> int:
        if not _known_line(value, info):
            raise ValueError(f"line {value} is not in the transcript")
        return value

    @field_validator("category_key")
    @classmethod
    def _category_known(cls, value: str, info: ValidationInfo) -> str:
        keys = _context(info).get("category_keys")
        if keys and value not in keys:
            raise ValueError(f"unknown category key {value!r}")
        return value


class NextStepOut(BaseModel):
    action: str = Field(min_length=1, description="What will be done, starting with a verb")
    actors: list[str] = Field(description="Names of the participants who committed to it")
    deadline: str = Field(description="The deadline as said in the conversation, or ''")
    due: date | None = Field(description="The deadline as an ISO date (YYYY-MM-DD), or null")
    line: int | None = Field(description="Index of the line that holds the commitment, or null")

    @field_validator("due", mode="before")
    @classmethod
    def _lenient_due(cls, value: Any) -> Any:
        # an unparseable date loses the date, not the next step
        if isinstance(value, str):
            try:
                return date.fromisoformat(value.strip()[:10])
            except ValueError:
                return None
        return value

    @field_validator("line")
    @classmethod
    def _line_or_none(cls, value: int | None, info: ValidationInfo) -> int | None:
        return value if _known_line(value, info) else None


class TopicOut(BaseModel):
    title: str = Field(min_length=1)
    description: str
    lines: list[int] = Field(description="Indices of the lines where the topic is discussed")

    @field_validator("lines")
    @classmethod
    def _known_lines(cls, value: list[int], info: ValidationInfo) -> list[int]:
        return sorted({i for i in value if _known_line(i, info)})


class ObjectiveOut(BaseModel):
    key: str = Field(description="One of the objective keys given")
    score: float = Field(ge=0, le=100, description="0 (not done at all) to 100 (done very well)")
    explanation: str

    @field_validator("key")
    @classmethod
    def _objective_known(cls, value: str, info: ValidationInfo) -> str:
        keys = _context(info).get("objective_keys")
        if keys and value not in keys:
            raise ValueError(f"unknown objective key {value!r}")
        return value


class InsightsOut(BaseModel):
    sentiment: Sentiment = Field(description="The customer's overall attitude")
    objections: list[str] = Field(description="The customer's objections, one short line each")
    competitors: list[str] = Field(description="Names of other vendors or tools mentioned")
    pricing_discussed: bool
    decision_makers: list[str] = Field(description="Who decides or signs, as named")

    @field_validator("sentiment", mode="before")
    @classmethod
    def _known_sentiment(cls, value: Any) -> Any:
        # "Positive overall" is positive; a word outside the scale says nothing: neutral
        if isinstance(value, str):
            word = value.strip().lower()
            return next((s for s in SENTIMENTS if word.startswith(s)), "neutral")
        return value


class _Extraction(BaseModel):
    notes: list[NoteOut] = Field(description="Lines that belong to one of the categories")
    next_steps: list[NextStepOut] = Field(description="Real commitments only")

    @field_validator("notes", mode="before")
    @classmethod
    def _notes(cls, value: Any, info: ValidationInfo) -> list[NoteOut]:
        return _keep_valid(NoteOut, value, info)

    @field_validator("next_steps", mode="before")
    @classmethod
    def _next_steps(cls, value: Any, info: ValidationInfo) -> list[NextStepOut]:
        return _keep_valid(NextStepOut, value, info)


class ChunkAnalysis(_Extraction):
    """Map step: what one part of a long transcript holds."""

    key_points: list[str] = Field(description="The facts of this part that matter, one per item")
    topics: list[TopicOut]

    @field_validator("topics", mode="before")
    @classmethod
    def _topics(cls, value: Any, info: ValidationInfo) -> list[TopicOut]:
        return _keep_valid(TopicOut, value, info)


class FinalAnalysis(BaseModel):
    """Reduce step (or the part of a one-call analysis) that judges the whole conversation."""

    summary: str = Field(min_length=1)
    topics: list[TopicOut]
    ai_opinion: str = Field(description="A frank coaching opinion for the seller")
    insights: InsightsOut
    objectives: list[ObjectiveOut]
    justification: str = Field(description="Why the scores are what they are, in two sentences")

    @field_validator("topics", mode="before")
    @classmethod
    def _topics(cls, value: Any, info: ValidationInfo) -> list[TopicOut]:
        return _keep_valid(TopicOut, value, info)

    @field_validator("objectives", mode="before")
    @classmethod
    def _objectives(cls, value: Any, info: ValidationInfo) -> list[ObjectiveOut]:
        kept = _keep_valid(ObjectiveOut, value, info)
        seen: set[str] = set()
        unique = []
        for objective in kept:  # a key scored twice keeps its first score
            if objective.key not in seen:
                seen.add(objective.key)
                unique.append(objective)
        return unique


class FullAnalysis(FinalAnalysis, _Extraction):
    """A transcript that fits one request: everything in one answer."""


class ChatOut(BaseModel):
    answer: str = Field(min_length=1)
    lines: list[int] = Field(description="Indices of the lines the answer rests on")

    @field_validator("lines")
    @classmethod
    def _known_lines(cls, value: list[int], info: ValidationInfo) -> list[int]:
        return list(dict.fromkeys(i for i in value if _known_line(i, info)))
