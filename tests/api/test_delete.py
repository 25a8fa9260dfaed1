"""DELETE /meetings/{id} and /calls/{id}: no row of the activity left in any table, no media,
nothing else touched; a second delete and another organization's key are 404s."""

from __future__ import annotations

import httpx
import pytest
import sqlalchemy as sa

import meetsight.schema.tables  # noqa: F401  (every table on the metadata)
from fixtures.factories import Tenant, make_activity, make_tenant
from fixtures.multipart import multipart, wav_bytes
from fixtures.shapes import check_envelope, check_error
from meetsight.activities.service import media_prefix
from meetsight.db.base import Base
from meetsight.search.indexing import count_search_rows
from meetsight.state import AppState

API = "/api/v1"


def activity_tables() -> list[tuple[sa.Table, sa.Column[str]]]:
    """Every table holding rows of one activity, with the column naming it."""
    found = [(t, t.c.activity_id) for t in Base.metadata.sorted_tables if "activity_id" in t.c]
    activities = Base.metadata.tables["activities"]
    return [(activities, activities.c.id), *found]


def test_the_metadata_knows_the_derived_tables() -> None:
    names = {t.name for t, _ in activity_tables()}
    assert {
        "activities",
        "transcript_segments",
        "notes",
        "chat_messages",
        "activity_summaries",
        "activity_analytics",
        "activity_scores",
        "activity_links",
        "activity_participants",
        "comments",
        "jobs",
    } <= names


async def rows_of(state: AppState, org_id: str, activity_id: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    async with state.sessionmaker() as session:
        for table, column in activity_tables():
            query = (
                sa.select(sa.func.count())
                .select_from(table)
                .where(column == activity_id, table.c.organization_id == org_id)
            )
            counts[table.name] = int(await session.scalar(query) or 0)
        # The search index lives outside the metadata (FTS5 tables and their shadow tables).
        counts["search_index"] = await count_search_rows(session, org_id, activity_id)
    return counts


async def rows_anywhere(state: AppState, activity_id: str) -> int:
    """Rows naming the id in any organization."""
    total = 0
    async with state.sessionmaker() as session:
        for table, column in activity_tables():
            query = sa.select(sa.func.count()).select_from(table).where(column == activity_id)
            total += int(await session.scalar(query) or 0)
    return total


def media_files(state: AppState, org_id: str, activity_id: str) -> list[str]:
    folder = state.media.path(media_prefix(org_id, activity_id))
    return sorted(str(p) for p in folder.rglob("*")) if folder.exists() else []


async def uploaded(client: httpx.AsyncClient, tenant: Tenant, kind: str) -> str:
    """An activity made through the upload endpoint: media file, job, participants."""
    body, headers = multipart(
        [
            ("name", "To delete"),
            ("startDateTime", "2026-05-01T10:00:00Z"),
            ("ownerId", tenant.person_id),
        ],
        [("file", "a.wav", wav_bytes(), "audio/wav")],
    )
    r = await client.post(
        f"{API}/{kind}/upload", content=body, headers={**tenant.headers, **headers}
    )
    assert r.status_code == 201, r.text
    return str(next(iter(r.json()["data"].values())))


@pytest.mark.parametrize("kind", ["meetings", "calls"])
@pytest.mark.parametrize("source", ["factory", "upload"])
async def test_delete_removes_every_row_and_the_media(
    client: httpx.AsyncClient, state: AppState, kind: str, source: str
) -> None:
    tenant, other = await make_tenant(state), await make_tenant(state)
    is_call = kind == "calls"
    if source == "factory":
        victim = await make_activity(
            state, tenant, is_call=is_call, with_media=True, with_comment=True
        )
    else:
        victim = await uploaded(client, tenant, kind)
    sibling = await make_activity(
        state, tenant, is_call=is_call, with_media=True, with_comment=True
    )
    foreign = await make_activity(state, other, is_call=is_call, with_media=True, with_comment=True)

    before = await rows_of(state, tenant.org_id, victim)
    assert before["activities"] == 1 and before["jobs"] == 1
    assert before["activity_participants"] >= 1
    if source == "factory":
        assert all(count > 0 for count in before.values()), before
    assert media_files(state, tenant.org_id, victim)
    sibling_rows = await rows_of(state, tenant.org_id, sibling)
    foreign_rows = await rows_of(state, other.org_id, foreign)

    r = await client.delete(f"{API}/{kind}/{victim}", headers=tenant.headers)
    assert r.status_code == 200, r.text
    assert check_envelope(r.json()) is True

    assert await rows_anywhere(state, victim) == 0
    assert (await rows_of(state, tenant.org_id, victim))["search_index"] == 0
    assert not state.media.path(media_prefix(tenant.org_id, victim)).exists()
    assert await rows_of(state, tenant.org_id, sibling) == sibling_rows
    assert await rows_of(state, other.org_id, foreign) == foreign_rows
    assert media_files(state, tenant.org_id, sibling)
    assert media_files(state, other.org_id, foreign)

    for sub in ("", "/transcript", "/participants", "/summary"):
        r = await client.get(f"{API}/{kind}/{victim}{sub}", headers=tenant.headers)
        check_error(r, 404)
    r = await client.get(f"{API}/{kind}", params={"limit": 100}, headers=tenant.headers)
    listed = [item["callId" if is_call else "meetingId"] for item in r.json()["data"]]
    assert listed == [sibling]

    r = await client.delete(f"{API}/{kind}/{victim}", headers=tenant.headers)
    assert check_error(r, 404) == ("Call not found" if is_call else "Meeting not found")


@pytest.mark.parametrize("kind", ["meetings", "calls"])
async def test_delete_with_another_organizations_key_is_404_and_deletes_nothing(
    client: httpx.AsyncClient, state: AppState, kind: str
) -> None:
    tenant, other = await make_tenant(state), await make_tenant(state)
    victim = await make_activity(state, tenant, is_call=kind == "calls", with_media=True)
    before = await rows_of(state, tenant.org_id, victim)
    files = media_files(state, tenant.org_id, victim)

    r = await client.delete(f"{API}/{kind}/{victim}", headers=other.headers)
    check_error(r, 404)
    other_kind = "meetings" if kind == "calls" else "calls"
    r = await client.delete(f"{API}/{other_kind}/{victim}", headers=tenant.headers)
    check_error(r, 404)

    assert await rows_of(state, tenant.org_id, victim) == before
    assert media_files(state, tenant.org_id, victim) == files
    r = await client.get(f"{API}/{kind}/{victim}", headers=tenant.headers)
    assert r.status_code == 200
