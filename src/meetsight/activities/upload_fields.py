"""Validation of the upload form's text fields; every error names its field."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from meetsight.activities.kinds import ActivityKind
from meetsight.activities.models import MEETING_MEDIA_TYPES
from meetsight.activities.multipart import UploadedForm
from meetsight.errors import ValidationFailed
from meetsight.security.address_policy import TargetError, checked_target
from meetsight.timefmt import parse_datetime

LANGUAGE = re.compile(r"^[a-z]{2}$")
PHONE = re.compile(r"^[0-9+().\- ]{3,40}$")


@dataclass
class UploadFields:
    name: str
    start_at: datetime
    media_url: str | None = None
    description: str | None = None
    owner_id: str | None = None
    person_ids: list[str] = field(default_factory=list)
    language: str | None = None
    media_type: str | None = None  # a meeting's, when the upload says; else from the file
    direction: str | None = None
    from_number: str | None = None
    to_number: str | None = None
    calendar_event_id: str | None = None
    type_name: str | None = None


def _text(form: UploadedForm, name: str, *, max_length: int) -> str | None:
    value = form.value(name)
    if value is None or not value.strip():
        return None
    value = value.strip()
    if len(value) > max_length:
        raise ValidationFailed(f"{name}: at most {max_length} characters")
    return value


def _person_ids(form: UploadedForm) -> list[str]:
    ids: list[str] = []
    for raw in form.fields.get("personIds", []):
        ids.extend(part.strip() for part in raw.split(",") if part.strip())
    if len(ids) > 200:
        raise ValidationFailed("personIds: at most 200 people")
    return list(dict.fromkeys(ids))


def check_media_url(url: str, *, allow_private: bool) -> str:
    """The URL as given, when the address policy lets it be fetched (checked again, resolved,
    when the worker fetches it); a 422 otherwise."""
    try:
        checked_target(url, allow_private=allow_private)
    except TargetError as exc:
        raise ValidationFailed(f"mediaUrl: {exc}") from None
    return url


def parse_upload_fields(
    form: UploadedForm, kind: ActivityKind, *, allow_private_urls: bool
) -> UploadFields:
    name = _text(form, "name", max_length=500)
    if name is None:
        raise ValidationFailed("name: required")
    start_text = _text(form, "startDateTime", max_length=40)
    if start_text is None:
        raise ValidationFailed("startDateTime: required")
    try:
        start_at = parse_datetime(start_text)
    except ValueError:
        raise ValidationFailed("startDateTime: expected an ISO 8601 date-time") from None
    fields = UploadFields(name=name, start_at=start_at)
    media_url = _text(form, "mediaUrl", max_length=2048)
    fields.media_url = (
        check_media_url(media_url, allow_private=allow_private_urls) if media_url else None
    )
    fields.description = _text(form, "description", max_length=20_000)
    fields.owner_id = _text(form, "ownerId", max_length=64)
    fields.person_ids = _person_ids(form)
    language = _text(form, "language", max_length=8)
    if language is not None and not LANGUAGE.match(language.lower()):
        raise ValidationFailed("language: expected an ISO 639-1 code such as en or es")
    fields.language = language.lower() if language else None
    type_field = "callType" if kind.is_call else "meetingType"
    fields.type_name = _text(form, type_field, max_length=120)
    if kind.is_call:
        _call_fields(form, fields)
    else:
        media_type = _text(form, "mediaType", max_length=20)
        if media_type is not None and media_type.lower() not in MEETING_MEDIA_TYPES:
            raise ValidationFailed("mediaType: expected videocall or presential")
        fields.media_type = media_type.lower() if media_type else None
        fields.calendar_event_id = _text(form, "calendarEventId", max_length=255)
    return fields


def _call_fields(form: UploadedForm, fields: UploadFields) -> None:
    fields.media_type = "phonecall"
    direction = (_text(form, "direction", max_length=20) or "outbound").lower()
    if direction not in ("inbound", "outbound"):
        raise ValidationFailed("direction: expected inbound or outbound")
    fields.direction = direction
    for name in ("fromNumber", "toNumber"):
        number = _text(form, name, max_length=40)
        if number is not None and not PHONE.match(number):
            raise ValidationFailed(f"{name}: not a phone number")
        setattr(fields, "from_number" if name == "fromNumber" else "to_number", number)
