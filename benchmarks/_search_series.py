"""The search benchmark's timed series: warm (search in process, the same search over HTTP, the
LIKE scan, interleaved query by query, in rounds) and cold (caches emptied before each query).

Warm: every round runs every query of the mix; for each query the targets run back to back in
an order that rotates with the query and the round (search, HTTP, scan; on PostgreSQL also the
scan without parallel workers), so that background load meets them alike. The scan runs on
`like_queries` of them, the same each round: the first of each kind of query in equal numbers
(the mix takes the kinds in turn, so every n-th query could be of one kind only). Per round
each target's p50, p95 and p99 and the ratios; the report gives their median and range over
the rounds, and the pooled figures the earlier method reported.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from _cold_cache import drop_from_page_cache, pg_evict, pg_prepare, resident_bytes, sqlite_files
from _http_search import HttpSearch
from _search_corpus import BenchQuery
from _server_cpu import Meter, parent_of, tcp_ports

from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.reads import create_reader
from meetsight.search.reading import search_on_reader
from meetsight.search.types import SearchQuery

LIKE_SQL = {
    "sqlite": "SELECT activity_id, count(*) AS n FROM transcript_segments"
    " WHERE organization_id = :org AND content LIKE :pattern"
    " GROUP BY activity_id ORDER BY n DESC LIMIT 20",
    "postgresql": "SELECT activity_id, count(*) AS n FROM transcript_segments"
    " WHERE organization_id = :org AND content ILIKE :pattern"
    " GROUP BY activity_id ORDER BY n DESC LIMIT 20",
}
KINDS = ("rare", "common", "phrase", "prefix")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {}
    return {
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


def spread(values: list[float]) -> dict[str, float]:
    """Median and range over the rounds."""
    if not values:
        return {}
    return {
        "median": round(statistics.median(values), 2),
        "min": round(min(values), 2),
        "max": round(max(values), 2),
    }


def ratio(a: list[float], b: list[float]) -> float | None:
    return round(statistics.median(a) / statistics.median(b), 1) if a and b else None


class Series:
    """One target's figures in one round."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []  # only windows in which no other server child ended
        self.unclean = 0


async def pg_backends(engine: Any, pid: int) -> list[int]:
    """The PostgreSQL backends serving process `pid`'s connections (matched by client port)."""
    ports = sorted(tcp_ports(pid))
    async with engine.connect() as conn:
        rows = await conn.execute(
            sa.text(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                " AND client_port = ANY(:ports)"
            ),
            {"ports": ports},
        )
        return [int(p) for (p,) in rows]


async def session_backend(session: Any) -> int | None:
    connection = await session.connection()
    if connection.dialect.name != "postgresql":
        return None
    driver = (await connection.get_raw_connection()).driver_connection
    return int(driver.get_server_pid())


async def timed(meter: Meter, work: Any, series: Series) -> Any:
    start = meter.read()
    started = time.perf_counter()
    result = await work
    series.wall.append((time.perf_counter() - started) * 1000)
    cpu, clean = meter.since(start)
    if clean:
        series.cpu.append(cpu)
    else:
        series.unclean += 1
    return result


async def like_scan(
    sessions: Any, engine_name: str, org: str, pattern: str, series: Series, *, serial: bool
) -> None:
    """The scan on a pooled session; `serial`: without parallel workers (PostgreSQL)."""
    async with sessions() as session:
        backend = await session_backend(session)
        if serial:
            await session.execute(sa.text("SET LOCAL max_parallel_workers_per_gather = 0"))
        postmaster = parent_of(backend) if backend else None
        meter = Meter([backend] if backend else [], postmaster)
        statement = sa.text(LIKE_SQL[engine_name])
        await timed(meter, session.execute(statement, {"org": org, "pattern": pattern}), series)


async def measure_warm(
    url: str,
    engine_name: str,
    orgs: list[str],
    queries: list[BenchQuery],
    like_queries: int,
    kind: str,
    rounds: int,
    http: HttpSearch | None,
    seed: int,
) -> dict[str, Any]:
    engine = create_engine(url)
    sessions = create_sessionmaker(engine)
    reader = create_reader(engine)
    pg = engine_name == "postgresql"
    targets = ["search", *(["http"] if http else []), "like", *(["like_serial"] if pg else [])]
    params = {"mode": "lexical", "type": kind, "limit": 20}
    matched: dict[str, list[int]] = {k: [] for k in KINDS}
    each = -(-like_queries // len(KINDS))
    scanned_set = {
        i for k in KINDS for i in [j for j, q in enumerate(queries) if q.kind == k][:each]
    }
    per_round: list[dict[str, Series]] = []
    by_kind: list[dict[str, list[float]]] = []
    same: list[Series] = []  # search on the queries the scan ran too
    load_before = os.getloadavg()
    # Warm-up: five queries through every target, outside the figures.
    warm = {t: Series() for t in targets}
    for number in range(rounds + 1):
        rng = random.Random(seed + number)
        order = list(range(len(queries)))
        rng.shuffle(order)
        if number == 0:
            order = order[:5]
        series = {t: Series() for t in targets} if number else warm
        kinds: dict[str, list[float]] = {k: [] for k in KINDS}
        alongside = Series()
        # The processes whose CPU a search costs: this one and, on PostgreSQL, its backends;
        # for HTTP the server and its backends. Read again each round (pools may grow).
        pid = os.getpid()
        postmaster = None
        mine: list[int] = []
        served: list[int] = []
        if pg:
            mine = await pg_backends(engine, pid)
            postmaster = parent_of(mine[0]) if mine else None
            if http:
                served = await pg_backends(engine, http.pid)
        search_meter = Meter(mine, postmaster)
        http_meter = Meter([http.pid, *served] if http else [], postmaster, include_self=False)
        for turn, index in enumerate(order):
            query = queries[index]
            org = orgs[index % len(orgs)]
            scanned = index in scanned_set
            run = [t for t in targets if scanned or not t.startswith("like")]
            shift = (turn + number) % len(run)
            for target in run[shift:] + run[:shift]:
                if target == "search":
                    page = await timed(
                        search_meter,
                        search_on_reader(
                            reader,
                            org,
                            SearchQuery(text=query.text, limit=20, kind=kind),  # type: ignore[arg-type]
                        ),
                        series["search"],
                    )
                    kinds[query.kind].append(series["search"].wall[-1])
                    if scanned:
                        alongside.wall.append(series["search"].wall[-1])
                        if series["search"].cpu:
                            alongside.cpu.append(series["search"].cpu[-1])
                    if number:
                        matched[query.kind].append(page.total)
                elif target == "http":
                    assert http is not None
                    await http.ready()
                    await timed(
                        http_meter, http.get(org, {"q": query.text, **params}), series["http"]
                    )
                else:
                    await like_scan(
                        sessions,
                        engine_name,
                        org,
                        query.like,
                        series[target],
                        serial=target == "like_serial",
                    )
        if number:
            per_round.append(series)
            by_kind.append(kinds)
            same.append(alongside)
    await reader.close()
    await engine.dispose()
    # Every kind of query matches in this corpus: a kind that found nothing means an index
    # that is empty or out of step, and its timings would be of searches that read nothing.
    if empty := [k for k, totals in matched.items() if not any(totals)]:
        raise SystemExit(f"{engine_name}: no {', '.join(empty)} query matched; try --reindex")
    return report(per_round, by_kind, same, matched, targets, http, load_before, kind)


def pooled(per_round: list[dict[str, Series]], target: str, cpu: bool = False) -> list[float]:
    return [v for r in per_round for v in (r[target].cpu if cpu else r[target].wall)]


def report(
    per_round: list[dict[str, Series]],
    by_kind: list[dict[str, list[float]]],
    same: list[Series],
    matched: dict[str, list[int]],
    targets: list[str],
    http: HttpSearch | None,
    load_before: tuple[float, float, float],
    kind: str,
) -> dict[str, Any]:
    rounds: dict[str, Any] = {}
    for target in targets:
        for clock in ("wall", "cpu"):
            figures = [getattr(r[target], clock) for r in per_round]
            rounds[f"{target}_{clock}"] = {
                p: spread([percentile(f, share) for f in figures if f])
                for p, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99))
            }
    for name in ("like", "like_serial"):
        if name not in targets:
            continue
        rounds[f"{name}_over_search_p50"] = spread(
            [v for r, s in zip(per_round, same, strict=True) if (v := ratio(r[name].wall, s.wall))]
        )
        rounds[f"{name}_over_search_p50_cpu"] = spread(
            [v for r, s in zip(per_round, same, strict=True) if (v := ratio(r[name].cpu, s.cpu))]
        )
    if http:
        rounds["http_over_search_p50"] = spread(
            [v for r in per_round if (v := ratio(r["http"].wall, r["search"].wall))]
        )
    like_same = [v for s in same for v in s.wall]
    like_same_cpu = [v for s in same for v in s.cpu]
    out: dict[str, Any] = {
        "kind": kind,
        "rounds": len(per_round),
        # Pooled over the rounds: the figures of the earlier method (benchmarks/interleaved.py
        # reads them).
        "search": summary(pooled(per_round, "search")),
        "search_by_kind": {k: summary([v for r in by_kind for v in r[k]]) for k in KINDS},
        "search_cpu_client_and_server": summary(pooled(per_round, "search", cpu=True)),
        "matching_activities_mean": {
            k: round(statistics.mean(v), 1) for k, v in matched.items() if v
        },
        "like_scan": {
            **summary(pooled(per_round, "like")),
            "queries_per_round": len(per_round[0]["like"].wall),
        },
        "search_on_the_same_queries": summary(like_same),
        "speedup_p50": ratio(pooled(per_round, "like"), like_same),
        "like_scan_cpu_client_and_server": summary(pooled(per_round, "like", cpu=True)),
        "search_cpu_on_the_same_queries": summary(like_same_cpu),
        "speedup_p50_cpu": ratio(pooled(per_round, "like", cpu=True), like_same_cpu),
        "per_round_median_and_range": rounds,
        "cpu_windows_left_out": {t: sum(r[t].unclean for r in per_round) for t in targets},
        "load_average_before_after": [
            [round(x, 2) for x in load_before],
            [round(x, 2) for x in os.getloadavg()],
        ],
    }
    if "like_serial" in targets:
        out["like_scan_serial"] = summary(pooled(per_round, "like_serial"))
        out["like_scan_serial_cpu"] = summary(pooled(per_round, "like_serial", cpu=True))
        out["speedup_p50_cpu_serial"] = ratio(
            pooled(per_round, "like_serial", cpu=True), like_same_cpu
        )
    if http:
        out["http_search"] = summary(pooled(per_round, "http"))
        out["http_server_cpu"] = summary(pooled(per_round, "http", cpu=True))
        out["http_errors"] = http.errors
    return out


async def measure_cold(
    url: str, engine_name: str, orgs: list[str], queries: list[BenchQuery], kind: str
) -> dict[str, Any]:
    """Each query first on emptied caches (see _cold_cache), then again at once (warm), on a
    fresh engine whose connection is opened (SELECT 1) before the caches are emptied: the
    figure is the search's reads from disk and, on PostgreSQL, a backend whose catalog caches
    and plans are empty for the search's tables; the connection's setup is left out. The scan
    the same way on a fresh session."""
    import asyncpg

    pg = engine_name == "postgresql"
    admin = await asyncpg.connect(url.replace("+asyncpg", "")) if pg else None
    if admin is not None:
        await pg_prepare(admin)
    path = None if pg else Path(url.split("///", 1)[1])
    cold: dict[str, dict[str, list[float]]] = {
        t: {"cold": [], "warm": []} for t in ("search", "like")
    }
    left: list[Any] = []

    async def evict() -> None:
        if admin is not None:
            left.append(await pg_evict(admin))
        else:
            assert path is not None
            files = sqlite_files(path)
            drop_from_page_cache(files)
            left.append({"page_cache_left_bytes": resident_bytes(files)})

    for index, query in enumerate(queries):
        org = orgs[index % len(orgs)]
        engine = create_engine(url)
        reader = create_reader(engine)
        await reader.run_sync(lambda c: c.exec_driver_sql("SELECT 1").all())
        await evict()
        search = SearchQuery(text=query.text, limit=20, kind=kind)  # type: ignore[arg-type]
        for state in ("cold", "warm"):
            started = time.perf_counter()
            await search_on_reader(reader, org, search)
            cold["search"][state].append((time.perf_counter() - started) * 1000)
        await reader.close()
        await engine.dispose()
        engine = create_engine(url)
        async with create_sessionmaker(engine)() as session:
            await session.execute(sa.text("SELECT 1"))
            await evict()
            for state in ("cold", "warm"):
                started = time.perf_counter()
                await session.execute(
                    sa.text(LIKE_SQL[engine_name]), {"org": org, "pattern": query.like}
                )
                cold["like"][state].append((time.perf_counter() - started) * 1000)
        await engine.dispose()
    if admin is not None:
        await admin.close()
    return {
        "queries": [q.text for q in queries],
        **{f"{t}_{state}": summary(v) for t, s in cold.items() for state, v in s.items()},
        "cold_speedup_p50": ratio(cold["like"]["cold"], cold["search"]["cold"]),
        "left_after_eviction": left,
        "file_bytes": sum(p.stat().st_size for p in sqlite_files(path) if p.exists())
        if path
        else None,
    }
