"""Two SQLite files of one corpus with different search index layouts (say, one left at
revision 0019 and a copy migrated to 0020), searched in turn with the same query mix, in this
process, on the same code: what the layout alone changes, with the background load shared.

    python benchmarks/search_layouts.py BEFORE.db AFTER.db [--queries 120] [--rounds 3]
                                        [--kind all] [--seed 7]

The corpus is one made by benchmarks/search.py (`--sqlite-path`, kept). The mix is
`_search_corpus.corpus_queries` (a quarter each rare words, common words, phrases, 3 or 4
letter prefixes) drawn from the BEFORE file. Per round, each query runs on both files, the
order alternating; per kind p50 / p95 / p99 of each round, reported as the median and range
over the rounds. The pages must be equal (hits, total, snippets): a difference is reported and
the exit status is 1. Also the FTS5 tables' size (dbstat) in each file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from _search_corpus import corpus_queries
from _search_series import KINDS, spread, summary

from meetsight.db.engine import create_engine
from meetsight.db.reads import create_reader
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery
from search import corpus_vocabulary

SIDES = ("before", "after")


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
    for side in SIDES:  # one pass each, untimed: both files' pages in the page cache
        for n, query in enumerate(queries):
            q = SearchQuery(text=query.text, limit=20, kind=args.kind)  # type: ignore[arg-type]
            await search_on_reader(readers[side], orgs[n % len(orgs)], q)
    for round_no in range(args.rounds):
        times: dict[str, dict[str, list[float]]] = {s: {k: [] for k in KINDS} for s in SIDES}
        for n, query in enumerate(queries):
            q = SearchQuery(text=query.text, limit=20, kind=args.kind)  # type: ignore[arg-type]
            order = SIDES if (n + round_no) % 2 == 0 else SIDES[::-1]
            pages = {}
            for side in order:
                t = time.perf_counter()
                page = await search_on_reader(readers[side], orgs[n % len(orgs)], q)
                times[side][query.kind].append((time.perf_counter() - t) * 1000)
                pages[side] = page_of(page)
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
    print(json.dumps(report, indent=1))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    asyncio.run(main())
