"""What the tools answer: output models (published as each tool's outputSchema) and the shaping
of activity rows into them. Every answer carries structuredContent and the same JSON as text."""

from __future__ import annotations

from typing import Any, Literal

import orjson
from mcp_types import CallToolResult, TextContent
from pydantic import BaseModel, Field

from meetsight.activities.kinds import kind_of
from meetsight.activities.participant_slices import ParticipantSlice
from meetsight.activities.serializers import activity_url
from meetsight.mcp.arguments import LISTING_PARTICIPANTS
from meetsight.timefmt import iso_z


class Participant(BaseModel):
    id: str
    name: str
    email: str | None = None
    phone: str | None = None
    isHost: bool = False
    isInternal: bool = False
    isOrganizer: bool = False


class CompactParticipant(BaseModel):
    """A participant as listings and search hits give them by default (verbosity compact)."""

    name: str
    isInternal: bool = Field(description="Our side (true) or the customer's (false)")


class Activity(BaseModel):
    """A meeting or a phone call as agents see it."""

    id: str = Field(description="Meeting or call id; the get_meeting_* tools take it")
    kind: Literal["meeting", "call"]
    title: str
    status: str = Field(description="scheduled, processing, completed or failed")
    failureReason: str | None = Field(None, description="Why processing failed")
    startDateTime: str
    endDateTime: str | None = None
    durationSeconds: float | None = None
    mediaType: str = Field(description="videocall, presential or phonecall")
    language: str | None = None
    description: str | None = None
    activityType: str | None = Field(None, description="The meeting or call type, e.g. Discovery")
    direction: str | None = Field(None, description="Calls: inbound or outbound")
    fromNumber: str | None = None
    toNumber: str | None = None
    url: str = Field(description="The activity's page in the web app")
    participants: list[Participant | CompactParticipant] = Field(
        [],
        description="In recorded order; in listings and search at most the first "
        f"{LISTING_PARTICIPANTS} (name and isInternal unless verbosity is full), in "
        "get_meeting_details one page (participantsSkip, participantsLimit)",
    )
    organizers: list[Participant] | None = Field(
        None,
        description="Organizers, hosts and the owner; at most as many as participants "
        "(left out in compact answers)",
    )
    participantCount: int = Field(0, description="How many participants it has in all")
    organizerCount: int = Field(0, description="How many organizers it has in all")
    participantsNote: str | None = Field(
        None, description="Present when participants or organizers were cut: how to see the rest"
    )


def compact(item: Activity) -> Activity:
    """The listing form of an activity (verbosity compact): participants as name and side,
    organizers left out (organizerCount stays), half a search hit's bytes otherwise."""
    return item.model_copy(
        update={
            "participants": [
                CompactParticipant(name=p.name, isInternal=p.isInternal) for p in item.participants
            ],
            "organizers": None,
        }
    )


def tool_result(payload: BaseModel) -> CallToolResult:
    data = payload.model_dump(mode="json", exclude_none=True)
    text = orjson.dumps(data).decode()
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def tool_error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def participant(row: Any, *, organizer: bool) -> Participant:
    return Participant(
        id=row.id,
        name=row.name,
        email=row.email,
        phone=row.phone,
        isHost=bool(getattr(row, "is_host", False)),
        isInternal=bool(row.is_internal),
        isOrganizer=organizer,
    )


def activity(
    row: Any,
    people: ParticipantSlice,
    *,
    owner: Any | None,
    public_url: str,
) -> Activity:
    """Shape an activity row (the repository's columns) with a slice of its participants; the
    owner counts as an organizer even when the participant list does not name them."""
    participants = [participant(p, organizer=bool(p.organizes)) for p in people.page]
    organizers = [participant(p, organizer=True) for p in people.organizers]
    organizer_total = people.organizer_total
    if owner is not None and not people.owner_takes_part:
        organizers.insert(0, participant(owner, organizer=True))
        organizer_total += 1
    kind = kind_of(bool(row.is_call))
    return Activity(
        id=row.id,
        kind="call" if row.is_call else "meeting",
        title=row.name,
        status=row.status,
        failureReason=row.failure_reason,
        startDateTime=iso_z(row.start_at) or "",
        endDateTime=iso_z(row.end_at),
        durationSeconds=row.duration,
        mediaType=row.media_type,
        language=row.language,
        description=row.description,
        activityType=row.type_name,
        direction=(row.direction or "outbound") if row.is_call else None,
        fromNumber=row.from_number if row.is_call else None,
        toNumber=row.to_number if row.is_call else None,
        url=activity_url(public_url, kind, row.id),
        participants=participants,
        organizers=organizers,
        participantCount=people.total,
        organizerCount=organizer_total,
        participantsNote=_cut_note(people, len(organizers), organizer_total),
    )


def _cut_note(people: ParticipantSlice, organizers: int, organizer_total: int) -> str | None:
    shown = len(people.page)
    if people.skip == 0 and shown == people.total and organizers == organizer_total:
        return None
    first = people.skip + 1 if shown else people.skip
    return (
        f"Participants {first}-{people.skip + shown} of {people.total} and {organizers} of "
        f"{organizer_total} organizers are listed; get_meeting_details pages the rest "
        "(participantsSkip, participantsLimit)"
    )
