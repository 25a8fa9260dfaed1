"""Moments of conversations as an agent cites them: a transcript segment's start, its speaker
and the speaker's side, read for many (conversation, segment position) pairs at once.

The side: "internal" (our side, the rep) when the speaker's person is marked internal, is the
conversation's owner, or is one the engine took as the seller (the summary's
``insights.sellerSide``, as the trends read it); else "external" (the customer's side).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, NamedTuple

import sqlalchemy as sa

from meetsight.activities.models import Activity
from meetsight.db.reads import Executes
from meetsight.intelligence.models import ActivitySummary
from meetsight.organizations.models import Person
from meetsight.transcripts.models import TranscriptSegment
from meetsight.trends.rows import seller_speakers

Side = Literal["internal", "external"]
SIDE_DESCRIPTION = "internal: our side (the rep); external: the customer's side"


class Moment(NamedTuple):
    start: float
    speaker: str
    side: Side


async def moments_of(
    db: Executes, org_id: str, wanted: Iterable[tuple[str, int]]
) -> dict[tuple[str, int], Moment]:
    """The moment of each (activity id, segment position) that exists; four statements
    whatever the number of pairs."""
    pairs = set(wanted)
    if not pairs:
        return {}
    ids = sorted({a for a, _ in pairs})
    positions = sorted({p for _, p in pairs})
    segment = TranscriptSegment
    rows = [
        r
        for r in (
            await db.execute(
                sa.select(
                    segment.activity_id,
                    segment.position,
                    segment.start_time,
                    segment.person_id,
                    segment.participant_name,
                ).where(
                    segment.organization_id == org_id,
                    segment.activity_id.in_(ids),
                    segment.position.in_(positions),
                )
            )
        ).all()
        if (r.activity_id, r.position) in pairs
    ]
    ours = await _our_people(db, org_id, ids, {r.person_id for r in rows})
    sellers = await _seller_names(db, org_id, ids)
    return {
        (r.activity_id, r.position): Moment(
            float(r.start_time),
            r.participant_name,
            "internal"
            if r.person_id in ours.get(r.activity_id, ())
            or r.participant_name in sellers.get(r.activity_id, ())
            else "external",
        )
        for r in rows
    }


async def _our_people(
    db: Executes, org_id: str, ids: list[str], person_ids: set[str]
) -> dict[str, set[str]]:
    """Per activity, the person ids on our side: the internal people and the owner."""
    internal: set[str] = set()
    if person_ids:
        internal = set(
            (
                await db.execute(
                    sa.select(Person.id).where(
                        Person.organization_id == org_id,
                        Person.id.in_(sorted(person_ids)),
                        Person.is_internal.is_(True),
                    )
                )
            ).scalars()
        )
    owners = (
        await db.execute(
            sa.select(Activity.id, Activity.owner_person_id).where(
                Activity.organization_id == org_id, Activity.id.in_(ids)
            )
        )
    ).all()
    return {o.id: internal | ({o.owner_person_id} if o.owner_person_id else set()) for o in owners}


async def _seller_names(db: Executes, org_id: str, ids: list[str]) -> dict[str, set[str]]:
    rows = (
        await db.execute(
            sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
                ActivitySummary.organization_id == org_id, ActivitySummary.activity_id.in_(ids)
            )
        )
    ).all()
    return {r.activity_id: set(seller_speakers(r.insights)) for r in rows}
