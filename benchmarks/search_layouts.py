"""Two SQLite files of one corpus with different search index layouts (say, one left at
revision 0019 and a copy migrated to 0020), searched in turn with the same query mix, in this
process, on the same code: what the layout alone changes, with the background load shared.

    python benchmarks/search_layouts.py BEFORE.db AFTER.db [--queries 120] [--rounds 3]
                                        [--kind all] [--seed 7]

The corpus is one made by benchmarks/search.py (`--sqlite-path`, kept). The mix is
`_search_corpus.corpus_queries` (a quarter each rare words, common words, phrases, 3 or 4
letter prefixes) drawn from the BEFORE file. Per round, each query runs on both files, the
order alternating; per kind p50 / p95 / p99 of each round, reported as the median and range
over the rounds (and "mix": all kinds pooled). The pages must be equal (hits, total, snippets):
a difference is reported and the exit status is 1. Also the FTS5 tables' size (dbstat) in each
file, and, on each page's cited positions in the AFTER file, the moments' read as before
revision 0020's code did it (`PRODUCT_SQL`: every position of the page in every activity of
it, the pairs kept after) and as `moments_repository.segment_sides` does now, in turn: rows
read and time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
import sqlalchemy as sa
from _search_corpus import corpus_queries
from _search_series import KINDS, spread, summary

from meetsight.db.engine import create_engine
from meetsight.db.reads import create_reader
from meetsight.intelligence import moments_repository
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery
from search import corpus_vocabulary

SIDES = ("before", "after")
# The moments' statement before: the product of the page's activity ids and positions.
PRODUCT_SQL = sa.text(
    "SELECT s.activity_id, s.position, s.start_time, s.participant_name,"
    " coalesce(p.is_internal, 0) = 1 OR s.person_id = a.owner_person_id AS ours"
    " FROM transcript_segments s JOIN activities a"
    " ON a.organization_id = s.organization_id AND a.id = s.activity_id"
    " LEFT JOIN people p ON p.organization_id = s.organization_id AND p.id = s.person_id"
    " WHERE s.organization_id = :org AND s.activity_id IN :ids AND s.position IN :positions"
).bindparams(sa.bindparam("ids", expanding=True), sa.bindparam("positions", expanding=True))


async def compare_moments(url: str, pages: list[tuple[str, Any]], rounds: int) -> dict[str, Any]:
    """The moments of each page read both ways, in turn: rows read, time, the same rows kept."""
    engine = create_engine(url)
    times: dict[str, list[float]] = {"product": [], "pairs": []}
    rows_read: dict[str, list[int]] = {"product": [], "pairs": []}
    differ = 0
    async with engine.connect() as conn:
        for round_no in range(rounds):
            for n, (org, page) in enumerate(pages):
                pairs = {(h.activity_id, m.position) for h in page.hits for m in h.matches}
                if not pairs:
                    continue
                wanted: dict[str, set[int]] = {}
                for activity, position in pairs:
                    wanted.setdefault(activity, set()).add(position)
                ids, positions = sorted(wanted), sorted({p for _, p in pairs})
                order = ("product", "pairs") if (n + round_no) % 2 == 0 else ("pairs", "product")
                kept = {}
                for way in order:
                    t = time.perf_counter()
                    if way == "product":
                        params = {"org": org, "ids": ids, "positions": positions}
                        rows = list((await conn.execute(PRODUCT_SQL, params)).all())
                    else:
                        rows = await moments_repository.segment_sides(conn, org, wanted)
                    times[way].append((time.perf_counter() - t) * 1000)
                    if round_no == 0:
                        rows_read[way].append(len(rows))
                    kept[way] = sorted(
                        (r[0], r[1], r[2], r[3], bool(r[4])) for r in rows if (r[0], r[1]) in pairs
                    )
                differ += kept["product"] != kept["pairs"]
    await engine.dispose()
    return {
        "pages": len(rows_read["pairs"]),
        "rows_read_mean": {w: round(statistics.mean(r), 1) for w, r in rows_read.items() if r},
        "rows_read_max": {w: max(r) for w, r in rows_read.items() if r},
        "ms": {w: summary(ms) for w, ms in times.items()},
        "pages_whose_kept_rows_differ": differ,
    }


def index_sizes(path: str) -> dict[str, float]:
    """MiB of each FTS5 table's shadow tables, and of the whole file."""
    db = sqlite3.connect(path)
    rows = db.execute(
        "SELECT name, sum(pgsize) FROM dbstat WHERE name LIKE 'search_%' GROUP BY name"
    ).fetchall()
    free = (
        db.execute("PRAGMA freelist_count").fetchone()[0]
        * db.execute("PRAGMA page_size").fetchone()[0]
    )
    db.close()
    sizes = {name: round(size / 2**20, 1) for name, size in rows if size > 2**20}
    sizes["search_*_data (the inverted indexes)"] = round(
        sum(size for name, size in rows if name.endswith("_data")) / 2**20, 1
    )
    sizes["file"] = round(os.path.getsize(path) / 2**20, 1)
    sizes["free pages"] = round(free / 2**20, 1)
    return sizes


def page_of(page: Any) -> Any:
    return (
        page.total,
        [(h.activity_id, [(m.position, m.snippet) for m in h.matches]) for h in page.hits],
    )


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--queries", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kind", default="all")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--vocabulary-activities", type=int, default=300)
    args = parser.parse_args()
    urls = {
        "before": f"sqlite+aiosqlite:///{args.before}",
        "after": f"sqlite+aiosqlite:///{args.after}",
    }
    vocab = await corpus_vocabulary(urls["before"], args.vocabulary_activities, args.seed)
    queries = corpus_queries(vocab, args.queries, args.seed)
    engines = {side: create_engine(url) for side, url in urls.items()}
    readers = {side: create_reader(engine) for side, engine in engines.items()}
    orgs = sorted(
        r[0] for r in sqlite3.connect(args.before).execute("SELECT id FROM organizations")
    )
    load_before = [round(x, 2) for x in os.getloadavg()]
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    per_round: dict[str, dict[str, list[dict[str, float]]]] = {s: {} for s in SIDES}
    differ: list[str] = []
    after_pages: list[tuple[str, Any]] = []
    for side in SIDES:  # one pass each, untimed: both files' pages in the page cache
        for n, query in enumerate(queries):
            q = SearchQuery(text=query.text, limit=20, kind=args.kind)  # type: ignore[arg-type]
            await search_on_reader(readers[side], orgs[n % len(orgs)], q)
    for round_no in range(args.rounds):
        times: dict[str, dict[str, list[float]]] = {
            s: {k: [] for k in (*KINDS, "mix")} for s in SIDES
        }
        for n, query in enumerate(queries):
            q = SearchQuery(text=query.text, limit=20, kind=args.kind)  # type: ignore[arg-type]
            order = SIDES if (n + round_no) % 2 == 0 else SIDES[::-1]
            pages = {}
            for side in order:
                if side == "after" and round_no == 0:
                    after_pages.append((orgs[n % len(orgs)], None))
                t = time.perf_counter()
                page = await search_on_reader(readers[side], orgs[n % len(orgs)], q)
                ms = (time.perf_counter() - t) * 1000
                times[side][query.kind].append(ms)
                times[side]["mix"].append(ms)
                pages[side] = page_of(page)
                if side == "after" and round_no == 0:
                    after_pages[-1] = (orgs[n % len(orgs)], page)
            if pages["before"] != pages["after"] and round_no == 0:
                differ.append(query.text)
        for side in SIDES:
            for kind, ms in times[side].items():
                per_round[side].setdefault(kind, []).append(summary(ms))
    report = {
        "date": started,
        "load_average_before_after": [load_before, [round(x, 2) for x in os.getloadavg()]],
        "queries": len(queries),
        "rounds": args.rounds,
        "kind": args.kind,
        "examples": {k: [q.text for q in queries if q.kind == k][:6] for k in KINDS},
        "pages_differ": differ,
        "index_mib": {side: index_sizes(getattr(args, side)) for side in SIDES},
        **{
            side: {
                kind: {
                    figure: spread([r[figure] for r in rounds])
                    for figure in ("p50_ms", "p95_ms", "p99_ms")
                }
                for kind, rounds in per_round[side].items()
            }
            for side in SIDES
        },
    }
    for engine in engines.values():
        await engine.dispose()
    report["moments"] = await compare_moments(urls["after"], after_pages, args.rounds)
    report["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=1))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    asyncio.run(main())
