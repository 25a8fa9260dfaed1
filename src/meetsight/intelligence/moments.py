"""Moments of conversations as an agent cites them: a transcript segment's start, its speaker
and the speaker's side, read for many (conversation, segment position) pairs at once.

The side: "internal" (our side, the rep) when the speaker's person is marked internal, is the
conversation's owner, or is one the engine took as the seller (the summary's
``insights.sellerSide``, as the trends read it); else "external" (the customer's side).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Literal, NamedTuple

from meetsight.db.reads import Executes
from meetsight.intelligence import moments_repository
from meetsight.intelligence.results import seller_speakers

Side = Literal["internal", "external"]
SIDE_DESCRIPTION = "internal: our side (the rep); external: the customer's side"


class Moment(NamedTuple):
    start: float
    speaker: str
    side: Side


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
    wanted_at: dict[str, set[int]] = {}
    for activity_id, position in pairs:
        wanted_at.setdefault(activity_id, set()).add(position)
    rows = await moments_repository.segment_sides(db, org_id, wanted_at)
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
    rows = await moments_repository.seller_insights(db, org_id, ids)
    return {r.activity_id: set(seller_speakers(r.insights)) for r in rows}
