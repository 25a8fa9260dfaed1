"""`moments_of` reads the segments at exactly the (conversation, position) pairs asked for: one
lookup per activity's positions, activities in statements of up to 32, so a page of 20
conversations reads its 60 segments, not the product of its ids and positions."""

from __future__ import annotations

from fixtures.factories import make_tenant
from meetsight.intelligence import moments_repository
from meetsight.intelligence.moments import moments_of
from meetsight.state import AppState

from .helpers import make_transcribed


async def test_moments_of_many_activities_are_the_pairs_asked_for(state: AppState) -> None:
    tenant = await make_tenant(state)
    ids = [
        await make_transcribed(state, tenant, [f"First {n}.", f"Second {n}.", f"Third {n}."])
        for n in range(35)  # more than one statement's 32
    ]
    # Positions differ per activity: the product of ids and positions holds pairs not asked for.
    wanted = [(activity, n % 3) for n, activity in enumerate(ids)] + [
        (ids[0], 2),
        (ids[1], 7),  # no such segment
        ("no-such-activity", 0),
    ]
    async with state.reader.connect() as reads:
        found = await moments_of(reads, tenant.org_id, wanted)
        # The statements return the pairs asked for and no others (the product of the 35 ids
        # and positions 0-2 would be 105 rows).
        by_activity: dict[str, set[int]] = {}
        for activity, position in wanted:
            by_activity.setdefault(activity, set()).add(position)
        rows = await moments_repository.segment_sides(reads, tenant.org_id, by_activity)
        one_by_one = {}
        for pair in wanted:
            one_by_one |= await moments_of(reads, tenant.org_id, [pair])
    expected = {(activity, n % 3) for n, activity in enumerate(ids)} | {(ids[0], 2)}
    assert set(found) == expected
    assert sorted((r.activity_id, r.position) for r in rows) == sorted(expected)
    assert found == one_by_one
    for (_activity, position), moment in found.items():
        assert moment.start == 10.0 * position
        assert moment.speaker == ("Olivia Owner", "Carl Customer")[position % 2]


async def test_moments_of_keeps_to_the_organization(state: AppState) -> None:
    tenant, other = await make_tenant(state), await make_tenant(state)
    activity = await make_transcribed(state, tenant, ["Only here."])
    async with state.reader.connect() as reads:
        assert await moments_of(reads, other.org_id, [(activity, 0)]) == {}
        assert set(await moments_of(reads, tenant.org_id, [(activity, 0)])) == {(activity, 0)}
