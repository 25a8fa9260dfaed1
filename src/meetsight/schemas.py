"""Shared DTO plumbing: camelCase aliases and the envelope model used in the OpenAPI document."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.alias_generators import to_camel
from pydantic.json_schema import JsonDict
from pydantic_core import PydanticCustomError

T = TypeVar("T")


def reject_nul(value: str) -> str:
    """PostgreSQL text cannot hold NUL: refuse it as a 422 instead of failing in the database."""
    if "\x00" in value:
        raise ValueError("contains a NUL character")
    return value


# Annotated[str, NoNul] on every text field of a request body that reaches the database.
NoNul = AfterValidator(reject_nul)


def at_most_as_sent(max_length: int) -> BeforeValidator:
    """After StringConstraints(strip_whitespace=True, max_length=...) in Annotated (so that it
    runs before them; placed first it kept min_length from applying): the document's maxLength
    counts the characters sent, and pydantic trims before it counts, so `"%"` followed by 2000
    no-break spaces passed as `"%"` (a schema violation the fuzzer found accepted). This refuses
    a value longer than that before trimming too."""

    def check(value: object) -> object:
        if isinstance(value, str) and len(value) > max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters",
                {"max_length": max_length},
            )
        return value

    return BeforeValidator(check)


# For text that validators trim and refuse when blank: says so in the document (a non-space
# character somewhere), so that clients and the fuzzer know "" and "  " are a 422.
NOT_BLANK: JsonDict = {"pattern": r"\S"}


class Schema(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class Envelope(BaseModel, Generic[T]):
    statusCode: int = Field(200, description="The HTTP status, repeated")
    count: int = Field(description="Items in data: the list length, 1 for an object, 0 for null")
    error: str | None = Field(None, description="A sentence when the request failed")
    data: T


class ErrorEnvelope(BaseModel):
    """Every 4xx and 5xx body: the envelope with a sentence in `error` and `data: null`."""

    # Defaults still belong to every body, so the document lists all four keys as required.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    statusCode: int = Field(description="The HTTP status, repeated")
    count: int = Field(0, description="Always 0: there is no data")
    error: str = Field(description="What went wrong, as a sentence; names the field for 422")
    data: None = None
