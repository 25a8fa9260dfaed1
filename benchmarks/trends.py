"""Team trends latency: GET /api/v1/trends' query (trends.service.team_trends over the compact
per-conversation rows, aggregated in SQL) against a naive scan in the same run, on SQLite and on
PostgreSQL. The naive scan is what answering without the compact rows takes: every conversation
of the range read with its stored analytics, score, summary insights and participants, its
figures computed in Python (the same trends.rows.metric_values) and added up there.

    python benchmarks/trends.py [--conversations 2000] [--reps 12] [--weeks 26] [--queries 40]
                                [--engines sqlite,postgresql] [--pg-url postgresql://...] [--keep]

Builds N synthetic conversations in one organization over --weeks weeks (a rep each, a customer,
analytics as store_analytics stores them, a score with five objectives, the compact rows as the
writers keep them), then times --queries requests of each shape with random ranges:
rep/week over 12 weeks, team/week over 12 weeks and rep/month over the whole range. PostgreSQL
needs --pg-url or MEETSIGHT_BENCH_DATABASE_URL (a server where the database `ms_bench_trends`
may be created and dropped). Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from _settle import vacuum_analyze
from sqlalchemy.ext.asyncio import AsyncConnection

from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.config import normalise_database_url
from meetsight.db.engine import create_engine
from meetsight.db.migrate import upgrade_async
from meetsight.db.reads import create_reader
from meetsight.ids import new_id
from meetsight.intelligence.models import ActivityAnalytics, ActivityScore, ActivitySummary
from meetsight.organizations.models import Organization, Person
from meetsight.organizations.names import fold_name
from meetsight.trends.models import ConversationMetrics, ConversationObjectiveScore
from meetsight.trends.rows import (
    SHARED_COLUMNS,
    Sources,
    metric_values,
    objective_values,
    seller_speakers,
)
from meetsight.trends.service import TrendsQuery, team_trends

BENCH_DB = "ms_bench_trends"
OBJECTIVES = ("Discovery", "Pain quantified", "Budget", "Decision process", "Next steps")
END = date(2026, 11, 22)  # a Sunday: the synthetic range ends there
BATCH = 1000
SHAPES = (("rep", "week", 12), ("team", "week", 12), ("rep", "month", None))


def _conversation(
    rng: random.Random, org: str, rep: tuple[str, str], customer: tuple[str, str], start: datetime
) -> dict[str, Any]:
    """The rows of one conversation as the pipeline leaves them."""
    aid = new_id()
    rep_talk, buyer_talk = rng.uniform(200, 1500), rng.uniform(200, 1500)
    duration = rep_talk + buyer_talk + rng.uniform(10, 120)
    participation = [
        {
            "speakerLabel": name,
            "averageSpeakingTime": round(talk, 2),
            "totalSpeakingTime": "",
            "longestMonologue": round(rng.uniform(20, 240), 2),
            "numberOfInterventions": rng.randint(10, 90),
            "averageTimePerIntervention": 10.0,
        }
        for name, talk in ((rep[1], rep_talk), (customer[1], buyer_talk))
    ]
    questions = [
        {"speakerLabel": rep[1], "count": rng.randint(0, 25)},
        {"speakerLabel": customer[1], "count": rng.randint(0, 10)},
    ]
    extra = {
        "talkListenRatio": round(rep_talk / (rep_talk + buyer_talk), 3),
        "totalDuration": round(duration, 2),
        "questionCount": sum(q["count"] for q in questions),
        "speakerSwitches": rng.randint(20, 300),
    }
    objectives = [
        {"objective": o, "score": rng.choice((0, 25, 50, 75, 100)), "explanation": "…"}
        for o in OBJECTIVES
    ]
    score = round(statistics.mean(o["score"] for o in objectives), 1)
    insights = {"sellerSide": {"speakers": [rep[1]], "inferredFrom": "marked"}}
    src = Sources(
        start_at=start,
        is_call=rng.random() < 0.4,
        activity_duration=duration,
        participation=participation,
        questions_by_speaker=questions,
        extra=extra,
        seller_speakers=seller_speakers(insights),
        owner=rep,
        internal_people={rep[1]: rep[0]},
        score=score,
        objectives=objectives,
    )
    key = {"organization_id": org, "activity_id": aid}
    values = metric_values(src)
    shared = {name: values[name] for name in SHARED_COLUMNS}
    return {
        "activity": {
            "organization_id": org,
            "id": aid,
            "is_call": src.is_call,
            "media_type": "phonecall" if src.is_call else "videocall",
            "status": "completed",
            "name": "Synthetic conversation",
            "start_at": start,
            "duration": duration,
            "owner_person_id": rep[0],
            "source": "upload",
        },
        "participants": [
            {**key, "person_id": rep[0], "position": 0, "is_host": True, "is_organizer": True},
            {
                **key,
                "person_id": customer[0],
                "position": 1,
                "is_host": False,
                "is_organizer": False,
            },
        ],
        "analytics": {
            **key,
            "participation": participation,
            "questions_by_speaker": questions,
            "extra": extra,
        },
        "score": {**key, "score": score, "justification": "", "objectives": objectives},
        "summary": {**key, "summary": "", "insights": insights, "engine": "builtin"},
        "metrics": {**key, **values},
        "objectives": [{**key, **o, **shared} for o in objective_values(objectives)],
    }


async def build(url: str, conversations: int, reps: int, weeks: int, seed: int) -> str:
    """A migrated database with one organization of synthetic conversations; its id."""
    await upgrade_async(url)
    rng = random.Random(seed)
    engine = create_engine(url)
    org = new_id()
    now = datetime.now(UTC)
    people = [(new_id(), f"Rep {i:02d} Example") for i in range(reps)]
    customers = [(new_id(), f"Buyer {i:03d} Example") for i in range(max(10, reps * 8))]
    first = datetime.combine(END, datetime.min.time(), tzinfo=UTC) - timedelta(weeks=weeks)
    async with engine.begin() as conn:
        await conn.execute(sa.insert(Organization), [{"id": org, "name": "Bench", "settings": {}}])
        await conn.execute(
            sa.insert(Person),
            [
                {
                    "organization_id": org,
                    "id": pid,
                    "name": name,
                    "name_folded": fold_name(name),
                    "is_internal": internal,
                    "created_at": now,
                    "updated_at": now,
                }
                for group, internal in ((people, True), (customers, False))
                for pid, name in group
            ],
        )
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for n in range(conversations):
        start = first + timedelta(seconds=rng.uniform(0, weeks * 7 * 86400))
        made = _conversation(rng, org, rng.choice(people), rng.choice(customers), start)
        for name, value in made.items():
            if isinstance(value, list):
                rows[name].extend(value)
            else:
                rows[name].append(value)
        if len(rows["activity"]) >= BATCH or n == conversations - 1:
            await _insert(engine, rows, now)
            rows.clear()
    # Statistics and the visibility map as autovacuum would leave them soon after a load:
    # measured right after the bulk insert, the planner picked plans 10x slower.
    await vacuum_analyze(engine)
    await engine.dispose()
    return org


async def _insert(engine: Any, rows: dict[str, list[dict[str, Any]]], now: datetime) -> None:
    stamped = {"created_at": now, "updated_at": now}
    tables = (
        ("activity", Activity, stamped),
        ("participants", ActivityParticipant, {}),
        ("analytics", ActivityAnalytics, stamped),
        ("score", ActivityScore, stamped),
        ("summary", ActivitySummary, stamped),
        ("metrics", ConversationMetrics, {}),
        ("objectives", ConversationObjectiveScore, {}),
    )
    async with engine.begin() as conn:
        for name, model, extra in tables:
            await conn.execute(sa.insert(model), [{**row, **extra} for row in rows[name]])


async def naive_trends(reads: Any, org: str, query: TrendsQuery) -> dict[Any, dict[str, Any]]:
    """Without the compact rows: every conversation of the range with its stored JSON, computed
    and added up in Python. Totals per group (what the comparison checks), per period too."""
    a, an, sc, su = Activity, ActivityAnalytics, ActivityScore, ActivitySummary
    owner = sa.orm.aliased(Person)
    on = {
        m: sa.and_(m.organization_id == a.organization_id, m.activity_id == a.id)
        for m in (an, sc, su)
    }
    start = datetime.combine(query.date_from, datetime.min.time(), tzinfo=UTC)
    end = datetime.combine(query.date_to + timedelta(days=1), datetime.min.time(), tzinfo=UTC)
    statement = (
        sa.select(
            a.id,
            a.start_at,
            a.is_call,
            a.duration,
            a.owner_person_id,
            owner.name,
            an.participation,
            an.questions_by_speaker,
            an.extra,
            sc.score,
            sc.objectives,
            su.insights,
        )
        .join(an, on[an])
        .outerjoin(sc, on[sc])
        .outerjoin(su, on[su])
        .outerjoin(
            owner,
            sa.and_(owner.organization_id == a.organization_id, owner.id == a.owner_person_id),
        )
        .where(a.organization_id == org, a.start_at >= start, a.start_at < end)
    )
    rows = (await reads.execute(statement)).all()
    internal: dict[str, dict[str, str]] = defaultdict(dict)
    people = await reads.execute(
        sa.select(ActivityParticipant.activity_id, Person.name, Person.id)
        .join(
            Person,
            sa.and_(
                Person.organization_id == ActivityParticipant.organization_id,
                Person.id == ActivityParticipant.person_id,
            ),
        )
        .join(
            a,
            sa.and_(
                a.organization_id == ActivityParticipant.organization_id,
                a.id == ActivityParticipant.activity_id,
            ),
        )
        .where(
            ActivityParticipant.organization_id == org,
            Person.is_internal.is_(True),
            a.start_at >= start,
            a.start_at < end,
        )
    )
    for activity_id, name, pid in people:
        internal[activity_id][name] = pid
    groups: dict[Any, dict[str, Any]] = defaultdict(lambda: defaultdict(float))
    side = "rep" if query.by == "rep" else "seller"
    for r in rows:
        if query.is_call is not None and r.is_call != query.is_call:
            continue
        values = metric_values(
            Sources(
                start_at=r.start_at,
                is_call=r.is_call,
                activity_duration=r.duration,
                participation=r.participation,
                questions_by_speaker=r.questions_by_speaker,
                extra=r.extra,
                seller_speakers=seller_speakers(r.insights),
                owner=(r.owner_person_id, r.name) if r.name is not None else None,
                internal_people=internal[r.id],
                score=r.score,
                objectives=r.objectives or [],
            )
        )
        key = values["rep_person_id"] if query.by == "rep" else "team"
        if key is None:
            continue
        g = groups[key]
        g["conversations"] += 1
        if values[f"{side}_talk_ratio"] is not None:
            g["talk_sum"] += values[f"{side}_talk_ratio"]
            g["talk_n"] += 1
        if values["score"] is not None:
            g["score_sum"] += values["score"]
            g["score_n"] += 1
        for o in objective_values(r.objectives or []):
            g[f"objective {o['objective']}"] += o["score"] or 0.0
    return groups


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(ms: list[float]) -> dict[str, float]:
    return {
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "max_ms": round(max(ms), 2),
    }


def _ranges(rng: random.Random, weeks: int, span: int | None, n: int) -> list[tuple[date, date]]:
    first = END - timedelta(weeks=weeks) + timedelta(days=1)
    found = []
    for _ in range(n):
        if span is None:
            found.append((first, END))
            continue
        last = END - timedelta(weeks=rng.randint(0, max(0, weeks - span)))
        found.append((last - timedelta(weeks=span) + timedelta(days=1), last))
    return found


def _check(fast: list[dict[str, Any]], naive: dict[Any, dict[str, Any]], by: str) -> None:
    """The two answers agree on what both compute: conversations, talk ratio, score."""
    assert len(fast) == len(naive), (len(fast), len(naive))
    for item in fast:
        key = item["rep"]["personId"] if by == "rep" else "team"
        g, totals = naive[key], item["totals"]
        assert totals["conversations"] == g["conversations"], (key, totals, g)
        assert totals["talkRatio"] == round(g["talk_sum"] / g["talk_n"], 3), (key, totals, g)
        assert totals["score"] == round(g["score_sum"] / g["score_n"], 1), (key, totals, g)


def server_cpu_ms(pid: int | None) -> float:
    """CPU time a PostgreSQL server process on this machine has used so far (Linux schedstat);
    0 without one (SQLite runs in this process)."""
    if pid is None:
        return 0.0
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e6
    except (OSError, ValueError, IndexError):
        return 0.0


async def _backend_pid(reads: Any) -> int | None:
    if not isinstance(reads, AsyncConnection):
        return None
    return int((await reads.get_raw_connection()).driver_connection.get_server_pid())


async def _timed(fn: Any, pid: int | None) -> tuple[Any, float, float]:
    """(answer, wall ms, CPU ms of this process and the server process that ran it): on a
    shared machine the load stretches wall time far more than the CPU time each side spends."""
    started, cpu, server = time.perf_counter(), time.process_time(), server_cpu_ms(pid)
    answer = await fn()
    wall = (time.perf_counter() - started) * 1000
    used = (time.process_time() - cpu) * 1000 + server_cpu_ms(pid) - server
    return answer, wall, used


async def measure(url: str, org: str, args: argparse.Namespace) -> dict[str, Any]:
    engine = create_engine(url)
    reader = create_reader(engine)
    rng = random.Random(args.seed + 1)
    report: dict[str, Any] = {}
    team = {"id": org, "name": "Bench"}
    for by, group_by, span in SHAPES:
        times: dict[str, list[float]] = defaultdict(list)
        ranges = _ranges(rng, args.weeks, span, args.queries + 3)
        for i, (first, last) in enumerate(ranges):
            query = TrendsQuery(first, last, group_by, by, None)  # type: ignore[arg-type]
            async with reader.connect() as reads:
                pid = await _backend_pid(reads)
                page, fast, fast_cpu = await _timed(
                    lambda r=reads, q=query: team_trends(r, org, q, team=team, limit=100), pid
                )
                naive, slow, slow_cpu = await _timed(
                    lambda r=reads, q=query: naive_trends(r, org, q), pid
                )
            if i < 3:  # warm-up; and the answers checked against each other
                _check(page.groups, naive, by)
                continue
            for name, value in (
                ("trends", fast),
                ("naive", slow),
                ("trends_cpu", fast_cpu),
                ("naive_cpu", slow_cpu),
            ):
                times[name].append(value)
        name = f"{by}/{group_by}/" + (f"{span} weeks" if span else f"{args.weeks} weeks")
        report[name] = {
            "trends": summary(times["trends"]),
            "naive_scan": summary(times["naive"]),
            "speedup_p95": round(
                percentile(times["naive"], 0.95) / percentile(times["trends"], 0.95), 1
            ),
            "trends_cpu_client_and_server": summary(times["trends_cpu"]),
            "naive_scan_cpu_client_and_server": summary(times["naive_cpu"]),
        }
    await reader.close()
    await engine.dispose()
    return report


async def _postgres_url(base: str, keep: bool) -> str:
    import asyncpg

    plain = base.replace("+asyncpg", "")
    admin = await asyncpg.connect(plain)
    if not keep:
        await admin.execute(f"DROP DATABASE IF EXISTS {BENCH_DB}")
    exists = await admin.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", BENCH_DB)
    if not exists:
        await admin.execute(f"CREATE DATABASE {BENCH_DB}")
    await admin.close()
    return normalise_database_url(plain.rsplit("/", 1)[0] + f"/{BENCH_DB}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--reps", type=int, default=12)
    parser.add_argument("--weeks", type=int, default=26)
    parser.add_argument("--queries", type=int, default=40)
    parser.add_argument("--engines", default="sqlite,postgresql")
    parser.add_argument("--pg-url", default=os.environ.get("MEETSIGHT_BENCH_DATABASE_URL"))
    parser.add_argument("--keep", action="store_true", help="keep the PostgreSQL database")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    report: dict[str, Any] = {
        "conversations": args.conversations,
        "reps": args.reps,
        "weeks": args.weeks,
        "queries_per_shape": args.queries,
    }
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.engines.split(","):
            if name == "postgresql":
                if not args.pg_url:
                    print("postgresql skipped: no --pg-url", file=sys.stderr)
                    continue
                url = await _postgres_url(args.pg_url, args.keep)
            else:
                url = f"sqlite+aiosqlite:///{Path(tmp) / 'trends.db'}"
            started = time.perf_counter()
            org = await build(url, args.conversations, args.reps, args.weeks, args.seed)
            load_s = round(time.perf_counter() - started, 1)
            report[name] = {"load_s": load_s, **await measure(url, org, args)}
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
