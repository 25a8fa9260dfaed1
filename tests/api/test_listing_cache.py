"""The serialised-activity cache behind the listings never serves what changed since."""

from __future__ import annotations

import httpx
import sqlalchemy as sa

from fixtures.factories import Tenant, make_activity
from meetsight.activities.models import Activity
from meetsight.state import AppState

API = "/api/v1"


async def _listed(client: httpx.AsyncClient, tenant: Tenant, path: str) -> dict[str, dict]:  # type: ignore[type-arg]
    r = await client.get(f"{API}/{path}?limit=100", headers=tenant.headers)
    assert r.status_code == 200
    key = "callId" if path == "calls" else "meetingId"
    return {item[key]: item for item in r.json()["data"]}


async def test_every_kind_of_write_shows_in_the_next_listing(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    mid = await make_activity(state, tenant, name="Before")
    cid = await make_activity(state, tenant, is_call=True, name="A call", direction="inbound")
    assert (await _listed(client, tenant, "meetings"))[mid]["name"] == "Before"
    assert (await _listed(client, tenant, "calls"))[cid]["direction"] == "inbound"
    assert len(state.serialized) >= 2  # both now served from the cache

    # A Core UPDATE, as the workers write.
    async with state.sessionmaker() as session:
        await session.execute(
            sa.update(Activity)
            .where(Activity.organization_id == tenant.org_id, Activity.id == mid)
            .values(status="failed", failure_reason="Decoder said no")
        )
        await session.commit()
    item = (await _listed(client, tenant, "meetings"))[mid]
    assert (item["status"], item["failureReason"]) == ("failed", "Decoder said no")

    # An ORM change, as the API writes.
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, mid))
        assert activity is not None
        activity.name = "After"
        call = await session.get(Activity, (tenant.org_id, cid))
        assert call is not None
        call.direction = "outbound"
        await session.commit()
    assert (await _listed(client, tenant, "meetings"))[mid]["name"] == "After"
    assert (await _listed(client, tenant, "calls"))[cid]["direction"] == "outbound"

    # A reprocess and a delete, through the API.
    r = await client.post(f"{API}/meetings/{mid}/reprocess", headers=tenant.headers)
    assert r.status_code in (202, 409), r.text
    if r.status_code == 202:
        assert (await _listed(client, tenant, "meetings"))[mid]["status"] == "processing"
    assert (await client.delete(f"{API}/meetings/{mid}", headers=tenant.headers)).status_code == 200
    assert mid not in await _listed(client, tenant, "meetings")


async def test_cache_is_bounded() -> None:
    from datetime import UTC, datetime

    from meetsight.activities.serialized_cache import SerializedActivities

    cache = SerializedActivities(max_entries=3)
    now = datetime(2026, 11, 1, tzinfo=UTC)
    for i in range(5):
        cache.put(f"a{i}", now, False, {"n": i})
    assert len(cache) == 3
    assert cache.get("a0", now, False) is None and cache.get("a4", now, False) == {"n": 4}
    assert cache.get("a4", now, True) is None  # the other kind is another entry


async def test_an_unchanged_page_is_served_as_rendered_and_a_changed_one_again(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant
) -> None:
    """Pages are kept whole by their activities' versions and total: a repeat is the same
    bytes from the page cache; a new activity (the total and the page move) renders anew."""
    await make_activity(state, tenant, name="First")
    first = await client.get(f"{API}/meetings?limit=5", headers=tenant.headers)
    again = await client.get(f"{API}/meetings?limit=5", headers=tenant.headers)
    assert first.content == again.content and first.headers["x-total-count"] == "1"
    cache = state.serialized
    assert any(key[1] == 1 for key in cache._pages)  # type: ignore[attr-defined]
    await make_activity(state, tenant, name="Second")
    after = await client.get(f"{API}/meetings?limit=5", headers=tenant.headers)
    assert after.headers["x-total-count"] == "2"
    assert {m["name"] for m in after.json()["data"]} == {"First", "Second"}


async def test_pages_are_bounded() -> None:
    from datetime import UTC, datetime

    from meetsight.activities.serialized_cache import MAX_PAGES, SerializedActivities

    cache = SerializedActivities()
    now = datetime(2026, 11, 1, tzinfo=UTC)
    for i in range(MAX_PAGES + 2):
        cache.put_page((False, i, ((f"a{i}", now),)), b"%d" % i)
    assert cache.page((False, 0, (("a0", now),))) is None
    assert cache.page((False, MAX_PAGES + 1, ((f"a{MAX_PAGES + 1}", now),))) == b"%d" % (
        MAX_PAGES + 1
    )
    assert cache.page((True, MAX_PAGES + 1, ((f"a{MAX_PAGES + 1}", now),))) is None


async def test_answers_kept_under_the_change_mark_follow_every_commit(
    client: httpx.AsyncClient, state: AppState, tenant: Tenant, other_tenant: Tenant
) -> None:
    """On SQLite a repeated listing is answered from what was kept under the reader's change
    mark (data_version): another organization asking the same query string gets its own
    answer, and a commit from any other connection (here a plain sqlite3 one, as another
    process would make) is in the next answer. Elsewhere the mark is None and nothing is kept."""
    mid = await make_activity(state, tenant, name="Kept")
    await make_activity(state, other_tenant, name="Theirs")
    first = await client.get(f"{API}/meetings?limit=7", headers=tenant.headers)
    again = await client.get(f"{API}/meetings?limit=7", headers=tenant.headers)
    theirs = await client.get(f"{API}/meetings?limit=7", headers=other_tenant.headers)
    assert first.content == again.content and [m["name"] for m in first.json()["data"]] == ["Kept"]
    assert [m["name"] for m in theirs.json()["data"]] == ["Theirs"]
    if state.reader.change_mark() is None:
        assert state.engine.dialect.name != "sqlite"
        return
    import sqlite3

    path = state.engine.url.database
    assert path
    mark = state.reader.change_mark()
    with sqlite3.connect(path) as other:  # moving updated_at, as every write of the app does
        other.execute(
            "UPDATE activities SET name = 'Renamed elsewhere', updated_at = ?"
            " WHERE organization_id = ? AND id = ?",
            ("2030-01-01 00:00:00.000000", tenant.org_id, mid),
        )
    assert state.reader.change_mark() != mark
    after = await client.get(f"{API}/meetings?limit=7", headers=tenant.headers)
    assert [m["name"] for m in after.json()["data"]] == ["Renamed elsewhere"]
    # Deleted as the app deletes (its rows in other tables too: a bare DELETE from a plain
    # connection would leave this session's shared database with orphans), through the
    # engine's connection, which is not the reader's: the mark moves.
    mark = state.reader.change_mark()
    deleted = await client.delete(f"{API}/meetings/{mid}", headers=tenant.headers)
    assert deleted.status_code in (200, 204), deleted.text
    assert state.reader.change_mark() != mark
    gone = await client.get(f"{API}/meetings?limit=7", headers=tenant.headers)
    assert gone.json()["data"] == [] and gone.headers["x-total-count"] == "0"


async def test_an_answer_read_under_an_older_mark_is_not_kept() -> None:
    from meetsight.activities.serialized_cache import SerializedActivities

    cache = SerializedActivities()
    key = ("org", False, b"limit=10")
    assert cache.listing(1, key) is None
    cache.put_listing(1, key, b"one", 1)
    assert cache.listing(1, key) == (b"one", 1)
    assert cache.listing(2, key) is None  # a commit since: everything kept is dropped
    cache.put_listing(1, key, b"stale", 1)  # read before the commit that mark 2 saw
    assert cache.listing(2, key) is None
    assert cache.listing(2, ("org", True, b"limit=10")) is None  # the other kind
