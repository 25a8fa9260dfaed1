"""/meetings|/calls/{id}/comments over REST (SQLite and PostgreSQL): members comment on moments,
the author edits and deletes, owners and admins delete any; bad input is a 422 that stores
nothing; another organization's ids are 404."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from fixtures.shapes import check_envelope, check_error
from meetsight.auth.api_keys import create_api_key
from meetsight.comments.models import Comment
from meetsight.comments.repository import unlink_author
from meetsight.organizations.members import remove_member
from meetsight.state import AppState
from web.pages import add_user

API = "/api/v1"


async def key_for(
    state: AppState, org_id: str, user_id: str | None, scopes: list[str] | None = None
) -> dict[str, str]:
    """Headers with an API key created by `user_id` (acting for that member)."""
    async with state.sessionmaker() as session:
        created = await create_api_key(
            session,
            secret=state.settings.hmac_secret(),
            organization_id=org_id,
            name="comments",
            scopes=scopes,
            created_by_user_id=user_id,
        )
        await session.commit()
    return {"x-api-key": created.key}


async def _comments(client: httpx.AsyncClient, url: str, headers: dict[str, str]) -> list[Any]:
    response = await client.get(url + "?limit=100", headers=headers)
    return list(check_envelope(response.json()))


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_a_comment_is_added_listed_edited_and_deleted(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, kind: str
) -> None:
    aid = await make_activity(state, tenant, is_call=kind == "calls")  # 60 s long
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    url = f"{API}/{kind}/{aid}/comments"
    body = {"text": "  Pricing objection <b>here</b>\nfollow up  ", "startTime": 12.5}
    created = check_envelope((await client.post(url, json=body, headers=owner)).json(), status=201)
    assert created["text"] == "Pricing objection <b>here</b>\nfollow up"  # trimmed, kept as sent
    assert (created["startTime"], created["endTime"]) == (12.5, None)
    assert (created["authorId"], created["authorName"]) == (tenant.user_id, "Olivia Owner")
    assert created["createdAt"].endswith("Z") and created["editedAt"] is None
    span = {"text": "The whole budget talk", "startTime": 24, "endTime": 34}
    second = check_envelope((await client.post(url, json=span, headers=owner)).json(), status=201)
    assert (second["startTime"], second["endTime"]) == (24, 34)
    early = {"text": "Opening", "startTime": 1}
    third = check_envelope((await client.post(url, json=early, headers=owner)).json(), status=201)

    # Any credential of the organization reads them, in recording order, a page at a time.
    listed = await client.get(url + "?limit=2&page=1", headers=tenant.headers)
    assert listed.headers["x-total-count"] == "3"
    assert [c["id"] for c in check_envelope(listed.json())] == [third["id"], created["id"]]
    rest = check_envelope((await client.get(url + "?limit=2&page=2", headers=owner)).json())
    assert [c["id"] for c in rest] == [second["id"]]

    edited = await client.patch(f"{url}/{created['id']}", json={"text": "Edited"}, headers=owner)
    data = check_envelope(edited.json())
    assert data["text"] == "Edited" and data["editedAt"] is not None
    assert data["startTime"] == 12.5

    gone = await client.delete(f"{url}/{created['id']}", headers=owner)
    assert check_envelope(gone.json()) is True
    assert [c["id"] for c in await _comments(client, url, owner)] == [third["id"], second["id"]]
    again = await client.delete(f"{url}/{created['id']}", headers=owner)
    check_error(again, 404, contains="Comment not found")


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"text": ""}, "text"),
        ({"text": "   \n "}, "blank"),
        ({"text": None}, "text"),
        ({"text": "x" * 2001}, "text"),
        ({"text": "nul \u0000"}, "NUL"),
        ({"startTime": -1}, "startTime"),
        ({"startTime": None}, "startTime"),
        ({"startTime": 30, "endTime": 10}, "endTime"),
        ({"startTime": 62}, "past the end of the recording (1:00)"),
        ({"startTime": 50, "endTime": 75}, "endTime"),
    ],
    ids=["empty", "blank", "null", "long", "nul", "negative", "no-time", "order", "past", "end"],
)
async def test_bad_comments_are_422_and_store_nothing(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, change: dict[str, Any], needle: str
) -> None:
    aid = await make_activity(state, tenant)
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    url = f"{API}/meetings/{aid}/comments"
    body = {"text": "fine", "startTime": 5} | change
    check_error(await client.post(url, json=body, headers=owner), 422, contains=needle)
    assert await _comments(client, url, owner) == []


async def test_the_limits_themselves_are_accepted(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """2,000 characters, and a moment up to a second past the end (taken as the end)."""
    aid = await make_activity(state, tenant)
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    url = f"{API}/meetings/{aid}/comments"
    long = {"text": "y" * 2000, "startTime": 60.5, "endTime": 60.9}
    created = check_envelope((await client.post(url, json=long, headers=owner)).json(), status=201)
    assert (len(created["text"]), created["startTime"], created["endTime"]) == (2000, 60, None)


async def test_who_may_edit_and_delete(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant, is_call=True)
    url = f"{API}/calls/{aid}/comments"
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    member = await add_user(state, tenant.org_id, role="member")
    other = await add_user(state, tenant.org_id, role="member")
    admin = await add_user(state, tenant.org_id, role="admin")
    as_member = await key_for(state, tenant.org_id, member.id)
    as_other = await key_for(state, tenant.org_id, other.id)
    as_admin = await key_for(state, tenant.org_id, admin.id)

    async def add(headers: dict[str, str], text: str) -> str:
        body = {"text": text, "startTime": 3}
        response = await client.post(url, json=body, headers=headers)
        return str(check_envelope(response.json(), status=201)["id"])

    by_owner, by_member = await add(owner, "owner's"), await add(as_member, "member's")
    # Only the author edits, an admin included.
    for headers in (as_other, as_admin, owner):
        response = await client.patch(f"{url}/{by_member}", json={"text": "x"}, headers=headers)
        check_error(response, 403, contains="author")
    # A member deletes only their own; an admin or owner anyone's.
    check_error(await client.delete(f"{url}/{by_owner}", headers=as_member), 403)
    check_error(await client.delete(f"{url}/{by_member}", headers=as_other), 403)
    assert check_envelope((await client.delete(f"{url}/{by_owner}", headers=as_admin)).json())
    assert check_envelope((await client.delete(f"{url}/{by_member}", headers=as_member)).json())
    assert await _comments(client, url, owner) == []


async def test_credentials_that_may_not_write(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant)
    url = f"{API}/meetings/{aid}/comments"
    body = {"text": "hello", "startTime": 1}
    # A key made on the command line acts for no member: it reads, but does not comment.
    check_error(await client.post(url, json=body, headers=tenant.headers), 403, contains="member")
    assert await _comments(client, url, tenant.headers) == []
    reader = await key_for(state, tenant.org_id, tenant.user_id, scopes=["meetings:read"])
    check_error(await client.post(url, json=body, headers=reader), 403)
    assert await _comments(client, url, reader) == []
    calls_only = await key_for(state, tenant.org_id, tenant.user_id, scopes=["calls:read"])
    check_error(await client.get(url, headers=calls_only), 403)
    check_error(await client.post(url, json=body), 401)


async def test_other_organizations_and_kinds_are_404(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    mine = await make_activity(state, tenant)
    theirs = await make_activity(state, other_tenant)
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    them = await key_for(state, other_tenant.org_id, other_tenant.user_id)
    body = {"text": "B's secret remark", "startTime": 2}
    created = await client.post(f"{API}/meetings/{theirs}/comments", json=body, headers=them)
    secret = check_envelope(created.json(), status=201)["id"]

    check_error(await client.get(f"{API}/meetings/{theirs}/comments", headers=owner), 404)
    check_error(
        await client.post(f"{API}/meetings/{theirs}/comments", json=body, headers=owner), 404
    )
    check_error(await client.get(f"{API}/calls/{mine}/comments", headers=owner), 404)
    for activity in (theirs, mine):  # B's comment, under B's and under A's own activity
        item = f"{API}/meetings/{activity}/comments/{secret}"
        check_error(await client.patch(item, json={"text": "A was here"}, headers=owner), 404)
        check_error(await client.delete(item, headers=owner), 404)
    listed = await _comments(client, f"{API}/meetings/{theirs}/comments", them)
    assert [(c["id"], c["text"]) for c in listed] == [(secret, "B's secret remark")]


async def test_a_removed_member_keeps_their_comments_and_an_activity_takes_its_own(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    aid = await make_activity(state, tenant)
    url = f"{API}/meetings/{aid}/comments"
    member = await add_user(state, tenant.org_id, role="member")
    as_member = await key_for(state, tenant.org_id, member.id)
    body = {"text": "Before I leave", "startTime": 4}
    check_envelope((await client.post(url, json=body, headers=as_member)).json(), status=201)
    async with state.sessionmaker() as session:
        await remove_member(
            session,
            tenant.org_id,
            member.id,
            actor_id=tenant.user_id,
            actor_role="owner",
            unlink_authored=(unlink_author,),
        )
        await session.commit()
    owner = await key_for(state, tenant.org_id, tenant.user_id)
    [kept] = await _comments(client, url, owner)
    assert (kept["authorId"], kept["authorName"], kept["text"]) == (
        None,
        "Member Person",
        "Before I leave",
    )
    assert check_envelope((await client.delete(f"{url}/{kept['id']}", headers=owner)).json())

    check_envelope((await client.post(url, json=body, headers=owner)).json(), status=201)
    assert check_envelope((await client.delete(f"{API}/meetings/{aid}", headers=owner)).json())
    async with state.sessionmaker() as session:
        left = await session.scalar(
            sa.select(sa.func.count())
            .select_from(Comment)
            .where(Comment.organization_id == tenant.org_id, Comment.activity_id == aid)
        )
    assert left == 0
