"""Precomputing mentions: when an activity is processed (all trackers, one activity) and when a
tracker is created or changed (one tracker, every activity, in bounded batches). Reading
mentions is then an index range over `tracker_mentions`, never a scan of the transcripts.

Each unit of work loads its inputs, computes outside any transaction (matching, and embedding
segments that have no stored vectors yet), then replaces the mentions it owns in one short
transaction: an activity's rows for every tracker, or a batch's rows for one tracker. Replacing
makes a re-run after a crash or a reprocess give the same rows.

Matching by meaning reads the sentence vectors search keeps for every segment (`search_vectors`,
written with the transcript, meetsight.search.vectors): one embedding per segment, shared. Only
segments stored without them (before migration 0016) are embedded here, and their vectors are
stored there for search as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

from meetsight.embedder import one_blas_thread
from meetsight.intelligence.builtin.prototypes import embed_texts
from meetsight.search import vectors as search_vectors
from meetsight.trackers import indexing_repository, repository
from meetsight.trackers.builtin import Found, SegmentText, builtin_mentions
from meetsight.trackers.matching import (
    BACKGROUND,
    MEANING_THRESHOLD,
    KeywordMatcher,
    long_enough,
    meaning_scores,
)
from meetsight.trackers.models import Tracker

TEXT_CHARS = 2000  # a mention keeps at most this much of its segment's text
SCORE_ROWS = 4096  # segments scored at a time (8 MB of float32 vectors)


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
    # text digest -> float16 vector, as search stored them (loaded only when a tracker matches
    # by meaning)
    stored: dict[bytes, bytes] = field(default_factory=dict)
    insights: dict[str, Any] | None = None


@dataclass(slots=True)
class ActivityOutput:
    found: list[Found]
    # Vectors embedded here because search had none for these texts (digest -> vector): stored
    # in search_vectors with the mentions.
    vectors: dict[bytes, bytes] | None


def week_start(moment: datetime) -> date:
    """Monday of the ISO week that holds `moment` (UTC)."""
    day = moment.date()
    return day - timedelta(days=day.weekday())


def _vectors(inp: ActivityInput) -> tuple[list[bytes], dict[bytes, bytes] | None]:
    """The segments' stored vectors, in order: search's (by the text's digest, as search reuses
    them), the others embedded now and returned too, to be stored."""
    digests = [search_vectors.digest(s.text) for s in inp.segments]
    missing: dict[bytes, str] = {}
    for seg, d in zip(inp.segments, digests, strict=True):
        if d not in inp.stored:
            missing.setdefault(d, seg.text)
    fresh: dict[bytes, bytes] = {}
    if missing:
        embedded = search_vectors.embed_texts(list(missing.values()))
        fresh = {d: search_vectors.encode(v) for d, v in zip(missing, embedded, strict=True)}
    known = {**inp.stored, **fresh}
    return [known[d] for d in digests], fresh or None


def meaning_matches(
    specs: Sequence[TrackerSpec], segments: Sequence[SegmentText], rows: Sequence[bytes]
) -> dict[str, dict[int, float]]:
    """Per tracker with examples, the segments close enough to one (position -> score). The
    stored rows are decoded a slice at a time: a 50,000-segment transcript never has all its
    vectors as float32 at once (100 MB), and a segment's score depends on its row alone."""
    background = embed_texts(BACKGROUND)
    examples = {s.id: embed_texts(s.examples) for s in specs if s.examples}
    found: dict[str, dict[int, float]] = {tracker_id: {} for tracker_id in examples}
    for start in range(0, len(segments), SCORE_ROWS):
        part = segments[start : start + SCORE_ROWS]
        vectors = search_vectors.decode_many(rows[start : start + SCORE_ROWS])
        for tracker_id, example_vectors in examples.items():
            scores, _ = meaning_scores(vectors, example_vectors, background)
            for seg, score in zip(part, scores, strict=True):
                if score >= MEANING_THRESHOLD and long_enough(seg.text):
                    found[tracker_id][seg.position] = round(float(score), 4)
    return found


def find_mentions(
    spec: TrackerSpec, segments: Sequence[SegmentText], by_meaning: dict[int, float]
) -> list[Found]:
    """The segments that mention the tracker: by its words, by its examples' meaning
    (`by_meaning`, from meaning_matches), or both."""
    found = []
    for seg in segments:
        term = spec.matcher.first(seg.text)
        score = by_meaning.get(seg.position)
        if term is None and score is None:
            continue
        how = "words+meaning" if term and score is not None else "words" if term else "meaning"
        found.append(Found(spec.id, seg.position, how, term, score))
    return found


def matches_by_meaning(specs: Sequence[TrackerSpec]) -> bool:
    return any(s.examples for s in specs)


def compute_activity(
    inp: ActivityInput,
    specs: Sequence[TrackerSpec],
    *,
    with_builtins: bool,
) -> ActivityOutput:
    """Mentions of `specs` (and of the built-in trackers) in one activity; CPU work, run on a
    worker thread. When a tracker matches by meaning, the segments' vectors come from
    `inp.stored` (load_inputs with `with_vectors`), and those missing there are embedded."""
    by_meaning: dict[str, dict[int, float]] = {}
    fresh = None
    if inp.segments and matches_by_meaning(specs):
        with one_blas_thread():
            rows, fresh = _vectors(inp)
            by_meaning = meaning_matches(specs, inp.segments, rows)
    found = [
        f for spec in specs for f in find_mentions(spec, inp.segments, by_meaning.get(spec.id, {}))
    ]
    if with_builtins:
        found += builtin_mentions(inp.insights, inp.segments)
    return ActivityOutput(found, fresh)


async def load_inputs(
    session: AsyncSession,
    org_id: str,
    activity_ids: Sequence[str],
    *,
    with_insights: bool,
    with_vectors: bool,
) -> list[ActivityInput]:
    """The activities (in the order given, missing ones left out), their segments and, when
    asked, their stored sentence vectors and insights: four queries whatever the batch's size."""
    if not activity_ids:
        return []
    rows = await indexing_repository.activity_heads(session, org_id, activity_ids)
    inputs = {r.id: ActivityInput(r.id, r.start_at, r.is_call, r.owner_person_id, []) for r in rows}
    for s in await indexing_repository.segments_of(session, org_id, list(inputs)):
        inputs[s.activity_id].segments.append(
            SegmentText(s.position, s.start_time, s.participant_name, s.content)
        )
    if with_vectors:
        stored = await session.run_sync(
            lambda sync: search_vectors.stored_segments(sync.connection(), org_id, list(inputs))
        )
        for activity_id, by_digest in stored.items():
            inputs[activity_id].stored = by_digest
    if with_insights:
        summaries = await indexing_repository.insights_of(session, org_id, list(inputs))
        for activity_id, insights in summaries:
            inputs[activity_id].insights = insights
    return [inputs[i] for i in activity_ids if i in inputs]


async def load_specs(session: AsyncSession, org_id: str) -> list[TrackerSpec]:
    return [TrackerSpec.of(t) for t in await repository.all_trackers(session, org_id)]


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
            await session.run_sync(_fill_vectors, org_id, inp.id, out.vectors)
        rows.extend(_mention_rows(org_id, inp, out.found))
    if not activity_ids:
        return 0
    await indexing_repository.replace_mentions(
        session, org_id, activity_ids, rows, tracker_ids=tracker_ids
    )
    return len(rows)


def _fill_vectors(
    sync: Session, org_id: str, activity_id: str, embedded: dict[bytes, bytes]
) -> None:
    search_vectors.fill_segments(sync.connection(), org_id, activity_id, embedded)


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


async def index_activity_now(session: AsyncSession, org_id: str, activity_id: str) -> int:
    """Every tracker's mentions in one activity, in the caller's session (demo seeding, tests);
    the pipeline's `trackers` stage does the same with the computation off the transaction."""
    specs = await load_specs(session, org_id)
    inputs = await load_inputs(
        session, org_id, [activity_id], with_insights=True, with_vectors=matches_by_meaning(specs)
    )
    results = [(i, compute_activity(i, specs, with_builtins=True)) for i in inputs]
    return await store_outputs(session, org_id, results, tracker_ids=None)


async def index_tracker_now(session: AsyncSession, org_id: str, tracker: Tracker) -> int:
    """One tracker over every activity, in the caller's session; marks it indexed."""
    spec, after, written = TrackerSpec.of(tracker), "", 0
    while batch := await indexing_repository.activity_batch(session, org_id, after=after):
        inputs = await load_inputs(
            session, org_id, batch, with_insights=False, with_vectors=bool(spec.examples)
        )
        results = [(i, compute_activity(i, [spec], with_builtins=False)) for i in inputs]
        written += await store_outputs(session, org_id, results, tracker_ids=[spec.id])
        after = batch[-1]
    tracker.indexed_version = tracker.version
    await session.flush()
    return written
