"""Webhook endpoints and their delivery log on the wire."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import ConfigDict, Field, StringConstraints, field_validator

from meetsight.schemas import NoNul, Schema, at_most_as_sent
from meetsight.webhooks.names import EVENTS, MEETING_STATUS_CHANGED

Url = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=2000),
    at_most_as_sent(2000),
    NoNul,
]
Secret = Annotated[
    str,
    StringConstraints(min_length=16, max_length=200, pattern=r"^[\x21-\x7e]+$"),
    NoNul,
]
Description = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=500), at_most_as_sent(500), NoNul
]
EventName = Annotated[str, StringConstraints(min_length=1, max_length=60)]
Events = Annotated[list[EventName], Field(min_length=1, max_length=len(EVENTS))]


def _known_events(value: list[str] | None) -> list[str] | None:
    if value is None:
        return value
    unknown = [e for e in value if e not in EVENTS]
    if unknown:
        raise ValueError(f"unknown event {unknown[0]!r}; known: {', '.join(EVENTS)}")
    return list(dict.fromkeys(value))


class _WebhookBody(Schema):
    # A misspelt field is a 422 rather than silently ignored; no coercion of 1 to "1".
    model_config = ConfigDict(extra="forbid", strict=True)


class WebhookCreate(_WebhookBody):
    url: Url = Field(description="http(s) URL that receives POSTed events")
    secret: Secret | None = Field(
        None, description="16-200 printable characters; generated (whsec_...) when left out"
    )
    events: Events = Field(
        default_factory=lambda: [MEETING_STATUS_CHANGED], description="Events to receive"
    )
    active: bool = True
    description: Description | None = None

    _events = field_validator("events")(_known_events)


class WebhookUpdate(_WebhookBody):
    """Only the fields sent change; `secret` replaces the signing secret."""

    url: Url | None = None
    secret: Secret | None = None
    events: Events | None = None
    active: bool | None = None
    description: Description | None = None

    _events = field_validator("events")(_known_events)

    @field_validator("url", "secret", "events", "active", mode="before")
    @classmethod
    def _not_null(cls, value: object) -> object:
        if value is None:
            raise ValueError("may be left out but not null")
        return value


class WebhookOut(Schema):
    id: str
    url: str
    events: list[str]
    active: bool
    description: str | None
    secret: str | None = Field(None, description="Only in the answer to the creation")
    created_at: str
    updated_at: str


class WebhookAttemptOut(Schema):
    attempt: int
    status_code: int | None
    error: str | None
    duration_ms: float
    created_at: str


class WebhookDeliveryOut(Schema):
    id: str = Field(description="The Meetsight-Delivery header, the same on every retry")
    event: str
    state: str = Field(description="pending, delivered or failed")
    attempts: int
    next_attempt_at: str | None
    delivered_at: str | None
    created_at: str
    payload: dict[str, Any]
    log: list[WebhookAttemptOut]
