"""The queries behind cited moments (intelligence/moments.py): the segments at (conversation,
position) pairs with whether their speaker is ours, and the stored insights that name the
engine's seller side. Each statement is built once and bound to the organization it is given."""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import sqlalchemy as sa

from meetsight.activities.models import Activity
from meetsight.db.reads import Executes
from meetsight.intelligence.models import ActivitySummary
from meetsight.organizations.models import Person
from meetsight.transcripts.models import TranscriptSegment

_ORG: sa.BindParameter[str] = sa.bindparam("org_id")
_IDS: sa.BindParameter[list[str]] = sa.bindparam("ids", expanding=True)
_SEGMENT = TranscriptSegment
_COLUMNS = sa.select(
    _SEGMENT.activity_id,
    _SEGMENT.position,
    _SEGMENT.start_time,
    _SEGMENT.participant_name,
    sa.or_(
        sa.func.coalesce(Person.is_internal, False).is_(True),
        _SEGMENT.person_id == Activity.owner_person_id,
    ).label("ours"),
)
_JOINED = _COLUMNS.join(
    Activity,
    sa.and_(
        Activity.organization_id == _SEGMENT.organization_id,
        Activity.id == _SEGMENT.activity_id,
    ),
).outerjoin(
    Person,
    sa.and_(Person.organization_id == _SEGMENT.organization_id, Person.id == _SEGMENT.person_id),
)
# Activities per statement. A page cites positions in up to 20 activities; across and content
# may ask for more, in several statements.
_BRANCHES = 32


@functools.cache
def _moments(branches: int) -> sa.Select[str, int, float, str, bool]:
    """The segments of `branches` (activity, its positions) pairs: one branch per activity, each
    with the organization, so each is its own primary-key lookup (SQLite plans the OR as one
    index search per branch; PostgreSQL as a BitmapOr). The product of all ids and all positions
    read up to 20 x 50 rows for a page's 60; a row-value IN is planned as a scan on SQLite (10 ms
    for 30 pairs). Built once per count, and counts rounded up to a power of two (a branch
    repeated matches nothing more): a statement made per call costs SQLAlchemy its cache key."""
    return _JOINED.where(
        sa.or_(
            *(
                sa.and_(
                    _SEGMENT.organization_id == _ORG,
                    _SEGMENT.activity_id == sa.bindparam(f"a{n}"),
                    _SEGMENT.position.in_(sa.bindparam(f"p{n}", expanding=True)),
                )
                for n in range(branches)
            )
        )
    )


_SELLERS = sa.select(ActivitySummary.activity_id, ActivitySummary.insights).where(
    ActivitySummary.organization_id == _ORG, ActivitySummary.activity_id.in_(_IDS)
)


async def segment_sides(
    db: Executes, org_id: str, wanted: Mapping[str, Collection[int]]
) -> list[Any]:
    """(activity id, position, start, speaker, ours) of the segments at the positions wanted
    in each activity (`wanted`: activity id -> positions)."""
    items = sorted((activity, sorted(positions)) for activity, positions in wanted.items())
    rows: list[Any] = []
    for start in range(0, len(items), _BRANCHES):
        chunk = items[start : start + _BRANCHES]
        branches = 1 << (len(chunk) - 1).bit_length()
        chunk += [chunk[-1]] * (branches - len(chunk))
        params: dict[str, object] = {"org_id": org_id}
        for n, (activity, positions) in enumerate(chunk):
            params[f"a{n}"], params[f"p{n}"] = activity, positions
        rows += (await db.execute(_moments(branches), params)).all()
    return rows


async def seller_insights(db: Executes, org_id: str, ids: list[str]) -> Sequence[Any]:
    """(activity id, insights) of these activities' stored summaries."""
    return (await db.execute(_SELLERS, {"org_id": org_id, "ids": ids})).all()
