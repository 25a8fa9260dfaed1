"""Full-text search latency at scale: the search as REST search and the MCP search tools run it
(search_on_reader), the same search over HTTP through `meetsight serve`, and a plain LIKE scan
on the same data, interleaved in the same run, on SQLite and on PostgreSQL; warm and cold.

    python benchmarks/search.py [--segments 1000000] [--queries 200] [--like-queries 50]
                                [--rounds 5] [--cold-queries 12] [--no-http] [--http-keys 4]
                                [--engines sqlite,postgresql] [--pg-url postgresql://...]
                                [--sqlite-path bench.db] [--pg-db NAME] [--reuse] [--reindex]

Loads N transcript segments (200 per activity: 5,000 activities at 1M, in 3 organizations, 5%
of them Spanish) with bulk inserts (executemany on SQLite, COPY on PostgreSQL), builds the search
index once after the load, then draws the queries from the loaded corpus's own vocabulary
(`_search_corpus.corpus_queries`: rare words, common words, two-word phrases that occur,
prefixes; a fixed seed) and times them:

- cold (`_search_series.measure_cold`, `--cold-queries`, the first of the mix): each query on a
  fresh connection after the database's pages were dropped from the OS page cache and, on
  PostgreSQL, from shared buffers (`_cold_cache` says how, and the report what stayed), then
  once more warm; the scan the same way;
- warm (`measure_warm`), in `--rounds` rounds of the whole mix: per query the search in this
  process, the same search as GET /api/v1/search on the served app (auth, JSON, access log,
  rate limiter; `--no-http` leaves it out) and, on `--like-queries` of them, the LIKE scan (on
  PostgreSQL also without parallel workers), in an order that rotates, with the wall-clock time
  and the CPU time of every process that served it (`_server_cpu`); per round p50 / p95 / p99,
  reported as the median and range over the rounds.

With --hybrid, every segment and title also
gets a synthetic sentence vector (random unit vectors, float16, as search_vectors stores them:
embedding 1M sentences would take an hour here), and the same queries are timed again in mode
hybrid (the words and the meaning, fused), the query's embedding included (its cache cleared
before each query); the first hybrid query of each organization builds that organization's
in-process vector index, timed on its own (`vector_index_build_s`). PostgreSQL needs --pg-url or
MEETSIGHT_BENCH_DATABASE_URL (a server where the database --pg-db, `ms_bench_search` by
default, may be created and dropped; on this machine, for the CPU of its backends and the cold
cache, as a superuser). Prints a JSON report; docs/benchmarks.md records the figures.

A 1M load takes minutes: with --reuse, a corpus left by an earlier run (--sqlite-path for SQLite,
--pg-db kept with --keep for PostgreSQL) is measured again without loading; --reindex rebuilds
its search index first (after a change to the index's layout).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
import uvloop

sys.path.insert(0, str(Path(__file__).parent))
from _http_search import http_search
from _search_corpus import (
    BenchQuery,
    SentenceMaker,
    corpus_queries,
    describe,
    sentences,
    vocabulary,
)
from _search_series import KINDS, measure_cold, measure_warm, summary

from meetsight.db.engine import create_engine
from meetsight.db.migrate import upgrade_async
from meetsight.db.reads import create_reader
from meetsight.ids import new_id
from meetsight.search import vector_index
from meetsight.search.indexing import rebuild_search_index
from meetsight.search.meaning import query_vector
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery

ORGS = 3
PER_ACTIVITY = 200
BENCH_DB = "ms_bench_search"


def activities_plan(segments: int) -> list[tuple[str, str, bool, str, datetime, str]]:
    """(org_id, activity_id, is_call, name, start, language) for every activity."""
    orgs = [new_id() for _ in range(ORGS)]
    count = max(ORGS, segments // PER_ACTIVITY)
    start = datetime(2024, 1, 1, 9, tzinfo=UTC)
    plan = []
    for i in range(count):
        language = "es" if i % 20 == 7 else "en"
        name = f"{'Call' if i % 4 == 0 else 'Meeting'} {i}: " + (
            "revisión de precios" if language == "es" else ("renewal", "demo", "pricing")[i % 3]
        )
        plan.append(
            (orgs[i % ORGS], new_id(), i % 4 == 0, name, start + timedelta(hours=3 * i), language)
        )
    return plan


def segment_rows(plan: list[Any], segments: int, seed: int) -> Iterator[tuple[Any, ...]]:
    maker = SentenceMaker(seed)
    per = max(1, segments // len(plan))
    for org_id, activity_id, _, _, _, language in plan:
        texts = sentences(maker, per, spanish=language == "es")
        for position, text in enumerate(texts):
            speaker = ("Olivia Owner", "Carl Customer")[position % 2]
            t = position * 6.0
            yield (org_id, activity_id, position, t, t + 5.5, "", speaker, speaker, text, None)


SEGMENT_COLUMNS = (
    "organization_id",
    "activity_id",
    "position",
    "start_time",
    "end_time",
    "person_id",
    "speaker_label",
    "participant_name",
    "content",
    "words",
)


def load_sqlite(path: Path, plan: list[Any], segments: int, seed: int) -> None:
    now = datetime.now(UTC).replace(tzinfo=None).isoformat(" ")
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous=OFF")
    db.executemany(
        "INSERT INTO organizations (id, name, settings, created_at, updated_at)"
        " VALUES (?, 'bench', '{}', ?, ?)",
        [(org, now, now) for org in sorted({p[0] for p in plan})],
    )
    db.executemany(
        "INSERT INTO activities (organization_id, id, is_call, media_type, status, name,"
        " start_at, language, direction, source, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, 'completed', ?, ?, ?, ?, 'import', ?, ?)",
        [
            (
                o,
                a,
                c,
                "phonecall" if c else "videocall",
                n,
                s.replace(tzinfo=None).isoformat(" "),
                lang,
                "outbound" if c else None,
                now,
                now,
            )
            for o, a, c, n, s, lang in plan
        ],
    )
    marks = ", ".join("?" * len(SEGMENT_COLUMNS))
    insert = f"INSERT INTO transcript_segments ({', '.join(SEGMENT_COLUMNS)}) VALUES ({marks})"
    batch: list[tuple[Any, ...]] = []
    for row in segment_rows(plan, segments, seed):
        batch.append(row)
        if len(batch) == 50_000:
            db.executemany(insert, batch)
            batch = []
    db.executemany(insert, batch)
    db.commit()
    db.close()


async def load_postgres(url: str, plan: list[Any], segments: int, seed: int) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("+asyncpg", ""))
    now = datetime.now(UTC)
    await conn.copy_records_to_table(
        "organizations",
        records=[(org, "bench", "{}", now, now) for org in sorted({p[0] for p in plan})],
        columns=["id", "name", "settings", "created_at", "updated_at"],
    )
    await conn.copy_records_to_table(
        "activities",
        records=[
            (
                o,
                a,
                c,
                "phonecall" if c else "videocall",
                "completed",
                n,
                s,
                lang,
                "outbound" if c else None,
                "import",
                now,
                now,
            )
            for o, a, c, n, s, lang in plan
        ],
        columns=[
            "organization_id",
            "id",
            "is_call",
            "media_type",
            "status",
            "name",
            "start_at",
            "language",
            "direction",
            "source",
            "created_at",
            "updated_at",
        ],
    )
    rows = segment_rows(plan, segments, seed)
    while True:
        batch = [row for _, row in zip(range(100_000), rows, strict=False)]
        if not batch:
            break
        await conn.copy_records_to_table(
            "transcript_segments", records=batch, columns=list(SEGMENT_COLUMNS)
        )
    await conn.close()


VECTOR_COLUMNS = ("organization_id", "activity_id", "position", "digest", "vector")


def vector_rows(plan: list[Any], segments: int, seed: int) -> Iterator[tuple[Any, ...]]:
    """Synthetic vectors: a title (position -1) and every segment of every activity."""
    import numpy as np

    rng = np.random.default_rng(seed)
    per = max(1, segments // len(plan))
    for org_id, activity_id, *_ in plan:
        block = rng.standard_normal((per + 1, 512), dtype=np.float32)
        block /= np.linalg.norm(block, axis=1, keepdims=True)
        block16 = block.astype(np.float16)
        for position in range(-1, per):
            yield (
                org_id,
                activity_id,
                position,
                rng.bytes(8),
                block16[position + 1].tobytes(),
            )


def load_vectors_sqlite(path: Path, plan: list[Any], segments: int, seed: int) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous=OFF")
    db.execute("DELETE FROM search_vectors")
    db.execute("DELETE FROM search_vector_state")
    marks = ", ".join("?" * len(VECTOR_COLUMNS))
    insert = f"INSERT INTO search_vectors ({', '.join(VECTOR_COLUMNS)}) VALUES ({marks})"
    batch: list[tuple[Any, ...]] = []
    for row in vector_rows(plan, segments, seed):
        batch.append(row)
        if len(batch) == 50_000:
            db.executemany(insert, batch)
            batch = []
    db.executemany(insert, batch)
    db.executemany(
        "INSERT INTO search_vector_state (organization_id, instance, writes, removals)"
        " VALUES (?, ?, 1, 0)",
        [(org, new_id()) for org in sorted({p[0] for p in plan})],
    )
    db.commit()
    db.close()


async def load_vectors_postgres(url: str, plan: list[Any], segments: int, seed: int) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("+asyncpg", ""))
    await conn.execute("TRUNCATE search_vectors, search_vector_state")
    rows = vector_rows(plan, segments, seed)
    while True:
        batch = [row for _, row in zip(range(50_000), rows, strict=False)]
        if not batch:
            break
        await conn.copy_records_to_table(
            "search_vectors", records=batch, columns=list(VECTOR_COLUMNS)
        )
    await conn.copy_records_to_table(
        "search_vector_state",
        records=[(org, new_id(), 1, 0) for org in sorted({p[0] for p in plan})],
        columns=["organization_id", "instance", "writes", "removals"],
    )
    await conn.close()


async def measure_hybrid(
    url: str, orgs: list[str], queries: list[BenchQuery], kind: str
) -> dict[str, Any]:
    """The queries in mode hybrid, as REST search runs them, after a first query per
    organization timed on its own (it builds the organization's index when none is cached)."""
    engine = create_engine(url)
    reader = create_reader(engine)
    builds = []
    for org in orgs:
        started = time.perf_counter()
        await search_on_reader(reader, org, SearchQuery(text="warm up", mode="hybrid"))
        builds.append(time.perf_counter() - started)
    elapsed_ms: list[float] = []
    cpu_ms: list[float] = []
    by_meaning = 0
    for i, query in enumerate([*queries[:5], *queries]):
        org = orgs[i % len(orgs)]
        query_vector.cache_clear()  # each query embedded, as a new query is
        started, cpu_started = time.perf_counter(), time.process_time()
        page = await search_on_reader(
            reader,
            org,
            SearchQuery(text=query.text, limit=20, kind=kind, mode="hybrid"),  # type: ignore[arg-type]
        )
        if i < 5:
            continue
        elapsed_ms.append((time.perf_counter() - started) * 1000)
        cpu_ms.append((time.process_time() - cpu_started) * 1000)
        by_meaning += sum(1 for hit in page.hits if not any("**" in m.snippet for m in hit.matches))
    await reader.close()
    await engine.dispose()
    return {
        "kind": kind,
        "hybrid_search": summary(elapsed_ms),
        "hybrid_cpu_in_this_process": summary(cpu_ms),
        "vector_index_build_s": [round(b, 1) for b in builds],
        "hits_by_meaning_only_mean": round(by_meaning / max(1, len(elapsed_ms)), 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


async def loaded_segments(url: str) -> int:
    """Segments already in the database (0 when it has no schema yet)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            return int((await conn.execute(sa.text(COUNT_SEGMENTS))).scalar() or 0)
    except sa.exc.DBAPIError:
        return 0
    finally:
        await engine.dispose()


COUNT_SEGMENTS = "SELECT count(*) FROM transcript_segments"


async def stored_vectors(url: str) -> int:
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            return int(
                (await conn.execute(sa.text("SELECT count(*) FROM search_vectors"))).scalar() or 0
            )
    finally:
        await engine.dispose()


async def run_engine(
    name: str, url: str, args: argparse.Namespace, plan: list[Any]
) -> dict[str, Any]:
    started = time.perf_counter()
    reused = args.reuse and await loaded_segments(url) > 0
    await upgrade_async(url)
    if reused:
        pass
    elif name == "sqlite":
        await asyncio.to_thread(
            load_sqlite, Path(url.split("///", 1)[1]), plan, args.segments, args.seed
        )
    else:
        await load_postgres(url, plan, args.segments, args.seed)
    loaded = time.perf_counter()
    engine = create_engine(url)
    if not reused or args.reindex:
        async with engine.begin() as conn:
            await conn.run_sync(rebuild_search_index)
        async with engine.connect() as conn:
            if name == "postgresql":
                await conn.execute(sa.text("COMMIT"))
                await conn.execute(sa.text("VACUUM ANALYZE"))
            else:
                await conn.execute(sa.text("ANALYZE"))
    async with engine.connect() as conn:
        orgs = sorted((await conn.execute(sa.text("SELECT id FROM organizations"))).scalars())
        segments = int((await conn.execute(sa.text(COUNT_SEGMENTS))).scalar() or 0)
    await engine.dispose()
    vectors_s = None
    if args.hybrid:
        started_vectors = time.perf_counter()
        if reused and not args.reindex and await stored_vectors(url) > 0:
            pass
        elif name == "sqlite":
            await asyncio.to_thread(
                load_vectors_sqlite, Path(url.split("///", 1)[1]), plan, args.segments, args.seed
            )
        else:
            await load_vectors_postgres(url, plan, args.segments, args.seed)
        vectors_s = round(time.perf_counter() - started_vectors, 1)
    indexed = time.perf_counter()
    vocab = await corpus_vocabulary(url, args.vocabulary_activities, args.seed)
    queries = corpus_queries(vocab, args.queries, args.seed)
    kinds = args.kinds.split(",")
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    load_before = [round(x, 2) for x in os.getloadavg()]
    cold = None
    if args.cold_queries:
        # First, with no other connection to the database open (a mapped page stays cached).
        cold = await measure_cold(url, name, orgs, queries[: args.cold_queries], kinds[0])
    by_kind: dict[str, Any] = {}
    async with contextlib.AsyncExitStack() as stack:
        http = None
        if args.http:
            http = await stack.enter_async_context(http_search(url, orgs, args.http_keys))
        for kind in kinds:
            by_kind[kind] = await measure_warm(
                url, name, orgs, queries, args.like_queries, kind, args.rounds, http, args.seed
            )
    if args.hybrid:
        vector_index.forget()  # built by the first kind's first queries (timed apart)
        for kind in kinds:
            by_kind[f"{kind}_hybrid"] = await measure_hybrid(url, orgs, queries, kind)
    return {
        "date": date,
        "load_average_before_after": [load_before, [round(x, 2) for x in os.getloadavg()]],
        "vectors_load_s": vectors_s,
        "reused_corpus": reused,
        "segments_in_database": segments,
        "load_s": round(loaded - started, 1),
        "index_build_s": round(indexed - loaded, 1),
        "query_mix": {
            **describe(vocab),
            "examples": {k: [q.text for q in queries if q.kind == k][:6] for k in KINDS},
        },
        f"cold_{kinds[0]}": cold,
        **{f"kind_{kind}": report for kind, report in by_kind.items()},
        "query_s": round(time.perf_counter() - indexed, 1),
    }


async def corpus_vocabulary(url: str, activities: int, seed: int) -> Any:
    """Word and phrase frequencies of the segments of up to `activities` activities drawn with
    a fixed seed (all of them in a small corpus): what the query mix is drawn from."""
    engine = create_engine(url)
    async with engine.connect() as conn:
        ids = sorted((await conn.execute(sa.text("SELECT id FROM activities"))).scalars())
        chosen = random.Random(seed).sample(ids, min(activities, len(ids)))
        texts: list[str] = []
        for start in range(0, len(chosen), 100):
            statement = sa.text(
                "SELECT content FROM transcript_segments WHERE activity_id IN :ids"
            ).bindparams(sa.bindparam("ids", expanding=True))
            rows = await conn.execute(statement, {"ids": chosen[start : start + 100]})
            texts += [text for (text,) in rows]
    await engine.dispose()
    return vocabulary(texts)


def fresh_sqlite_path(given: str, *, reuse: bool) -> Path:
    """The SQLite file, removed first (with its WAL) unless it is to be reused."""
    path = Path(given).resolve()
    if not reuse:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


async def postgres_database(server_url: str, name: str, *, create: bool, reuse: bool) -> str:
    """The benchmark's database URL; dropped and created afresh unless reused."""
    import asyncpg

    base = server_url.replace("+asyncpg", "")
    admin = await asyncpg.connect(base)
    exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
    if not (reuse and exists and create):
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        if create:
            await admin.execute(f'CREATE DATABASE "{name}"')
    await admin.close()
    return base.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://") + "/" + name


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--like-queries", type=int, default=50, help="queries also run as the scan, per round"
    )
    parser.add_argument("--rounds", type=int, default=5, help="warm rounds of the whole mix")
    parser.add_argument(
        "--cold-queries", type=int, default=12, help="the first of the mix, timed cold (0: none)"
    )
    parser.add_argument("--no-http", dest="http", action="store_false", help="no HTTP series")
    parser.add_argument("--http-keys", type=int, default=4, help="API keys per organization")
    parser.add_argument(
        "--vocabulary-activities", type=int, default=500, help="activities sampled for the mix"
    )
    parser.add_argument("--engines", default="sqlite,postgresql")
    parser.add_argument(
        "--kinds",
        default="meetings,all",
        help="the searches' type filter, one run each: meetings (search_meetings), all (REST)",
    )
    parser.add_argument("--pg-url", default=os.environ.get("MEETSIGHT_BENCH_DATABASE_URL"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL database")
    parser.add_argument("--pg-db", default=BENCH_DB, help="the PostgreSQL database to (re)create")
    parser.add_argument("--sqlite-path", help="the SQLite file (default: a temporary one)")
    parser.add_argument(
        "--reuse", action="store_true", help="measure the corpus already loaded, if there is one"
    )
    parser.add_argument("--reindex", action="store_true", help="with --reuse: rebuild the index")
    parser.add_argument(
        "--hybrid", action="store_true", help="also time mode hybrid on synthetic vectors"
    )
    args = parser.parse_args()
    plan = activities_plan(args.segments)
    report: dict[str, Any] = {
        "segments": len(plan) * max(1, args.segments // len(plan)),
        "activities": len(plan),
        "organizations": ORGS,
        "queries": args.queries,
    }
    for name in args.engines.split(","):
        if name == "sqlite" and args.sqlite_path:
            path = fresh_sqlite_path(args.sqlite_path, reuse=args.reuse)
            report["sqlite"] = await run_engine("sqlite", f"sqlite+aiosqlite:///{path}", args, plan)
        elif name == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                url = f"sqlite+aiosqlite:///{folder}/bench.db"
                report["sqlite"] = await run_engine("sqlite", url, args, plan)
        elif name == "postgresql":
            if not args.pg_url:
                report["postgresql"] = "skipped: give --pg-url or MEETSIGHT_BENCH_DATABASE_URL"
                continue
            url = await postgres_database(args.pg_url, args.pg_db, create=True, reuse=args.reuse)
            try:
                report["postgresql"] = await run_engine("postgresql", url, args, plan)
            finally:
                if not (args.keep or args.reuse):
                    await postgres_database(args.pg_url, args.pg_db, create=False, reuse=False)
        print(json.dumps({name: report.get(name)}), file=sys.stderr)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    # The event loop `meetsight serve` runs on: uvicorn's loop "auto" takes uvloop, which
    # uvicorn[standard] installs (asyncpg's network round trips cost less on it).
    uvloop.run(main())
