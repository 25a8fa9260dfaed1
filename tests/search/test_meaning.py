"""Search by meaning and hybrid search, on each engine: a paraphrase found where the words are
not, vectors that follow the data (stored again, renamed, deleted), the filters and the
organization kept, OR on the lexical side, and bad input as a 4xx envelope."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import sqlalchemy as sa

from fixtures.factories import make_tenant
from fixtures.shapes import check_envelope, check_error
from meetsight.activities.models import Activity
from meetsight.search.vectors import count_vectors
from meetsight.state import AppState
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData

from .helpers import ids, make_transcribed, run_search

API = "/api/v1"
PRICE = [
    "Thanks for the demo last week.",
    "Honestly, the price is too high for us this year.",
    "Let's talk again on Tuesday.",
]
OTHER = [
    "The new dashboard loads in two seconds now.",
    "Our team has twelve engineers in Lisbon.",
    "I will send the slides after the call.",
]
WORRY = "they think it costs too much money"


async def _vectors(state: AppState, org_id: str, activity_id: str) -> int:
    async with state.sessionmaker() as session:
        return await session.run_sync(lambda s: count_vectors(s.connection(), org_id, activity_id))


async def test_meaning_finds_a_paraphrase_the_words_do_not(state: AppState) -> None:
    tenant = await make_tenant(state)
    price = await make_transcribed(state, tenant, PRICE, name="Renewal call")
    await make_transcribed(state, tenant, OTHER, name="Engineering update")
    assert (await run_search(state, tenant.org_id, WORRY)).total == 0  # lexical by default
    for mode in ("meaning", "hybrid"):
        page = await run_search(state, tenant.org_id, WORRY, mode=mode)
        assert ids(page)[0] == price, mode
        best = page.hits[0]
        assert 1 in [m.position for m in best.matches]
        said = next(m for m in best.matches if m.position == 1)
        assert said.snippet == PRICE[1] and said.start_time == 10.0
    # Across languages: the model is multilingual.
    spanish = await run_search(state, tenant.org_id, "el precio es demasiado alto", mode="meaning")
    assert ids(spanish)[0] == price


async def test_hybrid_keeps_word_matches_first_and_marks_them(state: AppState) -> None:
    tenant = await make_tenant(state)
    dashboard = await make_transcribed(state, tenant, OTHER, name="Engineering update")
    await make_transcribed(state, tenant, PRICE, name="Renewal call")
    page = await run_search(state, tenant.org_id, "dashboard", mode="hybrid")
    assert ids(page)[0] == dashboard
    assert "**dashboard**" in page.hits[0].matches[0].snippet.lower()
    # Words matched: an activity found by meaning alone joins only when it is near.
    assert ids(page) == [dashboard]


async def test_vectors_follow_storing_again_renaming_and_deleting(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, PRICE, name="Renewal call")
    assert await _vectors(state, tenant.org_id, meeting) == len(PRICE) + 1  # and the title
    assert ids(await run_search(state, tenant.org_id, WORRY, mode="meaning")) == [meeting]
    # Stored again with other sentences (reprocessing): replaced, and searched at once.
    async with state.sessionmaker() as session:
        segments = [SegmentData(10.0 * i, 10.0 * i + 9, "Ann", t) for i, t in enumerate(OTHER)]
        await store_segments(session, tenant.org_id, meeting, segments[:2])
        await session.commit()
    assert await _vectors(state, tenant.org_id, meeting) == 2 + 1
    page = await run_search(state, tenant.org_id, "how fast the charts appear", mode="meaning")
    assert ids(page) == [meeting]
    assert page.hits[0].matches[0].snippet == OTHER[0]
    assert all(m.snippet not in PRICE for m in page.hits[0].matches)
    # Renamed: the title's vector follows (scope title searches titles only).
    async with state.sessionmaker() as session:
        activity = await session.get(Activity, (tenant.org_id, meeting))
        assert activity is not None
        activity.name = "Quarterly budget review"
        await session.commit()
    titled = await run_search(
        state, tenant.org_id, "spending plan for the quarter", mode="meaning", scope="title"
    )
    assert ids(titled) == [meeting] and titled.hits[0].title_matched
    # Deleted: no vector row left, and the in-process index forgets it.
    r = await client.delete(f"{API}/meetings/{meeting}", headers=tenant.headers)
    assert r.status_code < 300, r.text
    assert await _vectors(state, tenant.org_id, meeting) == 0
    assert (await run_search(state, tenant.org_id, WORRY, mode="meaning")).total == 0


async def test_meaning_keeps_the_filters_and_the_organization(state: AppState) -> None:
    tenant = await make_tenant(state)
    other = await make_tenant(state)
    await make_transcribed(state, other, PRICE, name="Their renewal")
    assert (await run_search(state, tenant.org_id, WORRY, mode="meaning")).total == 0
    meeting = await make_transcribed(
        state, tenant, PRICE, start=datetime(2026, 3, 1, 9, tzinfo=UTC), name="Meeting"
    )
    call = await make_transcribed(
        state, tenant, PRICE, is_call=True, start=datetime(2026, 6, 1, 9, tzinfo=UTC), name="Call"
    )
    everything = await run_search(state, tenant.org_id, WORRY, mode="hybrid")
    assert set(ids(everything)) == {meeting, call}  # never the other organization's
    calls = await run_search(state, tenant.org_id, WORRY, mode="meaning", kind="calls")
    assert ids(calls) == [call]
    dated = await run_search(
        state,
        tenant.org_id,
        WORRY,
        mode="hybrid",
        date_from=datetime(2026, 2, 1).date(),
        date_to=datetime(2026, 4, 1).date(),
    )
    assert ids(dated) == [meeting]


async def test_or_and_phrases_on_the_lexical_side(state: AppState) -> None:
    tenant = await make_tenant(state)
    a = await make_transcribed(state, tenant, ["We compared three vendors last month."])
    b = await make_transcribed(state, tenant, ["Another competitor called us on Friday."])
    c = await make_transcribed(state, tenant, ["A competitor and a vendor both bid."])
    both = await run_search(state, tenant.org_id, "competitor OR vendor")
    assert set(ids(both)) == {a, b, c}
    assert set(ids(await run_search(state, tenant.org_id, "competitor vendor"))) == {c}
    phrase = await run_search(state, tenant.org_id, '"called us" OR "both bid"')
    assert set(ids(phrase)) == {b, c}
    grouped = await run_search(state, tenant.org_id, "competitor OR vendors friday")
    assert ids(grouped) == [b]


async def test_bad_search_input_is_a_4xx_envelope(
    client: httpx.AsyncClient, state: AppState
) -> None:
    tenant = await make_tenant(state)
    for params in (
        {"q": ""},
        {"q": "   "},
        {"q": "x" * 501},
        {"q": "price", "mode": "vibes"},
        {"q": "price", "mode": ""},
        {"q": "price", "page": "1000000", "limit": "50"},  # meaning ranks its first 1,000
        {"q": "price", "mode": "meaning", "page": "21", "limit": "50"},
    ):
        r = await client.get(f"{API}/search", params=params, headers=tenant.headers)
        check_error(r, 422)
    for mode in ("lexical", "meaning", "hybrid"):
        r = await client.get(
            f"{API}/search", params={"q": "price", "mode": mode}, headers=tenant.headers
        )
        assert check_envelope(r.json(), status=200) == []
    deep = {"q": "price", "mode": "lexical", "page": "1000000", "limit": "50"}
    r = await client.get(f"{API}/search", params=deep, headers=tenant.headers)
    assert check_envelope(r.json(), status=200) == []


async def test_search_vector_rows_have_no_orphans(state: AppState) -> None:
    """Every vector row belongs to an activity that exists (deletion cascades or is explicit)."""
    tenant = await make_tenant(state)
    await make_transcribed(state, tenant, PRICE)
    async with state.sessionmaker() as session:
        orphans = await session.scalar(
            sa.text(
                "SELECT count(*) FROM search_vectors v WHERE NOT EXISTS (SELECT 1 FROM"
                " activities a WHERE a.organization_id = v.organization_id"
                " AND a.id = v.activity_id)"
            )
        )
    assert orphans == 0


async def test_backfill_gives_vectors_to_transcripts_stored_before(state: AppState) -> None:
    from meetsight.search.indexing import backfill_vectors

    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, PRICE)
    async with state.sessionmaker() as session:  # as migration 0016 finds an older transcript
        await session.execute(
            sa.text("DELETE FROM search_vectors WHERE organization_id = :org"),
            {"org": tenant.org_id},
        )
        await session.execute(
            sa.text(
                "UPDATE search_vector_state SET removals = removals + 1"
                " WHERE organization_id = :org"
            ),
            {"org": tenant.org_id},
        )
        await session.commit()
    assert (await run_search(state, tenant.org_id, WORRY, mode="meaning")).total == 0
    async with state.sessionmaker() as session:
        assert await backfill_vectors(session) >= 1
    assert await _vectors(state, tenant.org_id, meeting) == len(PRICE) + 1
    assert ids(await run_search(state, tenant.org_id, WORRY, mode="meaning")) == [meeting]
    async with state.sessionmaker() as session:
        assert await backfill_vectors(session) == 0  # nothing left to do


async def test_an_uploaded_transcript_is_found_by_meaning(
    client: httpx.AsyncClient, state: AppState
) -> None:
    from fixtures.multipart import multipart

    tenant = await make_tenant(state)
    vtt = (
        "WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n<v Carl Customer>Honestly, the price is too"
        " high for us this year.\n\n00:00:06.000 --> 00:00:09.000\n<v Olivia Owner>Understood,"
        " let me see what I can do.\n"
    )
    body, headers = multipart(
        [("name", "Renewal"), ("startDateTime", "2026-04-01T09:30:00Z")],
        [("transcript", "t.vtt", vtt.encode(), "text/vtt")],
    )
    r = await client.post(
        f"{API}/meetings/upload", content=body, headers={**tenant.headers, **headers}
    )
    meeting = next(iter(check_envelope(r.json(), status=201).values()))
    assert await _vectors(state, tenant.org_id, meeting) == 3
    r = await client.get(f"{API}/search", params={"q": WORRY}, headers=tenant.headers)
    [hit] = check_envelope(r.json())
    assert hit["id"] == meeting and hit["matches"][0]["startTime"] == 1.0
