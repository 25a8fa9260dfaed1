"""Rows to the spec's JSON shapes. Built as plain dicts: the hot read paths skip model validation,
and tests check every shape against the Pydantic models in schemas.py."""

from __future__ import annotations

from typing import Any

from meetsight.activities.kinds import ActivityKind
from meetsight.db.reads import AnyRow
from meetsight.timefmt import iso_z


def compact(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}


def activity_url(public_url: str, kind: ActivityKind, activity_id: str) -> str:
    """The activity's page in the web app (one page serves meetings and calls alike)."""
    return f"{public_url}/app/conversations/{activity_id}"


def moment_url(public_url: str, activity_id: str, seconds: float | None) -> str:
    """A moment of the activity's page: `{public_url}/app/conversations/{id}?t=SECONDS`, the
    seconds with two decimals (a transcript line starts between whole seconds; the page seeks
    there). `public_url` "" gives the relative link the web app's own pages use; no seconds,
    the page itself. Every deep link (REST, MCP, web) is made here."""
    page = f"{public_url.rstrip('/')}/app/conversations/{activity_id}"
    return page if seconds is None else f"{page}?t={float(seconds):.2f}"


def serialize_activity(row: AnyRow, kind: ActivityKind, public_url: str) -> dict[str, Any]:
    """A Meeting or a Call; optional fields left out when empty. The listing's hot path, hence
    the plain statements."""
    rid = row.id
    data: dict[str, Any] = {
        kind.id_key: rid,
        "status": row.status,
        "name": row.name,
        "startDateTime": iso_z(row.start_at),
        "url": activity_url(public_url, kind, rid),
    }
    if (end_at := row.end_at) is not None:
        data["endDateTime"] = iso_z(end_at)
    if (duration := row.duration) is not None:
        data["duration"] = duration
    if (description := row.description) is not None:
        data["description"] = description
    if (language := row.language) is not None:
        data["language"] = language
    if (ai_score := row.ai_score) is not None:
        data["aiScore"] = ai_score
    if (failure_reason := row.failure_reason) is not None:
        data["failureReason"] = failure_reason
    type_name = row.type_name
    activity_type = {"id": row.activity_type_id, "name": type_name} if type_name else None
    if kind.is_call:
        data["direction"] = row.direction or "outbound"
        if row.from_number is not None:
            data["fromNumber"] = row.from_number
        if row.to_number is not None:
            data["toNumber"] = row.to_number
        if activity_type is not None:
            data["callType"] = activity_type
        return data
    if row.media_type is not None:
        data["mediaType"] = row.media_type
    if row.thumbnail_key:
        data["thumbnailUrl"] = f"{public_url}/api/v1/{kind.path}/{rid}/thumbnail"
    if activity_type is not None:
        data["meetingType"] = activity_type
    if row.calendar_event_id is not None:
        data["calendarEventId"] = row.calendar_event_id
    return data


def serialize_participant(row: AnyRow, kind: ActivityKind) -> dict[str, Any]:
    item = {
        "id": row.id,
        "name": row.name,
        "email": row.email,
        "isHost": bool(row.is_host),
        "isInternal": bool(row.is_internal),
    }
    if kind.is_call:
        item["phone"] = row.phone
    return compact(item)
