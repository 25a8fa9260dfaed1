"""Resolving the people named by an upload, and attaching them to an activity."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities import participants_repository
from meetsight.activities.models import ActivityParticipant, ActivityType
from meetsight.errors import ValidationFailed
from meetsight.organizations import repository as organizations_repository
from meetsight.organizations.models import Person


async def resolve_person(session: AsyncSession, org_id: str, ref: str, field: str) -> Person:
    """A person by person id, or the person of a user id (an owner is often given as a user)."""
    person = await session.get(Person, (org_id, ref)) if len(ref) <= 64 else None
    if person is None:
        person = await organizations_repository.find_person_of_user(session, org_id, ref)
    if person is None:
        raise ValidationFailed(f"{field}: no person with id {ref!r} in this organization")
    return person


async def attach_participants(
    session: AsyncSession,
    org_id: str,
    activity_id: str,
    people: list[Person],
    *,
    host_id: str | None,
) -> None:
    seen: set[str] = set()
    for position, person in enumerate(people):
        if person.id in seen:
            continue
        seen.add(person.id)
        session.add(
            ActivityParticipant(
                organization_id=org_id,
                activity_id=activity_id,
                person_id=person.id,
                position=position,
                is_host=person.id == host_id,
                is_organizer=person.id == host_id,
            )
        )


async def activity_type_id(session: AsyncSession, org_id: str, name: str | None) -> str | None:
    """The id of the named activity type, created on first use."""
    if not name:
        return None
    found = await participants_repository.activity_type_named(session, org_id, name)
    if found is not None:
        return found
    created = ActivityType(organization_id=org_id, name=name)
    session.add(created)
    await session.flush()
    return created.id
