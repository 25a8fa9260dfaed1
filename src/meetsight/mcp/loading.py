"""Reading activities for tools: the id check every id-taking tool shares, and shaping rows with
a bounded slice of their participants and organizers in two queries per page (on an ORM session
or, for the listing and search tools, the lean read path's connection: meetsight.db.reads)."""

from __future__ import annotations

from typing import Any

from meetsight.activities import finder
from meetsight.activities.participant_slices import participant_slices
from meetsight.activities.service import require_activity
from meetsight.auth.scopes import read_scope
from meetsight.db.reads import Executes
from meetsight.errors import NotFound
from meetsight.mcp import results
from meetsight.mcp.access import ToolAccess
from meetsight.mcp.arguments import LISTING_PARTICIPANTS
from meetsight.mcp.errors import MEETING_NOT_FOUND, ToolFailure


async def activity_by_id(access: ToolAccess, activity_id: str) -> Any:
    """The row of a meeting or call of the caller's organization; "Meeting not found" for an
    unknown id or another organization's, and a scope error for a kind the key cannot read."""
    try:
        row = await require_activity(access.state.reader, access.auth, activity_id, None)
    except NotFound:
        raise ToolFailure(MEETING_NOT_FOUND) from None
    access.require(read_scope(bool(row.is_call)))
    return row


async def shape(
    session: Executes,
    access: ToolAccess,
    rows: list[Any],
    owners: dict[str, str | None],
    *,
    participants_skip: int = 0,
    participants_limit: int = LISTING_PARTICIPANTS,
) -> list[results.Activity]:
    """Rows to results, each with one slice of its participants; `owners` maps each activity
    id to its owner's person id."""
    org_id = access.org_id
    people = await participant_slices(
        session,
        org_id,
        [r.id for r in rows],
        skip=participants_skip,
        limit=participants_limit,
    )
    owner_rows = await finder.people_by_id(
        session, org_id, sorted({o for o in owners.values() if o})
    )
    return [
        results.activity(
            row,
            people[row.id],
            owner=owner_rows.get(owners.get(row.id) or ""),
            public_url=access.state.public_url,
        )
        for row in rows
    ]


async def shape_page(
    session: Executes, access: ToolAccess, rows: list[Any]
) -> list[results.Activity]:
    """Rows from finder.find_activities (which carry owner_person_id), with the first
    LISTING_PARTICIPANTS participants of each."""
    return await shape(session, access, rows, {r.id: r.owner_person_id for r in rows})


async def shape_one(
    session: Executes,
    access: ToolAccess,
    row: Any,
    *,
    participants_skip: int,
    participants_limit: int,
) -> results.Activity:
    owner = await finder.owner_of(session, access.org_id, row.id)
    shaped = await shape(
        session,
        access,
        [row],
        {row.id: owner},
        participants_skip=participants_skip,
        participants_limit=participants_limit,
    )
    return shaped[0]
