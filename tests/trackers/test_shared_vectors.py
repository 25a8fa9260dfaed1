"""Mentions by meaning read the sentence vectors search stored with the transcript (one
embedding per segment, shared): a stored vector is what a segment is matched by; a transcript
stored without vectors (before migration 0016) is embedded once by the tracker's indexing, with
the same mentions, and its vectors are stored for search too; a transcript replaced meanwhile
keeps its own vectors."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from fixtures.factories import Tenant, make_tenant
from meetsight.search import vectors
from meetsight.state import AppState
from meetsight.trackers.indexing import index_tracker_now
from meetsight.trackers.models import Tracker, TrackerMention
from meetsight.transcripts.importing import store_segments
from meetsight.transcripts.types import SegmentData
from search.helpers import make_transcribed

SECURITY = ["Do you have a SOC 2 Type II report?", "Where is our data stored, and is it encrypted?"]
CALL = [
    "Good morning, shall we start with the agenda?",
    "Do you encrypt the recordings at rest, and where are they hosted?",
    "Yes, everything is encrypted and hosted in Frankfurt.",
    "The new dashboard loads in two seconds now.",
]
OTHER_CALL = ["Our team has twelve engineers in Lisbon.", "I will send the slides after the call."]


async def _index(state: AppState, tenant: Tenant, name: str) -> dict[int, tuple[str, float]]:
    """A tracker with SECURITY's examples and no keywords, indexed: position -> (how, score)."""
    async with state.sessionmaker() as session:
        tracker = Tracker(organization_id=tenant.org_id, name=name, keywords=[], examples=SECURITY)
        session.add(tracker)
        await session.flush()
        await index_tracker_now(session, tenant.org_id, tracker)
        await session.commit()
        rows = await session.execute(
            sa.select(
                TrackerMention.position, TrackerMention.matched_by, TrackerMention.score
            ).where(
                TrackerMention.organization_id == tenant.org_id,
                TrackerMention.tracker_id == tracker.id,
            )
        )
        return {p: (how, float(score)) for p, how, score in rows}


async def _segment_vectors(state: AppState, tenant: Tenant, activity_id: str) -> dict[int, bytes]:
    async with state.sessionmaker() as session:
        rows = await session.execute(
            sa.text(
                "SELECT position, vector FROM search_vectors WHERE organization_id = :org"
                " AND activity_id = :act AND position >= 0"
            ),
            {"org": tenant.org_id, "act": activity_id},
        )
        return {int(p): bytes(v) for p, v in rows}


async def test_a_segment_is_matched_by_the_vector_search_stored(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, CALL)
    before = await _index(state, tenant, "Security")
    assert 1 in before and 3 not in before
    assert all(how == "meaning" for how, _ in before.values())
    stored = await _segment_vectors(state, tenant, meeting)
    assert len(stored) == len(CALL)
    # The dashboard line's stored vector becomes an example's: only a tracker that reads the
    # stored vectors (rather than embedding the text again) finds it now.
    example = vectors.encode(vectors.embed_texts([SECURITY[0]])[0])
    async with state.sessionmaker() as session:
        await session.execute(
            sa.text(
                "UPDATE search_vectors SET vector = :v WHERE organization_id = :org"
                " AND activity_id = :act AND position = 3"
            ),
            {"v": example, "org": tenant.org_id, "act": meeting},
        )
        await session.commit()
    after = await _index(state, tenant, "Security again")
    assert set(after) == {*before, 3} and after[3][0] == "meaning" and after[3][1] > 0.5
    assert {p: after[p] for p in before} == before
    stored[3] = example
    assert await _segment_vectors(state, tenant, meeting) == stored  # nothing written


async def test_a_transcript_without_vectors_is_embedded_once_and_kept_for_search(
    state: AppState,
) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, CALL)
    other = await make_transcribed(state, tenant, OTHER_CALL)
    with_vectors = await _index(state, tenant, "Security")
    stored = await _segment_vectors(state, tenant, meeting)
    async with state.sessionmaker() as session:  # as migration 0016 finds an older transcript
        await session.execute(
            sa.text("DELETE FROM search_vectors WHERE organization_id = :org"),
            {"org": tenant.org_id},
        )
        await session.commit()
    embedded = await _index(state, tenant, "Security again")
    assert embedded.keys() == with_vectors.keys()
    for position, (how, score) in embedded.items():
        assert how == with_vectors[position][0]
        assert abs(score - with_vectors[position][1]) < 1e-3
    refilled = await _segment_vectors(state, tenant, meeting)
    assert refilled.keys() == stored.keys()
    assert len(await _segment_vectors(state, tenant, other)) == len(OTHER_CALL)
    for position, vector in refilled.items():
        assert (
            abs(vectors.decode_many([vector]) @ vectors.decode_many([stored[position]]).T) > 0.999
        )


async def test_filling_vectors_leaves_a_replaced_transcript_as_its_write_left_it(
    state: AppState,
) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, CALL)
    embedded_then = vectors.preembed(CALL)  # a tracker's batch embeds CALL outside any session
    async with state.sessionmaker() as session:  # meanwhile the transcript is replaced
        segments = [
            SegmentData(10.0 * i, 10.0 * i + 9.5, "Carl", t) for i, t in enumerate(OTHER_CALL)
        ]
        await store_segments(session, tenant.org_id, meeting, segments)
        await session.commit()
    replaced = await _segment_vectors(state, tenant, meeting)
    assert len(replaced) == len(OTHER_CALL)

    def fill(sync: Session, embedded: dict[bytes, bytes]) -> bool:
        return vectors.fill_segments(sync.connection(), tenant.org_id, meeting, embedded)

    async with state.sessionmaker() as session:
        assert await session.run_sync(fill, embedded_then) is False
        await session.execute(
            sa.text("DELETE FROM search_vectors WHERE organization_id = :org AND position >= 0"),
            {"org": tenant.org_id},
        )
        # Vectors of the old texts cover none of the current ones: nothing is written.
        assert await session.run_sync(fill, embedded_then) is False
        assert await _count(session, tenant, meeting) == 0
        assert await session.run_sync(fill, vectors.preembed(OTHER_CALL)) is True
        assert await _count(session, tenant, meeting) == len(OTHER_CALL)
        await session.commit()
    assert (await _segment_vectors(state, tenant, meeting)).keys() == replaced.keys()


async def _count(session: AsyncSession, tenant: Tenant, activity_id: str) -> int:
    return int(
        await session.scalar(
            sa.text(
                "SELECT count(*) FROM search_vectors WHERE organization_id = :org"
                " AND activity_id = :act AND position >= 0"
            ),
            {"org": tenant.org_id, "act": activity_id},
        )
        or 0
    )
