"""Full-text search latency at scale: the search as REST search and the MCP search tools run it
(search_on_reader), against a plain LIKE scan on the same data in the same run, on SQLite and
on PostgreSQL.

    python benchmarks/search.py [--segments 1000000] [--queries 200] [--like-queries 50]
                                [--engines sqlite,postgresql] [--pg-url postgresql://...]
                                [--sqlite-path bench.db] [--pg-db NAME] [--reuse] [--reindex]

Loads N transcript segments (200 per activity: 5,000 activities at 1M, in 3 organizations, 5%
of them Spanish) with bulk inserts (executemany on SQLite, COPY on PostgreSQL), builds the search
index once after the load, then times the queries. With --hybrid, every segment and title also
gets a synthetic sentence vector (random unit vectors, float16, as search_vectors stores them:
embedding 1M sentences would take an hour here), and the same queries are timed again in mode
hybrid (the words and the meaning, fused), the query's embedding included (its cache cleared
before each query); the first hybrid query of each organization builds that organization's
in-process vector index, timed on its own (`vector_index_build_s`). PostgreSQL needs --pg-url or
MEETSIGHT_BENCH_DATABASE_URL (a server where the database `ms_bench_search` may be created and
dropped). Prints a JSON report; docs/benchmarks.md records the figures.

A 1M load takes minutes: with --reuse, a corpus left by an earlier run (--sqlite-path for SQLite,
--pg-db kept with --keep for PostgreSQL) is measured again without loading; --reindex rebuilds
its search index first (after a change to the index's layout).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import statistics
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
from _search_corpus import BenchQuery, SentenceMaker, bench_queries, sentences

from meetsight.db.engine import create_engine, create_sessionmaker
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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "max_ms": round(max(ms), 2),
    }


LIKE_SQL = {
    "sqlite": "SELECT activity_id, count(*) AS n FROM transcript_segments"
    " WHERE organization_id = :org AND content LIKE :pattern"
    " GROUP BY activity_id ORDER BY n DESC LIMIT 20",
    "postgresql": "SELECT activity_id, count(*) AS n FROM transcript_segments"
    " WHERE organization_id = :org AND content ILIKE :pattern"
    " GROUP BY activity_id ORDER BY n DESC LIMIT 20",
}


async def measure(
    url: str,
    engine_name: str,
    orgs: list[str],
    queries: list[BenchQuery],
    like_every: int,
    kind: str,
) -> dict[str, Any]:
    """The queries as REST search and the MCP search tools run them (search_on_reader, the
    lean read path; `kind` "meetings" is what search_meetings asks), and the LIKE scan on the
    same data through a session."""
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    reader = create_reader(engine)
    search_ms: dict[str, list[float]] = {"rare": [], "common": [], "phrase": []}
    pairs: list[tuple[float, float]] = []  # (search, LIKE) on the queries that ran both
    totals: list[int] = []
    # This process's CPU time: on SQLite that is the whole search (in-process), a figure that
    # other work on a shared machine does not inflate; on PostgreSQL only the client's part.
    cpu_ms: list[float] = []
    # CPU time of the whole work, this process and (PostgreSQL on this machine) the server
    # backends that ran it: a shared machine stretches wall-clock time by its load, much less
    # the CPU time each side spends, so the ratio of CPU times is the steadier speed-up.
    work_ms: list[float] = []
    pairs_cpu: list[tuple[float, float]] = []
    backends: list[int] = []
    found_by_kind: dict[str, int] = {}
    for i, query in enumerate([*queries[:5], *queries]):  # 5 warm-up queries first
        org = orgs[i % len(orgs)]
        if i == 5:
            backends = await server_pids(engine)
        started, cpu_started = time.perf_counter(), time.process_time()
        server_started = sum(server_cpu_ms(pid) for pid in backends)
        page = await search_on_reader(
            reader,
            org,
            SearchQuery(text=query.text, limit=20, kind=kind),  # type: ignore[arg-type]
        )
        elapsed = (time.perf_counter() - started) * 1000
        cpu = (time.process_time() - cpu_started) * 1000
        work = cpu + sum(server_cpu_ms(pid) for pid in backends) - server_started
        if i < 5:
            continue
        search_ms[query.kind].append(elapsed)
        cpu_ms.append(cpu)
        work_ms.append(work)
        totals.append(page.total)
        found_by_kind[query.kind] = found_by_kind.get(query.kind, 0) + page.total
        if (i - 5) % like_every == 0:
            async with sessions() as session:
                backend = await backend_pid(session)
                started, cpu_started = time.perf_counter(), time.process_time()
                server_started = server_cpu_ms(backend)
                await session.execute(
                    sa.text(LIKE_SQL[engine_name]), {"org": org, "pattern": query.like}
                )
                like_ms = (time.perf_counter() - started) * 1000
                like_work = (
                    (time.process_time() - cpu_started) * 1000
                    + server_cpu_ms(backend)
                    - server_started
                )
            pairs.append((elapsed, like_ms))
            pairs_cpu.append((work, like_work))
    await reader.close()
    await engine.dispose()
    # Every kind of query matches in this corpus: a kind that found nothing means an index
    # that is empty or out of step, and its timings would be of searches that read nothing.
    if empty := [k for k in search_ms if not found_by_kind.get(k)]:
        raise SystemExit(f"{engine_name}: no {', '.join(empty)} query matched; try --reindex")
    every = [ms for values in search_ms.values() for ms in values]
    like = [b for _, b in pairs]
    same = [a for a, _ in pairs]
    like_cpu = [b for _, b in pairs_cpu]
    same_cpu = [a for a, _ in pairs_cpu]
    return {
        "kind": kind,
        "search": summary(every),
        "search_by_kind": {kind: summary(values) for kind, values in search_ms.items()},
        "search_cpu_in_this_process": summary(cpu_ms),
        "search_cpu_client_and_server": summary(work_ms),
        "matching_activities_mean": round(statistics.mean(totals), 1),
        "like_scan": {**summary(like), "queries": len(like)},
        "search_on_the_same_queries": summary(same),
        "speedup_p50": round(statistics.median(like) / statistics.median(same), 1),
        "like_scan_cpu_client_and_server": summary(like_cpu),
        "search_cpu_on_the_same_queries": summary(same_cpu),
        "speedup_p50_cpu": round(statistics.median(like_cpu) / statistics.median(same_cpu), 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


async def server_pids(engine: Any) -> list[int]:
    """The PostgreSQL server processes of the reader's pooled connections (none on SQLite):
    the search's server-side CPU is read from them."""
    if engine.dialect.name != "postgresql":
        return []
    async with engine.connect() as conn:
        rows = await conn.execute(
            sa.text(
                "SELECT pid FROM pg_stat_activity"
                " WHERE datname = current_database() AND backend_type = 'client backend'"
            )
        )
        return [int(pid) for (pid,) in rows]


async def backend_pid(session: Any) -> int | None:
    """The PostgreSQL server process serving this session (None on SQLite)."""
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        return None
    driver = (await connection.get_raw_connection()).driver_connection
    return int(driver.get_server_pid())


def server_cpu_ms(pid: int | None) -> float:
    """CPU time the server process has used so far (Linux schedstat, nanoseconds); 0 when
    there is no server process or it runs on another machine."""
    if pid is None:
        return 0.0
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


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
    queries = bench_queries(args.queries, args.seed)
    like_every = max(1, args.queries // max(1, args.like_queries))
    by_kind = {
        kind: await measure(url, name, orgs, queries, like_every, kind)
        for kind in args.kinds.split(",")
    }
    if args.hybrid:
        vector_index.forget()  # built by the first kind's first queries (timed apart)
        for kind in args.kinds.split(","):
            by_kind[f"{kind}_hybrid"] = await measure_hybrid(url, orgs, queries, kind)
    return {
        "vectors_load_s": vectors_s,
        "reused_corpus": reused,
        "segments_in_database": segments,
        "load_s": round(loaded - started, 1),
        "index_build_s": round(indexed - loaded, 1),
        **{f"kind_{kind}": report for kind, report in by_kind.items()},
        "query_s": round(time.perf_counter() - indexed, 1),
    }


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
    parser.add_argument("--like-queries", type=int, default=50)
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
