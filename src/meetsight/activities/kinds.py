"""Meetings and calls are one entity; this names what differs between the two views.

Every route, MCP tool and client method that exists for both kinds is written once and built per
kind from an ActivityKind (docs/architecture.md, "Meetings and calls"): the kind gives the path,
the id key, the noun and, through `kind_models`, the response models named after the noun."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any


@dataclass(frozen=True, slots=True)
class ActivityKind:
    is_call: bool
    path: str
    id_key: str
    noun: str

    @property
    def not_found(self) -> str:
        return f"{self.noun} not found"


MEETINGS = ActivityKind(is_call=False, path="meetings", id_key="meetingId", noun="Meeting")
CALLS = ActivityKind(is_call=True, path="calls", id_key="callId", noun="Call")
KINDS = (MEETINGS, CALLS)

# The models each kind has one of, by role: the server's (activities.schemas) and the client's
# (client.models) are named `{noun}{suffix}`, MeetingSummary and CallSummary.
MODEL_SUFFIXES = {
    "item": "",
    "participants": "Participants",
    "summary": "Summary",
    "transcript": "Transcript",
    "notes": "Notes",
    "note": "Note",
    "chat": "Chat",
    "analytics": "Analytics",
    "score": "Score",
}


def kind_models(module: ModuleType, kind: ActivityKind) -> dict[str, Any]:
    """The kind's model for each role in MODEL_SUFFIXES, from `module` (AttributeError at import
    when one is missing)."""
    return {role: getattr(module, kind.noun + suffix) for role, suffix in MODEL_SUFFIXES.items()}


def kind_of(is_call: bool) -> ActivityKind:
    return CALLS if is_call else MEETINGS
