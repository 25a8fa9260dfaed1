"""Shared DTO plumbing: camelCase aliases and the envelope model used in the OpenAPI document."""

from __future__ import annotations

from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

T = TypeVar("T")


class Schema(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class Envelope(BaseModel, Generic[T]):
    statusCode: int = Field(200, description="The HTTP status, repeated")
    count: int = Field(description="Items in data: the list length, 1 for an object, 0 for null")
    error: str | None = Field(None, description="A sentence when the request failed")
    data: T


class ErrorEnvelope(BaseModel):
    statusCode: int
    count: int = 0
    error: str
    data: None = None
