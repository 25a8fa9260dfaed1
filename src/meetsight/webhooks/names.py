"""Event and status names, importable without the database layer (the client uses them)."""

from __future__ import annotations

from typing import Final

MEETING_STATUS_CHANGED: Final = "meeting_status_changed"
EVENTS: Final = (MEETING_STATUS_CHANGED,)
STATUSES: Final = (
    "transcript_done",
    "summary_done",
    "notes_done",
    "completed",
    "failed",
    "deleted",
)
