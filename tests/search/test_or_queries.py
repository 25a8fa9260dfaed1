"""OR between words and phrases (capitals only): any one of them may match, every group must;
the same on SQLite FTS5 and PostgreSQL, on the ranked window, later pages, the REST route and
the MCP tools' shared service."""

from __future__ import annotations

from datetime import timedelta

import httpx

from fixtures.factories import make_tenant
from meetsight.search.parsing import QueryPart, parse_search_text
from meetsight.state import AppState

from .helpers import DEFAULT_START, ids, make_transcribed, run_search


def test_or_groups_parts_written_beside_it() -> None:
    parsed = parse_search_text('pricing "too expensive" OR cheaper* OR discount')
    assert parsed.alternatives == (
        (QueryPart(("pricing",)),),
        (
            QueryPart(("too", "expensive")),
            QueryPart(("cheaper",), prefix=True),
            QueryPart(("discount",)),
        ),
    )
    # Other operators end a group; OR at an end or beside nothing is dropped.
    assert not parse_search_text("discount OR NOT rebate").has_or
    assert not parse_search_text("OR pricing OR").has_or
    assert not parse_search_text("competitor or alternative").has_or  # lowercase: a word


async def _corpus(state: AppState) -> tuple[str, dict[str, str]]:
    tenant = await make_tenant(state)
    lines = {
        "competitor": ["We also looked at a competitor last quarter."],
        "alternative": ["There is an alternative vendor on our list."],
        "expensive": ["Honestly the plan is too expensive for us."],
        "pricing": ["Can you walk me through pricing and discounts?"],
    }
    made = {}
    for n, (key, sentences) in enumerate(lines.items()):
        start = DEFAULT_START + timedelta(days=n)
        made[key] = await make_transcribed(state, tenant, sentences, name=f"Call {n}", start=start)
    return tenant.org_id, made


async def test_any_part_of_a_group_matches(state: AppState) -> None:
    org_id, made = await _corpus(state)

    async def found(text: str, **options: object) -> set[str]:
        page = await run_search(state, org_id, text, **options)
        assert page.total == len(page.hits) or options, (text, page.total)
        return set(ids(page))

    assert await found("competitor OR alternative") == {made["competitor"], made["alternative"]}
    assert await found("competitor alternative") == set()  # without OR: both must match
    assert await found("competitors OR alternatives vendor") == {made["alternative"]}
    assert await found('"too expensive" OR discount') == {made["expensive"], made["pricing"]}
    assert await found('"expensive plan" OR zzyzx') == set()  # a phrase keeps its order
    assert await found("compet* OR altern*") == {made["competitor"], made["alternative"]}
    assert await found("competitor OR alternative", scope="title") == set()
    # Later pages of an OR query: ranked window then recency, nothing lost or repeated.
    seen = []
    for skip in range(4):
        page = await run_search(
            state, org_id, "competitor OR alternative OR expensive OR pricing", limit=1, skip=skip
        )
        assert page.total == 4
        seen += ids(page)
    assert sorted(seen) == sorted(made.values())


async def test_rest_search_takes_or(client: httpx.AsyncClient, state: AppState) -> None:
    tenant = await make_tenant(state)
    a = await make_transcribed(state, tenant, ["A competitor came in cheaper."])
    b = await make_transcribed(state, tenant, ["They want an alternative."], is_call=True)
    r = await client.get(
        "/api/v1/search", params={"q": "competitor OR alternative"}, headers=tenant.headers
    )
    assert r.status_code == 200, r.text
    assert {hit["id"] for hit in r.json()["data"]} == {a, b}
    assert r.headers["X-Total-Count"] == "2"
    snippets = [m["snippet"] for hit in r.json()["data"] for m in hit["matches"]]
    assert any("**competitor**" in s for s in snippets)
    assert any("**alternative**" in s for s in snippets)
