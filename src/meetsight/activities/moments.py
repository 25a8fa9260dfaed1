"""Moments of conversations as an agent cites them: a transcript segment's start, its speaker
and the speaker's side, read for many (conversation, segment position) pairs at once.

The side: "internal" (our side, the rep) when the speaker's person is marked internal, is the
conversation's owner, or is one the engine took as the seller (the summary's
``insights.sellerSide``, as the trends read it); else "external" (the customer's side).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Literal, NamedTuple

import sqlalchemy as sa

from meetsight.activities.models import Activity
from meetsight.db.reads import Executes
from meetsight.intelligence.models import ActivitySummary
from meetsight.intelligence.results import seller_speakers
from meetsight.organizations.models import Person
from meetsight.transcripts.models import TranscriptSegment

Side = Literal["internal", "external"]
SIDE_DESCRIPTION = "internal: our side (the rep); external: the customer's side"


class Moment(NamedTuple):
    start: float
    speaker: str
    side: Side


_ORG: sa.BindParameter[str] = sa.bindparam("org_id")
_IDS: sa.BindParameter[list[str]] = sa.bindparam("ids", expanding=True)
# Built once: a statement made per call costs SQLAlchemy its cache key each time.
_MOMENTS = (
    sa.select(
        TranscriptSegment.activity_id,
        TranscriptSegment.position,
        TranscriptSegment.start_time,
        TranscriptSegment.participant_name,
        sa.or_(
            sa.func.coalesce(Person.is_internal, False).is_(True),
            TranscriptSegment.person_id == Activity.owner_person_id,
        ).label("ours"),
    )
    .join(
        Activity,
        sa.and_(
            Activity.organization_id == TranscriptSegment.organization_id,
            Activity.id == TranscriptSegment.activity_id,
        ),
    )
    .outerjoin(
        Person,
        sa.and_(
            Person.organization_id == TranscriptSegment.organization_id,
            Person.id == TranscriptSegment.person_id,
        ),
    )
    .where(
        TranscriptSegment.organization_id == _ORG,
        # Their product, the pairs kept after: a row-value IN is planned as a scan on SQLite
        # (10 ms for 30 pairs, against 0.2 ms for the product of 10 ids and 19 positions).
        TranscriptSegment.activity_id.in_(_IDS),
        TranscriptSegment.position.in_(sa.bindparam("positions", expanding=True)),
    )
)
_SELLERS = sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
    ActivitySummary.organization_id == _ORG, ActivitySummary.activity_id.in_(_IDS)
)


async def moments_of(
    db: Executes,
    org_id: str,
    wanted: Iterable[tuple[str, int]],
    sellers: Mapping[str, Collection[str]] | None = None,
) -> dict[tuple[str, int], Moment]:
    """The moment of each (activity id, segment position) that exists: one statement, and a
    second for the engine's seller names of the conversations where a speaker is not marked
    ours (unless the caller has them: `sellers`, by activity id)."""
    pairs = set(wanted)
    if not pairs:
        return {}
    params = {
        "org_id": org_id,
        "ids": sorted({a for a, _ in pairs}),
        "positions": sorted({p for _, p in pairs}),
    }
    rows = [
        r
        for r in (await db.execute(_MOMENTS, params)).all()
        if (r.activity_id, r.position) in pairs
    ]
    if sellers is None:
        unsure = sorted({r.activity_id for r in rows if not r.ours})
        sellers = await _seller_names(db, org_id, unsure) if unsure else {}
    return {
        (r.activity_id, r.position): Moment(
            float(r.start_time),
            r.participant_name,
            "internal"
            if r.ours or r.participant_name in sellers.get(r.activity_id, ())
            else "external",
        )
        for r in rows
    }


async def _seller_names(db: Executes, org_id: str, ids: list[str]) -> dict[str, set[str]]:
    rows = (await db.execute(_SELLERS, {"org_id": org_id, "ids": ids})).all()
    return {r.activity_id: set(seller_speakers(r.insights)) for r in rows}
