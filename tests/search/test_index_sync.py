"""The index follows the data: transcript import through the queue, a transcript stored again,
a speaker renamed, a title or language changed, an activity deleted (no index row left)."""

from __future__ import annotations

import httpx
import pytest
import sqlalchemy as sa

from fixtures.factories import make_tenant
from fixtures.jobs import drain_jobs
from fixtures.multipart import multipart
from fixtures.shapes import check_envelope
from meetsight.activities.models import Activity
from meetsight.search.indexing import count_search_rows
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData

from .helpers import MATCHES_FROM_DOCUMENTS, MATCHES_STORED, ids, make_transcribed, run_search

API = "/api/v1"
SRT = """1
00:00:01,000 --> 00:00:04,000
Olivia Owner: Shall we look at the rollout timeline?

2
00:00:04,500 --> 00:00:08,000
Carl Customer: Procurement needs the security questionnaire first.
"""


async def test_imported_transcript_is_searchable_after_processing(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    body, headers = multipart(
        [("name", "Rollout planning"), ("startDateTime", "2026-04-01T09:30:00Z")],
        [("transcript", "t.srt", SRT.encode(), "text/plain")],
    )
    r = await client.post(
        f"{API}/meetings/upload", content=body, headers={**tenant.headers, **headers}
    )
    activity_id = next(iter(check_envelope(r.json(), status=201).values()))
    # Searchable from the upload on, and still once (not twice) after the import job ran.
    assert ids(await run_search(state, tenant.org_id, "rollout", scope="title")) == [activity_id]
    assert ids(await run_search(state, tenant.org_id, "questionnaire")) == [activity_id]
    await drain_jobs(state)
    page = await run_search(state, tenant.org_id, "questionnaires")
    assert ids(page) == [activity_id]
    [match] = page.hits[0].matches
    assert (match.speaker, match.start_time, match.end_time) == ("Carl Customer", 4.5, 8.0)


async def test_storing_again_replaces_without_duplicates(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, ["The discount is ten percent."] * 3)
    before = None
    async with state.sessionmaker() as session:
        before = await count_search_rows(session, tenant.org_id, meeting)
        for _ in range(2):  # reprocessing stores the transcript again, each time in full
            await store_segments(
                session,
                tenant.org_id,
                meeting,
                [
                    SegmentData(0.0, 5.0, "Olivia Owner", "The discount is ten percent."),
                    SegmentData(5.0, 9.0, "Carl Customer", "Legal wants a termination clause."),
                ],
            )
        await session.commit()
        after = await count_search_rows(session, tenant.org_id, meeting)
    assert before > after > 0  # three sentences became two; nothing left over
    page = await run_search(state, tenant.org_id, "discount")
    assert page.total == 1 and [m.position for m in page.hits[0].matches] == [0]
    assert ids(await run_search(state, tenant.org_id, "termination")) == [meeting]
    # Replaced again with nothing: the sentences leave the index, the title stays.
    async with state.sessionmaker() as session:
        await store_segments(session, tenant.org_id, meeting, [])
        await session.commit()
    assert (await run_search(state, tenant.org_id, "discount")).total == 0
    assert ids(await run_search(state, tenant.org_id, "weekly")) == [meeting]


async def test_speaker_rename_shows_in_matches(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, ["Hello there.", "Send me the contract."])
    r = await client.patch(
        f"{API}/meetings/{meeting}/speakers",
        headers=tenant.headers,
        json={"speaker": "Carl Customer", "name": "Carla Buyer"},
    )
    assert r.status_code == 200, r.text
    page = await run_search(state, tenant.org_id, "contract")
    assert page.total == 1
    assert [m.speaker for m in page.hits[0].matches] == ["Carla Buyer"]


async def test_title_and_language_changes_are_indexed(state: AppState, engine_name: str) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, ["Los precios bajan."], language="en")
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, meeting))
        assert activity is not None
        activity.name = "Quarterly business review"
        activity.language = "es"
        await session.commit()
    assert (await run_search(state, tenant.org_id, "weekly")).total == 0
    assert ids(await run_search(state, tenant.org_id, "quarterly business")) == [meeting]
    assert ids(await run_search(state, tenant.org_id, "precio")) == [meeting]
    if engine_name == "postgresql":  # stemmed in Spanish now: "bajar" meets "bajan"
        assert ids(await run_search(state, tenant.org_id, "bajar")) == [meeting]


async def test_delete_leaves_no_index_row(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    victim = await make_transcribed(state, tenant, ["Churn risk is high."], is_call=True)
    kept = await make_transcribed(state, tenant, ["Churn risk is low."], is_call=True)
    async with state.sessionmaker() as session:
        assert await count_search_rows(session, tenant.org_id, victim) > 0
        kept_rows = await count_search_rows(session, tenant.org_id, kept)
    r = await client.delete(f"{API}/calls/{victim}", headers=tenant.headers)
    assert r.status_code == 200, r.text
    async with state.sessionmaker() as session:
        assert await count_search_rows(session, tenant.org_id, victim) == 0
        assert await count_search_rows(session, tenant.org_id, kept) == kept_rows
        if session.get_bind().dialect.name == "sqlite":
            # FTS5 integrity check: the contentless document was removed with its exact text.
            await session.execute(
                sa.text(
                    "INSERT INTO search_transcripts (search_transcripts, rank)"
                    " VALUES ('integrity-check', 0)"
                )
            )
    page = await run_search(state, tenant.org_id, "churn")
    assert ids(page) == [kept] and page.total == 1


async def test_postgres_search_matches_follow_search_documents(
    client: httpx.AsyncClient, state: AppState, engine_name: str
) -> None:
    """search_matches (the narrow copy a search of words reads) holds what search_documents
    holds, with each document's key lexeme (organization, kind and configuration), after every
    change: insert, transcript stored again, title, kind and start, language, delete."""
    if engine_name != "postgresql":
        pytest.skip("PostgreSQL's search_matches")
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, ["The renewal is due."])
    call = await make_transcribed(state, tenant, ["Budget talk."], is_call=True)
    gone = await make_transcribed(state, tenant, ["Nothing to keep."])

    async def same() -> None:
        async with state.sessionmaker() as session:
            expected, stored = [
                (await session.execute(sa.text(sql), {"org": tenant.org_id})).all()
                for sql in (MATCHES_FROM_DOCUMENTS, MATCHES_STORED)
            ]
        assert stored == expected and stored

    await same()
    async with state.sessionmaker() as session:  # the title alone
        activity = await session.get(Activity, (tenant.org_id, meeting))
        assert activity is not None
        activity.name = "Quarterly plan"
        await session.commit()
    await same()
    async with state.sessionmaker() as session:
        await store_segments(
            session, tenant.org_id, meeting, [SegmentData(0.0, 2.0, "Olivia Owner", "Churn!")]
        )
        activity = await session.get(Activity, (tenant.org_id, call))
        assert activity is not None
        activity.name, activity.language = "Presupuesto", "es"
        activity.start_at = activity.start_at.replace(year=2025)
        await session.commit()
    await same()
    r = await client.delete(f"{API}/meetings/{gone}", headers=tenant.headers)
    assert r.status_code == 200, r.text
    await same()
    assert ids(await run_search(state, tenant.org_id, "churn", kind="meetings")) == [meeting]
    assert ids(await run_search(state, tenant.org_id, "quarterly", scope="title")) == [meeting]
    assert ids(await run_search(state, tenant.org_id, "presupuesto", kind="calls")) == [call]
    assert (await run_search(state, tenant.org_id, "renewal")).total == 0
