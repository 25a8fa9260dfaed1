"""The scopes a credential can hold (DESIGN.md's scopes row)."""

from __future__ import annotations

MEETINGS_READ = "meetings:read"
MEETINGS_WRITE = "meetings:write"
CALLS_READ = "calls:read"
CALLS_WRITE = "calls:write"
OFFLINE_ACCESS = "offline_access"

SCOPE_DESCRIPTIONS = {
    MEETINGS_READ: "Read video calls and in-person meetings",
    MEETINGS_WRITE: "Upload, change and delete meetings",
    CALLS_READ: "Read phone calls",
    CALLS_WRITE: "Upload, change and delete phone calls",
    OFFLINE_ACCESS: "Stay connected (refresh tokens)",
}
ALL_SCOPES = tuple(SCOPE_DESCRIPTIONS)
API_KEY_SCOPES = (MEETINGS_READ, MEETINGS_WRITE, CALLS_READ, CALLS_WRITE)


def read_scope(is_call: bool) -> str:
    return CALLS_READ if is_call else MEETINGS_READ


def write_scope(is_call: bool) -> str:
    return CALLS_WRITE if is_call else MEETINGS_WRITE
