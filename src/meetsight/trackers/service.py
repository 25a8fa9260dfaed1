"""Trackers: create, change and delete (the organization's own), list (built-ins first), and
their mentions and counts. Services flush; the unit of work commits (a name taken by a
concurrent request is the 409 of `flush_unique`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.activities.serializers import moment_url
from meetsight.db.unit_of_work import flush_unique
from meetsight.errors import Conflict, Forbidden, NotFound, ValidationFailed
from meetsight.timefmt import iso_z
from meetsight.trackers import repository as repo
from meetsight.trackers.builtin import BUILTIN_BY_ID, BUILTIN_TRACKERS, BuiltinTracker
from meetsight.trackers.models import Tracker
from meetsight.trackers.schemas import MAX_WEEKS, TrackerCreate, TrackerUpdate
from meetsight.trackers.tasks import enqueue_index

AnyTracker = Tracker | BuiltinTracker
READ_ONLY = "Built-in trackers are read-only"


def serialize_tracker(tracker: AnyTracker) -> dict[str, Any]:
    if isinstance(tracker, BuiltinTracker):
        return {
            "id": tracker.id,
            "name": tracker.name,
            "description": tracker.description,
            "keywords": [],
            "examples": [],
            "builtIn": True,
            "status": "ready",
            "createdAt": None,
            "updatedAt": None,
        }
    return {
        "id": tracker.id,
        "name": tracker.name,
        "description": tracker.description,
        "keywords": list(tracker.keywords),
        "examples": list(tracker.examples),
        "builtIn": False,
        "status": "ready" if tracker.indexed_version >= tracker.version else "indexing",
        "createdAt": iso_z(tracker.created_at),
        "updatedAt": iso_z(tracker.updated_at),
    }


async def list_trackers(
    session: AsyncSession, org_id: str, *, limit: int, offset: int
) -> tuple[list[AnyTracker], int]:
    """The built-in trackers, then the organization's by name: one listing, paged."""
    builtins: list[AnyTracker] = list(BUILTIN_TRACKERS[offset : offset + limit])
    own_offset = max(0, offset - len(BUILTIN_TRACKERS))
    own_limit = limit - len(builtins)
    own, total = await repo.list_trackers(
        session, org_id, limit=max(own_limit, 1), offset=own_offset
    )
    return builtins + list(own[:own_limit]), total + len(BUILTIN_TRACKERS)


async def require_tracker(session: AsyncSession, org_id: str, tracker_id: str) -> AnyTracker:
    builtin = BUILTIN_BY_ID.get(tracker_id)
    if builtin is not None:
        return builtin
    tracker = await repo.get_tracker(session, org_id, tracker_id[:64])
    if tracker is None:
        raise NotFound("Tracker not found")
    return tracker


async def _require_own(session: AsyncSession, org_id: str, tracker_id: str) -> Tracker:
    tracker = await require_tracker(session, org_id, tracker_id)
    if isinstance(tracker, BuiltinTracker):
        raise Forbidden(READ_ONLY)
    return tracker


async def _require_free_name(
    session: AsyncSession, org_id: str, name: str, *, except_id: str | None = None
) -> None:
    builtin_names = {t.name.lower() for t in BUILTIN_TRACKERS}
    if name.lower() in builtin_names or await repo.name_taken(
        session, org_id, name, except_id=except_id
    ):
        raise Conflict(_taken(name))


def _taken(name: str) -> str:
    return f"A tracker named {name!r} already exists"


async def create_tracker(session: AsyncSession, org_id: str, body: TrackerCreate) -> Tracker:
    """A new tracker, its indexing queued; the unit of work commits."""
    await _require_free_name(session, org_id, body.name)
    tracker = Tracker(
        organization_id=org_id,
        name=body.name,
        description=body.description,
        keywords=list(body.keywords),
        examples=list(body.examples),
        version=1,
        indexed_version=0,
    )
    session.add(tracker)
    await flush_unique(session, _taken(body.name))
    await enqueue_index(session, tracker)
    return tracker


async def update_tracker(
    session: AsyncSession, org_id: str, tracker_id: str, body: TrackerUpdate
) -> Tracker:
    """Change what was sent; new keywords or examples queue a re-indexing (403 for a
    built-in tracker, 404 for one of another organization)."""
    tracker = await _require_own(session, org_id, tracker_id)
    changes = body.model_dump(exclude_unset=True)
    if "name" in changes:
        await _require_free_name(session, org_id, changes["name"], except_id=tracker.id)
    rematch = any(
        key in changes and list(changes[key]) != list(getattr(tracker, key))
        for key in ("keywords", "examples")
    )
    for key, value in changes.items():
        setattr(tracker, key, list(value) if isinstance(value, list) else value)
    if rematch:
        tracker.version += 1
    await flush_unique(session, _taken(tracker.name))
    if rematch:
        await enqueue_index(session, tracker)
    return tracker


async def delete_tracker(session: AsyncSession, org_id: str, tracker_id: str) -> None:
    tracker = await _require_own(session, org_id, tracker_id)
    await repo.delete_tracker_rows(session, org_id, tracker.id)


def mention_out(row: Any, base_url: str) -> dict[str, Any]:
    m = row.TrackerMention
    return {
        "trackerId": m.tracker_id,
        "conversationId": m.activity_id,
        "type": "call" if m.is_call else "meeting",
        "conversationName": row.activity_name,
        "conversationStart": iso_z(m.start_at),
        "time": m.start_time,
        "speaker": m.speaker,
        "text": m.text,
        "matchedBy": m.matched_by,
        "term": m.term,
        "score": m.score,
        "repId": m.owner_person_id,
        "repName": row.rep,
        "url": moment_url(base_url, m.activity_id, m.start_time),
    }


async def mentions_page(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    from_day: date | None,
    to_day: date | None,
    limit: int,
    offset: int,
    rep_id: str | None = None,
) -> tuple[list[Any], int]:
    tracker = await require_tracker(session, org_id, tracker_id)
    start, end = repo.day_bounds(from_day, to_day)
    return await repo.page_mentions(
        session,
        org_id,
        tracker.id,
        kinds=kinds,
        start=start,
        end=end,
        limit=limit,
        offset=offset,
        rep_id=rep_id,
    )


async def mention_counts(
    session: AsyncSession,
    org_id: str,
    tracker_id: str,
    *,
    kinds: Sequence[bool],
    from_day: date | None,
    to_day: date | None,
) -> dict[str, Any]:
    """Mentions per ISO week (every week of the range, zeros included) and per rep."""
    tracker = await require_tracker(session, org_id, tracker_id)
    if from_day and to_day and (to_day - from_day).days > 7 * MAX_WEEKS:
        raise ValidationFailed(f"toDate: a range of weekly counts spans at most {MAX_WEEKS} weeks")
    start, end = repo.day_bounds(from_day, to_day)
    weeks = dict(
        await repo.week_counts(session, org_id, tracker.id, kinds=kinds, start=start, end=end)
    )
    reps = await repo.rep_counts(session, org_id, tracker.id, kinds=kinds, start=start, end=end)
    speakers = await repo.speaker_counts(
        session, org_id, tracker.id, kinds=kinds, start=start, end=end
    )
    return {
        "trackerId": tracker.id,
        "fromDate": from_day.isoformat() if from_day else None,
        "toDate": to_day.isoformat() if to_day else None,
        "total": sum(weeks.values()),
        "weeks": [
            {"weekStart": w.isoformat(), "count": weeks.get(w, 0)}
            for w in _week_range(weeks, from_day, to_day)
        ],
        "reps": [
            {
                "repId": rep_id,
                "repName": name or ("No owner" if rep_id is None else "?"),
                "count": n,
            }
            for rep_id, name, n in reps
        ],
        "speakers": [{"speaker": speaker, "count": n} for speaker, n in speakers],
    }


def _week_range(counted: dict[date, int], from_day: date | None, to_day: date | None) -> list[date]:
    if not counted and not (from_day and to_day):
        return []
    first = week_start_day(from_day) if from_day else min(counted)
    last = week_start_day(to_day) if to_day else max(counted)
    if counted:  # an open end follows the data
        first = first if from_day else min(first, min(counted))
        last = last if to_day else max(last, max(counted))
    weeks = []
    while first <= last:
        weeks.append(first)
        first += timedelta(days=7)
    return weeks[-MAX_WEEKS:]  # an open range over years keeps its latest weeks


def week_start_day(day: date) -> date:
    return day - timedelta(days=day.weekday())
