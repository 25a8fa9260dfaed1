"""Precomputing mentions: when an activity is processed (all trackers, one activity) and when a
tracker is created or changed (one tracker, every activity, in bounded batches). Reading
mentions is then an index range over `tracker_mentions`, never a scan of the transcripts.

Each unit of work loads its inputs, computes outside any transaction (matching, and embedding
segments that have no stored vectors yet), then replaces the mentions it owns in one short
transaction: an activity's rows for every tracker, or a batch's rows for one tracker. Replacing
makes a re-run after a crash or a reprocess give the same rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import numpy as np
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.models import Activity
from meetsight.intelligence.builtin.embedder import embed, one_blas_thread
from meetsight.intelligence.builtin.prototypes import embed_texts
from meetsight.intelligence.models import ActivitySummary
from meetsight.trackers.builtin import Found, SegmentText, builtin_mentions
from meetsight.trackers.matching import (
    BACKGROUND,
    MEANING_THRESHOLD,
    VECTOR_MODEL,
    KeywordMatcher,
    dequantize,
    long_enough,
    meaning_scores,
    quantize,
    texts_digest,
)
from meetsight.trackers.models import SegmentVectors, Tracker, TrackerMention
from meetsight.transcripts.models import TranscriptSegment

BATCH_ACTIVITIES = 100  # activities per transaction when a tracker is (re)indexed
TEXT_CHARS = 2000  # a mention keeps at most this much of its segment's text


@dataclass(frozen=True, slots=True)
class TrackerSpec:
    id: str
    matcher: KeywordMatcher
    examples: tuple[str, ...]

    @classmethod
    def of(cls, tracker: Tracker) -> TrackerSpec:
        return cls(tracker.id, KeywordMatcher.build(tracker.keywords), tuple(tracker.examples))


@dataclass(slots=True)
class ActivityInput:
    id: str
    start_at: datetime
    is_call: bool
    owner_person_id: str | None
    segments: list[SegmentText]
    stored: tuple[str, str, int, bytes] | None = None  # model, digest, count, data
    insights: dict[str, Any] | None = None


@dataclass(slots=True)
class ActivityOutput:
    found: list[Found]
    vectors: tuple[str, int, bytes] | None  # digest, count, data: new vectors to store


def week_start(moment: datetime) -> date:
    """Monday of the ISO week that holds `moment` (UTC)."""
    day = moment.date()
    return day - timedelta(days=day.weekday())


def _vectors(inp: ActivityInput) -> tuple[np.ndarray, tuple[str, int, bytes] | None]:
    texts = [s.text for s in inp.segments]
    digest = texts_digest(texts)
    if inp.stored is not None:
        model, stored_digest, count, data = inp.stored
        if model == VECTOR_MODEL and stored_digest == digest and count == len(texts):
            return dequantize(data, count), None
    vectors = embed(texts)
    return vectors, (digest, len(texts), quantize(vectors))


def find_mentions(
    spec: TrackerSpec, segments: Sequence[SegmentText], vectors: np.ndarray | None
) -> list[Found]:
    """The segments that mention the tracker: by its words, by its examples' meaning, or both."""
    by_meaning: dict[int, float] = {}
    if spec.examples and vectors is not None and len(segments):
        background = embed_texts(BACKGROUND)
        scores, _ = meaning_scores(vectors, embed_texts(spec.examples), background)
        for seg, score in zip(segments, scores, strict=True):
            if score >= MEANING_THRESHOLD and long_enough(seg.text):
                by_meaning[seg.position] = round(float(score), 4)
    found = []
    for seg in segments:
        term = spec.matcher.first(seg.text)
        score = by_meaning.get(seg.position)
        if term is None and score is None:
            continue
        how = "words+meaning" if term and score is not None else "words" if term else "meaning"
        found.append(Found(spec.id, seg.position, how, term, score))
    return found


def compute_activity(
    inp: ActivityInput,
    specs: Sequence[TrackerSpec],
    *,
    with_builtins: bool,
    keep_vectors: bool = False,
) -> ActivityOutput:
    """Mentions of `specs` (and of the built-in trackers) in one activity; CPU work, run on a
    worker thread. Embeds the segments when their stored vectors are missing or stale and
    either a tracker matches by meaning or `keep_vectors` asks for them (processing keeps them
    for the trackers created later)."""
    with one_blas_thread():
        needed = inp.segments and (keep_vectors or any(s.examples for s in specs))
        vectors, fresh = _vectors(inp) if needed else (None, None)
        found = [f for spec in specs for f in find_mentions(spec, inp.segments, vectors)]
    if with_builtins:
        found += builtin_mentions(inp.insights, inp.segments)
    return ActivityOutput(found, fresh)


async def load_inputs(
    session: AsyncSession, org_id: str, activity_ids: Sequence[str], *, with_insights: bool
) -> list[ActivityInput]:
    """The activities (in the order given, missing ones left out), their segments, stored
    vectors and, when asked, insights: four queries whatever the batch's size."""
    if not activity_ids:
        return []
    rows = await session.execute(
        sa.select(Activity.id, Activity.start_at, Activity.is_call, Activity.owner_person_id).where(
            Activity.organization_id == org_id, Activity.id.in_(activity_ids)
        )
    )
    inputs = {r.id: ActivityInput(r.id, r.start_at, r.is_call, r.owner_person_id, []) for r in rows}
    segments = await session.execute(
        sa.select(
            TranscriptSegment.activity_id,
            TranscriptSegment.position,
            TranscriptSegment.start_time,
            TranscriptSegment.participant_name,
            TranscriptSegment.content,
        )
        .where(
            TranscriptSegment.organization_id == org_id,
            TranscriptSegment.activity_id.in_(list(inputs)),
        )
        .order_by(TranscriptSegment.activity_id, TranscriptSegment.position)
    )
    for s in segments:
        inputs[s.activity_id].segments.append(
            SegmentText(s.position, s.start_time, s.participant_name, s.content)
        )
    stored = await session.execute(
        sa.select(SegmentVectors).where(
            SegmentVectors.organization_id == org_id,
            SegmentVectors.activity_id.in_(list(inputs)),
        )
    )
    for v in stored.scalars():
        inputs[v.activity_id].stored = (v.model, v.digest, v.count, v.data)
    if with_insights:
        summaries = await session.execute(
            sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
                ActivitySummary.organization_id == org_id,
                ActivitySummary.activity_id.in_(list(inputs)),
            )
        )
        for activity_id, insights in summaries:
            inputs[activity_id].insights = insights
    return [inputs[i] for i in activity_ids if i in inputs]


async def load_specs(session: AsyncSession, org_id: str) -> list[TrackerSpec]:
    rows = await session.execute(sa.select(Tracker).where(Tracker.organization_id == org_id))
    return [TrackerSpec.of(t) for t in rows.scalars()]


async def store_outputs(
    session: AsyncSession,
    org_id: str,
    results: Iterable[tuple[ActivityInput, ActivityOutput]],
    *,
    tracker_ids: Sequence[str] | None,
) -> int:
    """Replace the mentions these activities hold, of `tracker_ids` (None: of every tracker,
    built-ins included), and store newly computed vectors; returns the mentions written."""
    rows: list[dict[str, Any]] = []
    activity_ids: list[str] = []
    for inp, out in results:
        activity_ids.append(inp.id)
        if out.vectors is not None:
            await _store_vectors(session, org_id, inp.id, out.vectors)
        rows.extend(_mention_rows(org_id, inp, out.found))
    if not activity_ids:
        return 0
    delete = sa.delete(TrackerMention).where(
        TrackerMention.organization_id == org_id, TrackerMention.activity_id.in_(activity_ids)
    )
    if tracker_ids is not None:
        delete = delete.where(TrackerMention.tracker_id.in_(list(tracker_ids)))
    await session.execute(delete)
    if rows:
        await session.execute(sa.insert(TrackerMention), rows)
    return len(rows)


def _mention_rows(org_id: str, inp: ActivityInput, found: Sequence[Found]) -> list[dict[str, Any]]:
    by_position = {s.position: s for s in inp.segments}
    week = week_start(inp.start_at)
    rows = []
    for f in found:
        seg = by_position[f.position]
        rows.append(
            {
                "organization_id": org_id,
                "tracker_id": f.tracker_id,
                "activity_id": inp.id,
                "position": f.position,
                "start_at": inp.start_at,
                "week_start": week,
                "is_call": inp.is_call,
                "owner_person_id": inp.owner_person_id,
                "start_time": seg.start_time,
                "speaker": seg.speaker[:200],
                "text": seg.text[:TEXT_CHARS],
                "matched_by": f.matched_by,
                "term": f.term[:200] if f.term else None,
                "score": f.score,
            }
        )
    return rows


async def _store_vectors(
    session: AsyncSession, org_id: str, activity_id: str, vectors: tuple[str, int, bytes]
) -> None:
    digest, count, data = vectors
    await session.execute(
        sa.delete(SegmentVectors).where(
            SegmentVectors.organization_id == org_id, SegmentVectors.activity_id == activity_id
        )
    )
    session.add(
        SegmentVectors(
            organization_id=org_id,
            activity_id=activity_id,
            model=VECTOR_MODEL,
            count=count,
            digest=digest,
            data=data,
        )
    )
    await session.flush()


async def activity_batch(
    session: AsyncSession, org_id: str, *, after: str, limit: int = BATCH_ACTIVITIES
) -> list[str]:
    """The next activity ids of the organization after `after`, in id order (a resumable walk)."""
    rows = await session.execute(
        sa.select(Activity.id)
        .where(Activity.organization_id == org_id, Activity.id > after)
        .order_by(Activity.id)
        .limit(limit)
    )
    return list(rows.scalars())


async def index_activity_now(session: AsyncSession, org_id: str, activity_id: str) -> int:
    """Every tracker's mentions in one activity, in the caller's session (demo seeding, tests);
    the pipeline's `trackers` stage does the same with the computation off the transaction."""
    inputs = await load_inputs(session, org_id, [activity_id], with_insights=True)
    specs = await load_specs(session, org_id)
    results = [
        (i, compute_activity(i, specs, with_builtins=True, keep_vectors=True)) for i in inputs
    ]
    return await store_outputs(session, org_id, results, tracker_ids=None)


async def index_tracker_now(session: AsyncSession, org_id: str, tracker: Tracker) -> int:
    """One tracker over every activity, in the caller's session; marks it indexed."""
    spec, after, written = TrackerSpec.of(tracker), "", 0
    while batch := await activity_batch(session, org_id, after=after):
        inputs = await load_inputs(session, org_id, batch, with_insights=False)
        results = [(i, compute_activity(i, [spec], with_builtins=False)) for i in inputs]
        written += await store_outputs(session, org_id, results, tracker_ids=[spec.id])
        after = batch[-1]
    tracker.indexed_version = tracker.version
    await session.flush()
    return written
