"""Tool failures the caller can act on; the server turns them into an error result whose text is
the message alone (the spec's exact messages, no SDK prefix)."""

from __future__ import annotations

UNAUTHORIZED = "Unauthorized - missing or invalid API key"
MEETING_NOT_FOUND = "Meeting not found"


class ToolFailure(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
