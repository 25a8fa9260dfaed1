"""Tracker mentions at scale: a quarter's mentions (a page) and counts (per week and per rep) as
GET /trackers/{id}/mentions and /counts read them (trackers/service.py), against a naive scan of
the transcripts for the tracker's words in the same run, on SQLite and on PostgreSQL.

    python benchmarks/trackers.py [--activities 20000] [--per-activity 50] [--runs 100]
                                  [--engines sqlite,postgresql] [--pg-url postgresql://...]

Loads N conversations of M segments each (one organization, 20 reps, spread over 2026) with the
search benchmark's synthetic sentences and bulk inserts, creates two trackers and indexes them
with the real indexing code (words only: the reads do not depend on how a mention was found,
and embedding a million sentences is the processing stage's cost, paid once per conversation),
then times the reads over random quarters. Prints a JSON report; docs/benchmarks.md records it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).parent))
from _engines import on_engines

from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.ids import new_id
from meetsight.trackers.indexing import index_tracker_now
from meetsight.trackers.models import Tracker
from meetsight.trackers.service import mention_counts, mentions_page
from search import SEGMENT_COLUMNS, percentile, segment_rows

REPS = 20
TRACKERS = {"Security": ["security", "compliance"], "Competitor": ["competitor"]}
BENCH_DB = "ms_bench_trackers"


def plan_activities(count: int) -> tuple[str, list[str], list[tuple[Any, ...]]]:
    """(org_id, rep ids, [(org_id, activity_id, is_call, name, start, language, owner)])."""
    org, reps = new_id(), [new_id() for _ in range(REPS)]
    start, step = datetime(2026, 1, 1, 8, tzinfo=UTC), timedelta(days=365) / count
    plan = [
        (org, new_id(), i % 4 == 0, f"Conversation {i}", start + step * i, "en", reps[i % REPS])
        for i in range(count)
    ]
    return org, reps, plan


def _naive(moment: datetime) -> str:
    return moment.replace(tzinfo=None).isoformat(" ")


def load_sqlite(path: Path, org: str, reps: list[str], plan: list[Any], segments: int) -> None:
    now = datetime.now(UTC).replace(tzinfo=None).isoformat(" ")
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous=OFF")
    db.execute(
        "INSERT INTO organizations (id, name, settings, created_at, updated_at)"
        " VALUES (?, 'bench', '{}', ?, ?)",
        (org, now, now),
    )
    db.executemany(
        "INSERT INTO people (organization_id, id, name, is_internal, created_at, updated_at)"
        " VALUES (?, ?, ?, 1, ?, ?)",
        [(org, r, f"Rep {i}", now, now) for i, r in enumerate(reps)],
    )
    db.executemany(
        "INSERT INTO activities (organization_id, id, is_call, media_type, status, name,"
        " start_at, language, source, owner_person_id, created_at, updated_at)"
        " VALUES (?, ?, ?, ?, 'completed', ?, ?, ?, 'import', ?, ?, ?)",
        [
            (o, a, c, "phonecall" if c else "videocall", n, _naive(s), lang, owner, now, now)
            for o, a, c, n, s, lang, owner in plan
        ],
    )
    marks = ", ".join("?" * len(SEGMENT_COLUMNS))
    insert = f"INSERT INTO transcript_segments ({', '.join(SEGMENT_COLUMNS)}) VALUES ({marks})"
    rows = segment_rows([p[:6] for p in plan], segments, seed=7)
    while batch := [row for _, row in zip(range(50_000), rows, strict=False)]:
        db.executemany(insert, batch)
    db.commit()
    db.close()


async def load_postgres(
    url: str, org: str, reps: list[str], plan: list[Any], segments: int
) -> None:
    import asyncpg

    conn = await asyncpg.connect(url.replace("+asyncpg", ""))
    now = datetime.now(UTC)
    await conn.execute(
        "INSERT INTO organizations (id, name, settings, created_at, updated_at)"
        " VALUES ($1, 'bench', '{}', $2, $2)",
        org,
        now,
    )
    await conn.copy_records_to_table(
        "people",
        records=[(org, r, f"Rep {i}", True, now, now) for i, r in enumerate(reps)],
        columns=["organization_id", "id", "name", "is_internal", "created_at", "updated_at"],
    )
    await conn.copy_records_to_table(
        "activities",
        records=[
            (o, a, c, "phonecall" if c else "videocall", "completed", n, s, lang, "import", *tail)
            for o, a, c, n, s, lang, *tail in ((*p, now, now) for p in plan)
        ],
        columns=[
            *("organization_id", "id", "is_call", "media_type", "status", "name", "start_at"),
            *("language", "source", "owner_person_id", "created_at", "updated_at"),
        ],
    )
    rows = segment_rows([p[:6] for p in plan], segments, seed=7)
    while batch := [row for _, row in zip(range(100_000), rows, strict=False)]:
        await conn.copy_records_to_table(
            "transcript_segments", records=batch, columns=list(SEGMENT_COLUMNS)
        )
    await conn.execute("ANALYZE")
    await conn.close()


def summary(ms: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(percentile(ms, 0.5), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "max_ms": round(max(ms), 2),
    }


def quarters(rng: random.Random, runs: int) -> list[tuple[date, date]]:
    """Random 13-week ranges inside 2026."""
    first = date(2026, 1, 1)
    out = []
    for _ in range(runs):
        start = first + timedelta(days=rng.randrange(0, 365 - 91))
        out.append((start, start + timedelta(days=90)))
    return out


async def naive_counts(session: Any, org: str, words: list[str], span: tuple[date, date]) -> int:
    """What a tracker without precomputed mentions must do: scan the quarter's transcripts for
    its words (LIKE, case-insensitive) and count per week and rep in the application."""
    start = datetime.combine(span[0], datetime.min.time(), UTC)
    end = datetime.combine(span[1] + timedelta(days=1), datetime.min.time(), UTC)
    like = sa.or_(*(sa.func.lower(sa.column("content")).like(f"%{w}%") for w in words))
    rows = await session.execute(
        sa.select(sa.column("start_at"), sa.column("owner_person_id"))
        .select_from(
            sa.table(
                "transcript_segments", sa.column("organization_id"), sa.column("activity_id")
            ).join(
                sa.table("activities", sa.column("organization_id"), sa.column("id")),
                sa.text(
                    "activities.organization_id = transcript_segments.organization_id"
                    " AND activities.id = transcript_segments.activity_id"
                ),
            )
        )
        .where(
            sa.text("transcript_segments.organization_id = :org"),
            sa.text("activities.start_at >= :start AND activities.start_at < :end"),
            like,
        )
        .params(org=org, start=start, end=end)
    )
    weeks: dict[Any, int] = {}
    for start_at, owner in rows.all():
        key = (str(start_at)[:10], owner)
        weeks[key] = weeks.get(key, 0) + 1
    return sum(weeks.values())


async def run_engine(name: str, url: str, args: argparse.Namespace) -> dict[str, Any]:
    await upgrade_async(url)
    org, reps, plan = plan_activities(args.activities)
    started = time.perf_counter()
    if name == "sqlite":
        load_sqlite(Path(url.split("///", 1)[1]), org, reps, plan, args.per_activity * len(plan))
    else:
        await load_postgres(url, org, reps, plan, args.per_activity * len(plan))
    loaded = time.perf_counter() - started
    engine = create_engine(url)
    maker = create_sessionmaker(engine)
    report: dict[str, Any] = {"load_s": round(loaded, 1), "trackers": {}}
    try:
        for tracker_name, keywords in TRACKERS.items():
            async with maker() as session:
                tracker = Tracker(organization_id=org, name=tracker_name, keywords=keywords)
                session.add(tracker)
                await session.flush()
                started = time.perf_counter()
                found = await index_tracker_now(session, org, tracker)
                await session.commit()
                indexed = time.perf_counter() - started
                if name == "postgresql":  # what autovacuum does after a bulk write
                    await session.execute(sa.text("ANALYZE tracker_mentions"))
                    await session.commit()
                tracker_id = tracker.id
            report["trackers"][tracker_name] = await measure(
                maker, org, tracker_id, keywords, args
            ) | {"mentions": found, "index_s": round(indexed, 1)}
            print(
                json.dumps({name: {tracker_name: report["trackers"][tracker_name]}}),
                file=sys.stderr,
            )
    finally:
        await engine.dispose()
    return report


async def measure(
    maker: Any, org: str, tracker_id: str, keywords: list[str], args: argparse.Namespace
) -> dict[str, Any]:
    rng = random.Random(args.seed)
    kinds = (False, True)
    page_ms, counts_ms, naive_ms = [], [], []
    per_quarter = []
    for span in quarters(rng, args.runs):
        async with maker() as session:
            t = time.perf_counter()
            _, total = await mentions_page(
                session,
                org,
                tracker_id,
                kinds=kinds,
                from_day=span[0],
                to_day=span[1],
                limit=50,
                offset=0,
            )
            page_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            await mention_counts(
                session, org, tracker_id, kinds=kinds, from_day=span[0], to_day=span[1]
            )
            counts_ms.append((time.perf_counter() - t) * 1000)
            per_quarter.append(total)
    for span in quarters(rng, args.naive_runs):
        async with maker() as session:
            t = time.perf_counter()
            await naive_counts(session, org, keywords, span)
            naive_ms.append((time.perf_counter() - t) * 1000)
    return {
        "mentions_per_quarter": round(sum(per_quarter) / len(per_quarter)),
        "mentions_page": summary(page_ms),
        "counts": summary(counts_ms),
        "naive_scan_counts": summary(naive_ms),
    }


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--activities", type=int, default=20_000)
    parser.add_argument("--per-activity", type=int, default=50)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--naive-runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--engines", default="sqlite,postgresql")
    parser.add_argument("--pg-url", default=os.environ.get("MEETSIGHT_BENCH_DATABASE_URL"))
    args = parser.parse_args()
    report: dict[str, Any] = {
        "activities": args.activities,
        "segments": args.activities * args.per_activity,
        "runs": args.runs,
    }
    report |= await on_engines(
        args.engines, args.pg_url, BENCH_DB, lambda name, url: run_engine(name, url, args)
    )
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
