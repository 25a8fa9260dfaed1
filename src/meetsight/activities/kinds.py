"""Meetings and calls are one entity; this names what differs between the two views."""

from __future__ import annotations

from dataclasses import dataclass


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


def kind_of(is_call: bool) -> ActivityKind:
    return CALLS if is_call else MEETINGS
