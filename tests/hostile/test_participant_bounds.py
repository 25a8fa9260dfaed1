"""What one crowded activity adds to an answer is bounded: listings and search show the first
participants of each activity with counts and a note (a listing of 20 meetings, one with 20,000
participants, answered 8.8 MB), get_meeting_details and the REST participants endpoints page
them. A meeting and a call with 3,000 extra participants each (300 of them organizers), beside
an ordinary meeting; on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.mcp_clients import error_text, mcp_client, structured
from meetsight.activities.models import ActivityParticipant
from meetsight.ids import new_id
from meetsight.organizations.models import Person
from meetsight.state import AppState

EXTRA = 3000
EVERY_ORGANIZER = 10  # each tenth extra participant is flagged organizer
IN_ALL = EXTRA + 2  # the factory's own two: the owner (host) and a customer
ORGANIZERS = 1 + EXTRA // EVERY_ORGANIZER  # the owner and the flagged ones
LISTING_PARTICIPANTS = 25  # per activity in listings and search (docs/mcp.md)
LISTING_BYTES = 60_000  # a page holding the crowded activity and an ordinary one


@dataclass
class Crowded:
    tenant: Tenant
    meeting: str
    call: str
    ordinary: str


async def add_participants(state: AppState, org_id: str, activity_id: str) -> None:
    people = [
        {"id": new_id(), "organization_id": org_id, "name": f"Guest {n:05d}"} for n in range(EXTRA)
    ]
    links = [
        {
            "organization_id": org_id,
            "activity_id": activity_id,
            "person_id": person["id"],
            "position": 2 + n,
            "is_organizer": n % EVERY_ORGANIZER == 0,
        }
        for n, person in enumerate(people)
    ]
    async with state.sessionmaker() as session:
        await session.execute(sa.insert(Person), people)
        await session.execute(sa.insert(ActivityParticipant), links)
        await session.commit()
        if session.bind.dialect.name == "postgresql":
            # As autovacuum would soon after such a load: with the statistics of the tables'
            # first rows, the planner joins each participant to every person of the
            # organization (3,000 x 6,000 rows: 2.5 to 24 s a query, measured).
            await session.execute(sa.text("ANALYZE people, activity_participants"))
            await session.commit()  # statistics written in a rolled-back transaction are lost


@pytest.fixture(scope="module")
async def crowded(state: AppState) -> Crowded:
    tenant = await make_tenant(state)
    meeting = await make_activity(state, tenant, name="Crowded webinar")
    call = await make_activity(state, tenant, is_call=True, name="Crowded conference line")
    ordinary = await make_activity(state, tenant, name="Ordinary webinar prep")
    for activity_id in (meeting, call):
        await add_participants(state, tenant.org_id, activity_id)
    return Crowded(tenant, meeting, call, ordinary)


def check_bounded(activity: dict[str, Any]) -> None:
    assert len(activity["participants"]) == LISTING_PARTICIPANTS
    assert [p["name"] for p in activity["participants"][:3]] == [
        "Olivia Owner",
        "Carl Customer",
        "Guest 00000",
    ]
    assert activity["participantCount"] == IN_ALL
    if "organizers" not in activity:  # the compact form: names and sides only, no organizers
        assert set(activity["participants"][0]) == {"name", "isInternal"}
        return
    assert len(activity["organizers"]) == LISTING_PARTICIPANTS
    assert activity["organizers"][0]["name"] == "Olivia Owner"
    assert all(o["isOrganizer"] for o in activity["organizers"])
    assert activity["organizerCount"] == ORGANIZERS
    assert f"of {IN_ALL}" in activity["participantsNote"]
    assert "get_meeting_details" in activity["participantsNote"]


@pytest.mark.parametrize(
    ("tool", "arguments", "key"),
    [
        ("list_meetings", {"keyword": "webinar"}, "meetings"),
        ("list_meetings", {"keyword": "webinar", "verbosity": "full"}, "meetings"),
        ("find_meetings_by_participant", {"participant": "owner@example.com"}, "meetings"),
        ("search_meetings", {"query": "webinar", "scope": "title"}, "meetings"),
        (
            "search_meetings",
            {"query": "webinar", "scope": "title", "verbosity": "full"},
            "meetings",
        ),
        ("list_calls", {}, "calls"),
        ("list_calls", {"verbosity": "full"}, "calls"),
        ("find_calls_by_participant", {"participant": "Olivia"}, "calls"),
        ("search_calls", {"query": "conference", "scope": "title"}, "calls"),
        ("search_calls", {"query": "conference", "scope": "title", "verbosity": "full"}, "calls"),
    ],
)
async def test_listings_and_search_show_a_bounded_slice_of_each_activity(
    mcp_url: str, crowded: Crowded, tool: str, arguments: dict[str, Any], key: str
) -> None:
    async with mcp_client(mcp_url, crowded.tenant.key) as client:
        result = await client.call_tool(tool, arguments)
    answer = structured(result)
    assert len(result.content[0].text) < LISTING_BYTES
    by_id = {a["id"]: a for a in answer[key]}
    check_bounded(by_id[crowded.call if key == "calls" else crowded.meeting])
    if key == "meetings":
        ordinary = by_id[crowded.ordinary]
        assert len(ordinary["participants"]) == ordinary["participantCount"] == 2
        assert ordinary["organizerCount"] == 1 and "participantsNote" not in ordinary


async def test_details_page_through_every_participant(mcp_url: str, crowded: Crowded) -> None:
    async with mcp_client(mcp_url, crowded.tenant.key) as client:
        first = structured(await client.call_tool("get_meeting_details", {"id": crowded.meeting}))
        names: list[str] = []
        for skip in range(0, IN_ALL, 1000):
            arguments = {
                "id": crowded.meeting,
                "participantsSkip": skip,
                "participantsLimit": 1000,
                "includeTranscript": False,
                "includeSummary": False,
            }
            page = structured(await client.call_tool("get_meeting_details", arguments))
            names += [p["name"] for p in page["meeting"]["participants"]]
        too_many = await client.call_tool(
            "get_meeting_details", {"id": crowded.meeting, "participantsLimit": 1001}
        )
    meeting = first["meeting"]
    assert len(meeting["participants"]) == 100 and meeting["participantCount"] == IN_ALL
    assert "Participants 1-100 of 3002" in meeting["participantsNote"]
    assert names == ["Olivia Owner", "Carl Customer"] + [f"Guest {n:05d}" for n in range(EXTRA)]
    assert error_text(too_many).startswith("Invalid argument participantsLimit")


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_rest_participants_are_paged(
    client: httpx.AsyncClient, crowded: Crowded, kind: str
) -> None:
    activity_id = crowded.meeting if kind == "meetings" else crowded.call
    url = f"/api/v1/{kind}/{activity_id}/participants"
    headers = crowded.tenant.headers
    first = await client.get(url, headers=headers)
    assert first.status_code == 200 and first.headers["x-total-count"] == str(IN_ALL)
    assert len(first.json()["data"]["participants"]) == 1000
    last = await client.get(url, params={"page": 4}, headers=headers)
    assert [p["name"] for p in last.json()["data"]["participants"]] == [
        f"Guest {n:05d}" for n in range(2998, EXTRA)
    ]
    small = await client.get(url, params={"limit": 2, "page": 2}, headers=headers)
    assert [p["name"] for p in small.json()["data"]["participants"]] == [
        "Guest 00000",
        "Guest 00001",
    ]
    refused = await client.get(url, params={"limit": 1001}, headers=headers)
    assert refused.status_code == 422 and "limit" in refused.json()["error"]
