"""Smart categories on the wire."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StringConstraints, field_validator

from meetsight.schemas import NoNul, Schema, at_most_as_sent

Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=100),
    at_most_as_sent(100),
    NoNul,
]
Description = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=2000), at_most_as_sent(2000), NoNul
]
Example = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=300),
    at_most_as_sent(300),
    NoNul,
]
Examples = Annotated[list[Example], Field(max_length=20)]
CategoryType = Literal["all", "videocall", "presential", "phonecall"]


class SmartCategoryOut(Schema):
    id: str
    name: str
    description: str
    examples: list[str]
    type: str
    created_at: str
    updated_at: str


class _CategoryBody(Schema):
    # Unknown fields are a 422, not ignored: a misspelt field in a PATCH would otherwise
    # "succeed" while changing nothing. Strict: no 1 -> "1" coercion.
    model_config = ConfigDict(extra="forbid", strict=True)


class SmartCategoryCreate(_CategoryBody):
    name: Name = Field(description="1-100 characters, unique in the organization (any case)")
    description: Description = Field("", description="What sentences of this category are about")
    examples: Examples = Field(
        default_factory=list, description="Up to 20 example sentences, 1-300 characters each"
    )
    type: CategoryType = Field("all", description="Which activities it applies to")


class SmartCategoryUpdate(_CategoryBody):
    """Only the fields sent change; none of them may be null."""

    name: Name | None = None
    description: Description | None = None
    examples: Examples | None = None
    type: CategoryType | None = None

    @field_validator("name", "description", "examples", "type", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        # Runs only for fields present in the body: an explicit null is refused, leaving one
        # out keeps the current value.
        if value is None:
            raise ValueError("may be left out but not null")
        return value
