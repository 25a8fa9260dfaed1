"""Account timeline latency: GET /accounts/{id}/timeline's read (accounts.repository.
account_timeline: a page of 50 with its total) and the whole timeline (what the amounts,
stakeholders and risks reads start from), against a naive scan in the same run, on SQLite and on
PostgreSQL. The naive scan is what answering without the account links takes: the account's
conversations found from their participants (an email domain of the account's, or a company
that folds to its name, as matching decides at ingest), distinct, newest first, counted and paged
in Python.

    python benchmarks/accounts.py [--activities 20000] [--per-activity 50] [--accounts 400]
                                  [--runs 100] [--naive-runs 20]
                                  [--engines sqlite,postgresql] [--pg-url postgresql://...]

Loads the trackers benchmark's corpus (N conversations of M segments, one organization, 20 reps,
spread over 2026; `--activities 20000 --per-activity 50` is 1M segments), then K accounts whose
sizes fall off as rank^-0.9 (at 20,000 conversations and 400 accounts: the largest about 2,300
conversations, the median about 20), each with a domain and 4 people there; every conversation
has its rep and one or two of its account's people, and the link matching would have made.
Requests pick an account with a chance in proportion to its conversations (the busy accounts
are the ones asked about); the largest account is also timed alone. The report includes the
query plans of the timeline's two statements for the largest account and one of median size
(EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL).
Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path
from typing import Any

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).parent))
from _engines import on_engines
from _settle import vacuum_analyze

from meetsight.accounts.folding import account_key
from meetsight.accounts.models import Account, AccountActivity, AccountDomain
from meetsight.accounts.repository import account_timeline
from meetsight.activities.models import Activity, ActivityParticipant
from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.db.migrate import upgrade_async
from meetsight.ids import new_id
from meetsight.organizations.models import Person
from meetsight.organizations.names import fold_name
from search import summary
from trackers import load_postgres, load_sqlite, plan_activities

BENCH_DB = "ms_bench_accounts"
PEOPLE_PER_ACCOUNT = 4
PAGE = 50
KINDS = (False, True)
BATCH = 5_000


def plan_accounts(
    rng: random.Random, org: str, count: int, plan: list[Any]
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, int]]:
    """The rows of `count` accounts (sizes ~ rank^-0.9) with their people, and every
    conversation's participants and account link; and each account's conversation count."""
    now = datetime.now(UTC)
    stamped = {"organization_id": org, "created_at": now, "updated_at": now}
    rows: dict[str, list[dict[str, Any]]] = {
        "accounts": [],
        "domains": [],
        "people": [],
        "participants": [],
        "links": [],
    }
    accounts = []
    for rank in range(count):
        name = f"Account {rank:04d} Holdings"
        domain = f"account{rank:04d}.example"
        account_id = new_id()
        rows["accounts"].append(
            {**stamped, "id": account_id, "name": name, "folded_name": account_key(name)}
        )
        rows["domains"].append({"organization_id": org, "domain": domain, "account_id": account_id})
        people = []
        for n in range(PEOPLE_PER_ACCOUNT):
            person_id, person = new_id(), f"Buyer {n} of {rank}"
            rows["people"].append(
                {
                    **stamped,
                    "id": person_id,
                    "name": person,
                    "name_folded": fold_name(person),
                    "email": f"buyer{n}@{domain}",
                    "email_domain": domain,
                    "is_internal": False,
                    "company": name,
                    "company_folded": fold_name(name),
                }
            )
            people.append(person_id)
        accounts.append((account_id, people))
    cumulative = list(accumulate(1 / (rank + 1) ** 0.9 for rank in range(count)))
    sizes = dict.fromkeys((a for a, _ in accounts), 0)
    for _, activity_id, *_, owner in plan:
        account_id, people = rng.choices(accounts, cum_weights=cumulative)[0]
        sizes[account_id] += 1
        key = {"organization_id": org, "activity_id": activity_id}
        rows["participants"].append({**key, "person_id": owner, "position": 0, "is_host": True})
        for position, person_id in enumerate(rng.sample(people, rng.randint(1, 2)), 1):
            rows["participants"].append(
                {**key, "person_id": person_id, "position": position, "is_host": False}
            )
        rows["links"].append({**key, "account_id": account_id, "matched_by": "domain"})
    return rows, sizes


async def load_accounts(url: str, rows: dict[str, list[dict[str, Any]]]) -> None:
    engine = create_engine(url)
    tables = (
        ("accounts", Account),
        ("domains", AccountDomain),
        ("people", Person),
        ("participants", ActivityParticipant),
        ("links", AccountActivity),
    )
    async with engine.begin() as conn:
        for name, model in tables:
            for first in range(0, len(rows[name]), BATCH):
                await conn.execute(sa.insert(model), rows[name][first : first + BATCH])
    await vacuum_analyze(engine)
    await engine.dispose()


async def naive_timeline(session: Any, org: str, domains: list[str], folded: str) -> list[Any]:
    """Without the account links: the conversations one of the account's people took part in
    (by email domain or company), distinct, newest first; the page and total from the list."""
    a, p, ap = Activity, Person, ActivityParticipant
    rows = await session.execute(
        sa.select(a.id, a.is_call, a.name, a.status, a.start_at, a.duration, a.ai_score)
        .join(ap, sa.and_(ap.organization_id == a.organization_id, ap.activity_id == a.id))
        .join(p, sa.and_(p.organization_id == ap.organization_id, p.id == ap.person_id))
        .where(
            a.organization_id == org,
            p.is_internal.is_(False),
            sa.or_(p.email_domain.in_(domains), p.company_folded == folded),
        )
    )
    unique = {row.id: row for row in rows}
    return sorted(unique.values(), key=lambda r: (r.start_at, r.id), reverse=True)


async def explain(session: Any, org: str, account_id: str) -> list[dict[str, Any]]:
    """The plans of account_timeline's statements (the page and the count), as the engine
    runs them with these parameters."""
    seen: list[tuple[str, Any]] = []

    def keep(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        seen.append((statement, parameters))

    sync_engine = session.bind.sync_engine
    sa.event.listen(sync_engine, "before_cursor_execute", keep)
    try:
        await account_timeline(session, org, account_id, KINDS, limit=PAGE)
    finally:
        sa.event.remove(sync_engine, "before_cursor_execute", keep)
    prefix = "EXPLAIN QUERY PLAN " if session.bind.dialect.name == "sqlite" else "EXPLAIN ANALYZE "
    conn = await session.connection()
    plans = []
    for statement, parameters in seen:
        found = await conn.exec_driver_sql(prefix + statement, tuple(parameters))
        # SQLite: (id, parent, notused, detail); PostgreSQL: one line of text a row
        plans.append({"statement": statement, "plan": [row[-1] for row in found]})
    return plans


async def measure(maker: Any, org: str, sizes: dict[str, int], args: Any) -> dict[str, Any]:
    rng = random.Random(args.seed + 1)
    ids = list(sizes)
    largest = max(ids, key=lambda a: sizes[a])
    async with maker() as session:
        meta = {
            a.id: (a.folded_name, [])
            for a in await session.scalars(sa.select(Account).where(Account.organization_id == org))
        }
        for domain in await session.scalars(
            sa.select(AccountDomain).where(AccountDomain.organization_id == org)
        ):
            meta[domain.account_id][1].append(domain.domain)
        # warm-up, and the two answers checked equal on the largest account
        rows, total = await account_timeline(session, org, largest, KINDS, limit=PAGE)
        naive = await naive_timeline(session, org, meta[largest][1], meta[largest][0])
        assert total == len(naive) == sizes[largest], (total, len(naive), sizes[largest])
        assert [r.id for r in rows] == [r.id for r in naive[:PAGE]]
        median = sorted(ids, key=lambda a: sizes[a])[len(ids) // 2]
        plans = {
            "largest": await explain(session, org, largest),
            "median": await explain(session, org, median),
        }

    async def timed(fn: Any, account_id: str) -> float:
        async with maker() as session:
            started = time.perf_counter()
            await fn(session, account_id)
            return (time.perf_counter() - started) * 1000

    async def page(session: Any, account_id: str) -> Any:
        return await account_timeline(session, org, account_id, KINDS, limit=PAGE)

    async def whole(session: Any, account_id: str) -> Any:
        return await account_timeline(session, org, account_id, KINDS)

    async def naive(session: Any, account_id: str) -> Any:
        return await naive_timeline(session, org, meta[account_id][1], meta[account_id][0])

    picks = rng.choices(ids, [sizes[a] for a in ids], k=args.runs)
    report: dict[str, Any] = {
        "accounts": len(ids),
        "largest_account_conversations": sizes[largest],
        "median_account_conversations": sorted(sizes.values())[len(ids) // 2],
        "picked_conversations_mean": round(sum(sizes[a] for a in picks) / len(picks), 1),
    }
    for name, fn, accounts in (
        ("timeline_page", page, picks),
        ("whole_timeline", whole, picks),
        ("naive_scan", naive, picks[: args.naive_runs]),
        ("largest_timeline_page", page, [largest] * max(10, args.naive_runs)),
        ("largest_whole_timeline", whole, [largest] * max(10, args.naive_runs)),
        ("largest_naive_scan", naive, [largest] * max(3, args.naive_runs // 4)),
    ):
        report[name] = summary([await timed(fn, a) for a in accounts])
    report["speedup_p95_page_vs_naive"] = round(
        report["naive_scan"]["p95_ms"] / report["timeline_page"]["p95_ms"], 1
    )
    report["plans"] = plans
    return report


async def run_engine(name: str, url: str, args: argparse.Namespace) -> dict[str, Any]:
    await upgrade_async(url)
    org, reps, plan = plan_activities(args.activities)
    accounts, sizes = plan_accounts(random.Random(args.seed), org, args.accounts, plan)
    started = time.perf_counter()
    if name == "sqlite":
        load_sqlite(Path(url.split("///", 1)[1]), org, reps, plan, args.per_activity * len(plan))
    else:
        await load_postgres(url, org, reps, plan, args.per_activity * len(plan))
    await load_accounts(url, accounts)
    loaded = time.perf_counter() - started
    engine = create_engine(url)
    try:
        report = await measure(create_sessionmaker(engine), org, sizes, args)
    finally:
        await engine.dispose()
    return {"load_s": round(loaded, 1), **report}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--activities", type=int, default=20_000)
    parser.add_argument("--per-activity", type=int, default=50)
    parser.add_argument("--accounts", type=int, default=400)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--naive-runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=13)
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
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
