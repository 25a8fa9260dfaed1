"""GET /api/v1/trends: figures per rep and for the team per week and month, computed from the
stored analytics and scores; paging, scopes per kind, and 422s that name the parameter."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from fixtures.factories import Tenant, make_tenant
from fixtures.shapes import check_envelope, check_error
from meetsight.organizations.models import Person
from meetsight.organizations.service import create_user
from meetsight.state import AppState

from .helpers import by_start, make_conversation

URL = "/api/v1/trends"
WEEKS = {"from": "2026-10-05", "to": "2026-10-18"}


async def _second_rep(state: AppState, tenant: Tenant) -> str:
    import sqlalchemy as sa

    async with state.sessionmaker() as session:
        user = await create_user(
            session,
            organization_id=tenant.org_id,
            email="ben@example.com",
            name="Ben Builder",
            role="member",
        )
        person = (
            await session.execute(sa.select(Person.id).where(Person.user_id == user.id))
        ).scalar_one()
        await session.commit()
        return person


async def _team(state: AppState) -> tuple[Tenant, str]:
    """Olivia: a discovery in week 41 and a follow-up in week 42; Ben: a call in week 41."""
    tenant = await make_tenant(state)
    olivia = (tenant.person_id, "Olivia Owner")
    ben = (await _second_rep(state, tenant), "Ben Builder")
    await make_conversation(
        state,
        tenant,
        owner=olivia,
        start=datetime(2026, 10, 6, 15, tzinfo=UTC),
        lines=[
            ("Olivia Owner", "Hi. What do you use today?", 0, 30),
            ("Carl Customer", "Spreadsheets.", 30, 40),
            ("Olivia Owner", "How many seats? And when?", 40, 50),
            ("Carl Customer", "Ten, in March.", 50, 60),
        ],
        score=80,
        objectives=[("Discovery", 90), ("Next steps", 70)],
    )
    await make_conversation(
        state,
        tenant,
        owner=olivia,
        start=datetime(2026, 10, 13, 9, tzinfo=UTC),
        lines=[
            ("Olivia Owner", "Hello.", 0, 10),
            ("Carl Customer", "Let me tell you how it went.", 10, 40),
            ("Olivia Owner", "Great?", 40, 50),
        ],
        score=60,
        objectives=[("Discovery", 50)],
    )
    await make_conversation(
        state,
        tenant,
        owner=ben,
        is_call=True,
        start=datetime(2026, 10, 7, 9, tzinfo=UTC),
        lines=[("Ben Builder", "Why now?", 0, 20), ("Dora Buyer", "Budget.", 20, 30)],
    )
    return tenant, ben[0]


async def test_per_rep_per_week(client: httpx.AsyncClient, state: AppState) -> None:
    tenant, ben = await _team(state)
    r = await client.get(URL, params=WEEKS, headers=tenant.headers)
    assert r.status_code == 200, r.text
    assert r.headers["X-Total-Count"] == "2"
    first, second = check_envelope(r.json())
    assert first["rep"] == {
        "personId": ben,
        "userId": first["rep"]["userId"],
        "name": "Ben Builder",
        "email": "ben@example.com",
    }
    assert second["rep"]["personId"] == tenant.person_id
    assert second["team"] == {"id": tenant.org_id, "name": "Org under test"}
    assert (second["by"], second["groupBy"], second["from"], second["to"]) == (
        "rep",
        "week",
        "2026-10-05",
        "2026-10-18",
    )
    weeks = by_start(second)
    assert list(weeks) == ["2026-10-05", "2026-10-12"]
    assert weeks["2026-10-05"] == {
        "start": "2026-10-05",
        "end": "2026-10-11",
        "conversations": 1,
        "talkRatio": 0.667,
        "questionsAsked": 3,
        "questionsPerConversation": 3.0,
        "questionsPerHour": 180.0,
        "longestMonologue": 30.0,
        "longestMonologueMax": 30.0,
        "interactivity": 3.0,
        "score": 80.0,
        "objectives": [
            {"objective": "Discovery", "score": 90.0, "conversations": 1},
            {"objective": "Next steps", "score": 70.0, "conversations": 1},
        ],
    }
    assert weeks["2026-10-12"]["talkRatio"] == 0.4
    assert weeks["2026-10-12"]["interactivity"] == 2.4
    totals = second["totals"]
    assert totals["conversations"] == 2
    assert totals["talkRatio"] == 0.533
    assert totals["questionsAsked"] == 4
    assert totals["questionsPerConversation"] == 2.0
    assert totals["questionsPerHour"] == 130.91
    assert (totals["longestMonologue"], totals["longestMonologueMax"]) == (20.0, 30.0)
    assert totals["score"] == 70.0
    assert totals["objectives"] == [
        {"objective": "Discovery", "score": 70.0, "conversations": 2},
        {"objective": "Next steps", "score": 70.0, "conversations": 1},
    ]
    # Ben's call has no score: its figures still count, its score is null.
    ben_week = by_start(first)["2026-10-05"]
    assert (ben_week["conversations"], ben_week["score"], ben_week["objectives"]) == (1, None, [])
    empty = by_start(first)["2026-10-12"]
    assert empty["conversations"] == 0 and empty["talkRatio"] is None


async def test_team_per_month_and_kinds(client: httpx.AsyncClient, state: AppState) -> None:
    tenant, _ = await _team(state)
    params = {**WEEKS, "by": "team", "groupBy": "month"}
    [team] = check_envelope((await client.get(URL, params=params, headers=tenant.headers)).json())
    assert team["rep"] is None and team["team"]["id"] == tenant.org_id
    [october] = team["periods"]
    assert (october["start"], october["end"]) == ("2026-10-01", "2026-10-31")
    assert october["conversations"] == 3
    assert october["questionsAsked"] == 5
    assert october["score"] == 70.0
    # The seller side's share: (0.6667 + 0.4 + 0.6667) / 3.
    assert october["talkRatio"] == 0.578
    meetings = {**params, "type": "meetings"}
    [team] = check_envelope((await client.get(URL, params=meetings, headers=tenant.headers)).json())
    assert team["totals"]["conversations"] == 2
    calls = {**WEEKS, "type": "calls"}
    [ben] = check_envelope((await client.get(URL, params=calls, headers=tenant.headers)).json())
    assert ben["rep"]["name"] == "Ben Builder"


async def test_paging_and_default_range(client: httpx.AsyncClient, state: AppState) -> None:
    tenant, _ = await _team(state)
    r = await client.get(URL, params={**WEEKS, "limit": 1, "page": 2}, headers=tenant.headers)
    [olivia] = check_envelope(r.json())
    assert olivia["rep"]["name"] == "Olivia Owner" and r.headers["X-Total-Count"] == "2"
    # No range: twelve calendar weeks up to today, whatever is in them.
    [team] = check_envelope(
        (await client.get(URL, params={"by": "team"}, headers=tenant.headers)).json()
    )
    assert len(team["periods"]) == 12
    assert datetime.fromisoformat(team["from"]).weekday() == 0


async def test_deleting_a_conversation_leaves_the_trends(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    meeting = await make_conversation(
        state,
        tenant,
        owner=(tenant.person_id, "Olivia Owner"),
        start=datetime(2026, 10, 6, tzinfo=UTC),
        lines=[("Olivia Owner", "Why?", 0, 5), ("Carl Customer", "Because.", 5, 9)],
        score=50,
        objectives=[("Discovery", 50)],
    )
    params = {**WEEKS, "by": "team"}
    [team] = check_envelope((await client.get(URL, params=params, headers=tenant.headers)).json())
    assert team["totals"]["conversations"] == 1
    deleted = await client.delete(f"/api/v1/meetings/{meeting}", headers=tenant.headers)
    assert deleted.status_code == 200, deleted.text
    [team] = check_envelope((await client.get(URL, params=params, headers=tenant.headers)).json())
    assert team["totals"]["conversations"] == 0


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"from": "2026-13-01"}, "from"),
        ({"to": "yesterday"}, "to"),
        ({"from": "2026-10-01T00:00:00Z"}, "from"),
        ({"from": "2026-10-10", "to": "2026-10-01"}, "from"),
        ({"groupBy": "year"}, "groupBy"),
        ({"by": "region"}, "by"),
        ({"type": "emails"}, "type"),
        ({"from": "2020-01-01", "to": "2026-01-01"}, "to"),
        ({"from": "2020-01-01", "to": "2026-01-01", "groupBy": "month"}, "to"),
        ({"limit": "0"}, "limit"),
        ({"from": "9999-12-30", "to": "9999-12-31"}, "from"),
        ({"from": "0001-01-01", "to": "0001-01-02", "groupBy": "month"}, "from"),
        ({"from": "0001-01-01", "to": "9999-12-31"}, "from"),
        ({"to": "9999-12-31"}, "to"),
    ],
)
async def test_bad_input_is_a_422_naming_the_parameter(
    client: httpx.AsyncClient, state: AppState, params: dict[str, str], field: str
) -> None:
    tenant = await make_tenant(state)
    r = await client.get(URL, params=params, headers=tenant.headers)
    check_error(r, 422)
    assert field in r.json()["error"], r.json()


async def test_scopes_per_kind(client: httpx.AsyncClient, state: AppState) -> None:
    calls_only = await make_tenant(state, scopes=["calls:read"])
    check_error(await client.get(URL, params={"type": "meetings"}, headers=calls_only.headers), 403)
    r = await client.get(URL, params={"type": "all"}, headers=calls_only.headers)
    assert r.status_code == 200
    writer = await make_tenant(state, scopes=["meetings:write"])
    check_error(await client.get(URL, headers=writer.headers), 403)
    check_error(await client.get(URL), 401)
