"""The fast paths of each engine answer exactly what the general path answers.

SQLite reads the rank window either by joining few matches to their keys or by walking the
recency index for many, and a page's sentences either per activity or in one lookup over the
page's span; PostgreSQL answers a page within the window in one statement (postgres_page).
Each query below runs with every path forced in turn, and the pages must be equal: the same
total, activities, order, ranks, titles and sentences with their snippets."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from fixtures.factories import make_tenant
from meetsight.search import service, sqlite_search
from meetsight.search.types import SearchPage
from meetsight.state import AppState

from .helpers import make_transcribed, run_search

TEXTS = [
    ["The pricing contract is ready.", "We review the pricing later.", "Nothing else."],
    ["Pricing, pricing and more pricing.", "The contract waits for legal."],
    ["A call about the renewal.", "The pricing contract was signed.", "Renewal next quarter."],
    ["Only small talk here."],
    ["Legal asked about the contract terms.", "Pricing contract again, pricing contract."],
    ["Next quarter we expand.", "The renewal pricing is fine."],
]
QUERIES: list[tuple[str, dict[str, Any]]] = [
    ("pricing", {}),
    ("pricing", {"limit": 2}),
    ("pricing", {"limit": 2, "skip": 2}),
    ("pricing", {"limit": 3, "skip": 6}),  # past the window: the general path on both
    ('"pricing contract"', {}),
    ('"pricing contract"', {"kind": "meetings"}),
    ("pricing contract", {"matches_per_activity": 1}),
    ("renewal", {"scope": "title"}),
    ("renewal", {"scope": "sentences", "kind": "calls"}),
    ("pricing", {"date_from": date(2026, 3, 3), "date_to": date(2026, 3, 8)}),
    ("pricing", {"matches_per_activity": 0}),
    ("nothingmatches", {}),
    ("pric*", {"limit": 4}),
]


def _paths(engine: str) -> list[dict[str, Any]]:
    """Module attributes to set for each path of the engine."""
    if engine == "sqlite":
        return [
            # Join and sort; sentences per activity; each kind's keys scored on their own.
            {"WALK_RATIO": 10**9, "SPAN_MATCHES": 0, "MERGE_GAP": 0},
            # The scored walk; one span lookup; both kinds' keys scored in one statement.
            {"WALK_RATIO": 0, "SPAN_MATCHES": 10**9, "MERGE_GAP": 10**9},
            {"WALK_RATIO": 0, "MERGE_GAP": 0},  # the scored walk, each kind on its own
            {"WALK_RATIO": 0, "SPAN_SPREAD": 0},  # keys too far apart: the walk in one statement
        ]
    return [{"one_statement": False}, {"one_statement": True}]


def _force(monkeypatch: pytest.MonkeyPatch, path: dict[str, Any]) -> None:
    for name, value in path.items():
        if name != "one_statement":
            monkeypatch.setattr(sqlite_search, name, value)
        elif not value:  # the general path: first_page declines every page

            async def general(*_args: object, **_kwargs: object) -> None:
                return None

            monkeypatch.setattr(service, "first_page", general)


async def test_every_path_answers_the_same(
    state: AppState, monkeypatch: pytest.MonkeyPatch
) -> None:
    tenant = await make_tenant(state)
    for day, lines in enumerate(TEXTS * 2):
        await make_transcribed(
            state,
            tenant,
            lines,
            name=("Renewal call" if day % 4 == 0 else "Weekly sync"),
            is_call=day % 3 == 2,
            start=datetime(2026, 3, 1 + day, 10, tzinfo=UTC),
        )
    engine = state.engine.dialect.name
    for text, options in QUERIES:
        pages: list[SearchPage] = []
        for path in _paths(engine):
            with monkeypatch.context() as patch:
                patch.setattr(service, "RANK_WINDOW", 4)
                _force(patch, path)
                pages.append(await run_search(state, tenant.org_id, text, **options))
        first = pages[0]
        assert all(page == first for page in pages), (text, options)
        if text != "nothingmatches":
            assert first.total > 0, (text, options)
    # The queries reach both sides of each choice.
    many = await run_search(state, tenant.org_id, "pricing", limit=2)
    assert many.total > 2 * 4


async def test_rebuild_keys_follow_start_order_and_recency_index_exists(state: AppState) -> None:
    """SQLite: migration 0009's index is there, and a rebuild numbers an organization's documents
    in start order (the rank window is then a narrow key range for bm25)."""
    if state.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's rowid layout")
    from meetsight.search.indexing import rebuild_search_index

    tenant = await make_tenant(state)
    starts = [datetime(2026, 5, day, tzinfo=UTC) for day in (9, 2, 5, 1)]  # made out of order
    for start in starts:
        await make_transcribed(state, tenant, ["Pricing talk."], start=start)
    async with state.engine.begin() as conn:
        await conn.run_sync(rebuild_search_index)
        index = await conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE name = 'ix_search_keys_recency'"
        )
        assert index.scalar() == "ix_search_keys_recency"
        rows = await conn.exec_driver_sql(
            "SELECT k.start_at FROM search_keys k WHERE k.organization_id = ? ORDER BY k.doc_key",
            (tenant.org_id,),
        )
        ordered = [value for (value,) in rows]
    assert ordered == sorted(ordered) and len(ordered) == len(starts)
    page = await run_search(state, tenant.org_id, "pricing")
    assert page.total == len(starts)
    assert [hit.start_at for hit in page.hits] == sorted(starts, reverse=True)


async def test_scored_walk_across_chunks_with_keys_out_of_start_order(
    state: AppState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's scored walk when a third of the documents match (it reads a second chunk) and
    documents were indexed in no particular start order: the same pages as the other paths."""
    if state.engine.dialect.name != "sqlite":
        pytest.skip("SQLite's window paths")
    tenant = await make_tenant(state)
    days = [(day * 7) % 30 + 1 for day in range(30)]  # every day of June once, shuffled
    for day in days:
        lines = ["Pricing for the team."] if day % 3 == 0 else ["Only small talk."]
        await make_transcribed(
            state, tenant, lines, start=datetime(2026, 6, day, 10, tzinfo=UTC), is_call=day % 4 == 0
        )
    walks: list[Any] = []
    real_walk = sqlite_search._scored_walk

    def counted(*args: Any) -> Any:
        walks.append(found := real_walk(*args))
        return found

    for options in ({}, {"limit": 3}, {"kind": "meetings"}, {"scope": "sentences"}):
        pages = []
        for path in _paths("sqlite"):
            with monkeypatch.context() as patch:
                patch.setattr(service, "RANK_WINDOW", 4)
                patch.setattr(sqlite_search, "_scored_walk", counted)
                _force(patch, path)
                pages.append(await run_search(state, tenant.org_id, "pricing", **options))
        assert all(page == pages[0] for page in pages), options
        assert pages[0].total == (10 if "kind" not in options else 10 - 2), options
        assert [h.start_at for h in pages[0].hits] == sorted(
            (h.start_at for h in pages[0].hits), reverse=True
        )
    # The scored walk answered (a list) and, with SPAN_SPREAD 0, declined (None).
    assert any(isinstance(w, list) for w in walks) and any(w is None for w in walks)
