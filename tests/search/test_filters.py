"""Scoping by organization, kinds, dates, call direction and numbers, limit and skip."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fixtures.factories import make_tenant
from meetsight.search import service
from meetsight.state import AppState

from .helpers import ids, make_transcribed, run_search

LINE = ["Let us talk about the onboarding plan."]


async def test_another_organizations_activity_never_appears(state: AppState) -> None:
    tenant, other = await make_tenant(state), await make_tenant(state)
    mine = await make_transcribed(state, tenant, LINE, name="Onboarding")
    await make_transcribed(state, other, LINE, name="Onboarding")
    await make_transcribed(state, other, LINE, is_call=True)
    for scope in ("all", "title", "sentences"):
        page = await run_search(state, tenant.org_id, "onboarding", scope=scope)
        assert ids(page) == [mine] and page.total == 1, scope
    fresh = await make_tenant(state)  # nothing indexed for it at all
    assert (await run_search(state, fresh.org_id, "onboarding")).total == 0


async def test_kinds(state: AppState) -> None:
    tenant = await make_tenant(state)
    meeting = await make_transcribed(state, tenant, LINE)
    call = await make_transcribed(state, tenant, LINE, is_call=True)
    assert ids(await run_search(state, tenant.org_id, "onboarding", kind="meetings")) == [meeting]
    assert ids(await run_search(state, tenant.org_id, "onboarding", kind="calls")) == [call]
    assert set(ids(await run_search(state, tenant.org_id, "onboarding"))) == {meeting, call}


async def test_dates_are_inclusive_days_on_the_start(state: AppState) -> None:
    tenant = await make_tenant(state)
    early = await make_transcribed(
        state, tenant, LINE, start=datetime(2026, 3, 1, 0, 0, tzinfo=UTC)
    )
    late = await make_transcribed(
        state, tenant, LINE, start=datetime(2026, 3, 2, 23, 59, 59, tzinfo=UTC)
    )
    after = await make_transcribed(state, tenant, LINE, start=datetime(2026, 3, 3, tzinfo=UTC))

    async def between(start: date | None, end: date | None) -> set[str]:
        page = await run_search(state, tenant.org_id, "onboarding", date_from=start, date_to=end)
        return set(ids(page))

    assert await between(date(2026, 3, 1), date(2026, 3, 2)) == {early, late}
    assert await between(date(2026, 3, 2), None) == {late, after}
    assert await between(None, date(2026, 3, 1)) == {early}
    assert await between(date(2026, 3, 4), None) == set()


async def test_call_direction_and_numbers(state: AppState) -> None:
    tenant = await make_tenant(state)
    out = await make_transcribed(
        state,
        tenant,
        LINE,
        is_call=True,
        direction="outbound",
        from_number="+15550111",
        to_number="+442071234567",
    )
    inbound = await make_transcribed(
        state,
        tenant,
        LINE,
        is_call=True,
        direction="inbound",
        from_number="+33140000000",
        to_number="+15550111",
    )

    async def found(**options: object) -> list[str]:
        return ids(await run_search(state, tenant.org_id, "onboarding", kind="calls", **options))

    assert await found(direction="outbound") == [out]
    assert await found(direction="inbound") == [inbound]
    assert await found(from_number="5550111") == [out]
    assert await found(to_number="555") == [inbound]
    assert await found(to_number="%") == []  # a literal, not a wildcard


async def test_limit_skip_and_total(state: AppState) -> None:
    tenant = await make_tenant(state)
    made = [
        await make_transcribed(
            state, tenant, LINE, start=datetime(2026, 1, day, tzinfo=UTC), name=f"Day {day}"
        )
        for day in range(1, 8)
    ]
    newest_first = list(reversed(made))  # equal relevance: newest first
    page = await run_search(state, tenant.org_id, "onboarding", limit=3)
    assert page.total == 7 and ids(page) == newest_first[:3]
    page = await run_search(state, tenant.org_id, "onboarding", limit=3, skip=6)
    assert page.total == 7 and ids(page) == newest_first[6:]
    page = await run_search(state, tenant.org_id, "onboarding", limit=3, skip=9)
    assert page.total == 7 and ids(page) == []


async def test_pages_past_the_rank_window_continue_by_recency(
    state: AppState, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service, "RANK_WINDOW", 2)
    tenant = await make_tenant(state)
    texts = [
        ["Onboarding."] * 4,  # oldest, most relevant: outside the window, so ranked by age
        ["Onboarding once, and then something else entirely."],
        ["Onboarding, onboarding, onboarding."],
        ["A single mention of onboarding in a long sentence about other things."],  # newest
    ]
    made = [
        await make_transcribed(state, tenant, lines, start=datetime(2026, 2, day + 1, tzinfo=UTC))
        for day, lines in enumerate(texts)
    ]
    seen = []
    for skip in range(4):
        page = await run_search(state, tenant.org_id, "onboarding", limit=1, skip=skip)
        assert page.total == 4
        seen += ids(page)
    # The two newest are the window, ranked (the denser one first); then the rest, newest first.
    assert seen == [made[2], made[3], made[1], made[0]]


@pytest.mark.parametrize("mode", ["lexical", "hybrid"])
async def test_only_the_given_conversations_and_the_limit_counts_them_alone(
    state: AppState, mode: str
) -> None:
    """An account's conversations (ask-across): filtered inside the search, so that a page of 2
    holds the two oldest of them even when newer conversations of others match as well."""
    tenant = await make_tenant(state)
    days = [datetime(2026, 3, day, 10, tzinfo=UTC) for day in range(1, 9)]
    made = [await make_transcribed(state, tenant, LINE, start=day) for day in days]
    wanted = frozenset(made[:2])
    page = await run_search(
        state, tenant.org_id, "onboarding", limit=2, activity_ids=wanted, mode=mode
    )
    assert set(ids(page)) == wanted and page.total == 2
    for scope in ("title", "sentences"):
        none = await run_search(
            state, tenant.org_id, "onboarding", scope=scope, activity_ids=frozenset(), mode=mode
        )
        assert none.total == 0 and not none.hits


@pytest.mark.parametrize("mode", ["lexical", "hybrid", "meaning"])
async def test_more_conversations_than_a_statement_takes_parameters(
    state: AppState, mode: str
) -> None:
    """An account's conversations can outnumber the parameters of one statement (asyncpg:
    32767); one id a parameter failed there with an internal error (ask-across by account)."""
    tenant = await make_tenant(state)
    made = await make_transcribed(state, tenant, LINE)
    await make_transcribed(state, tenant, LINE)  # not the account's
    wanted = frozenset([made, *(f"gone{i}" for i in range(40_000))])
    page = await run_search(state, tenant.org_id, "onboarding", activity_ids=wanted, mode=mode)
    assert ids(page) == [made] and page.total == 1
