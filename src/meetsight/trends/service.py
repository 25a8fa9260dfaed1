"""Team trends: per rep or for the team, per week or month of a date range, the talk figures
and scores the engine stored, added up in SQL (trends.repository) and shaped here.

Definitions (docs/trends.md): talk ratio is the mean over conversations of the rep's (or the
seller side's) share of all speaking time; questions per conversation and per hour count the
rep's (or the seller side's) questions; longest monologue is the mean of each conversation's
longest uninterrupted stretch (and the longest of all); interactivity is the mean of speaker
switches per minute; score is the mean conversation score, and per objective the mean of that
objective's score.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import sqlalchemy as sa

from meetsight.db.reads import Executes
from meetsight.errors import ValidationFailed
from meetsight.organizations.models import Organization
from meetsight.trends import repository as repo
from meetsight.trends.rows import month_start, week_start

MAX_PERIODS = {"week": 106, "month": 60}  # two years of weeks, five of months
# Days a range may name: far enough from date's limits that a period's end and the day after
# the range always exist.
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(9998, 12, 31)
DEFAULT_WEEKS = 12


@dataclass(frozen=True, slots=True)
class TrendsQuery:
    date_from: date
    date_to: date  # inclusive
    group_by: repo.GroupBy = "week"
    by: repo.By = "rep"
    is_call: bool | None = None  # None: meetings and calls


def default_range(last: date) -> tuple[date, date]:
    """DEFAULT_WEEKS calendar weeks up to `last`: from a Monday to `last`."""
    monday = week_start(datetime.combine(last, time()))
    return monday - timedelta(weeks=DEFAULT_WEEKS - 1), last


def build_query(
    *,
    date_from: date | None,
    date_to: date | None,
    group_by: repo.GroupBy,
    by: repo.By,
    is_call: bool | None,
    today: date | None = None,
) -> TrendsQuery:
    """Fills in the default range; ValidationFailed (422) names the parameter at fault."""
    for name, day in (("from", date_from), ("to", date_to)):
        if day is not None and not FIRST_DAY <= day <= LAST_DAY:
            raise ValidationFailed(f"{name}: must be between {FIRST_DAY} and {LAST_DAY}")
    if date_to is None:
        today = today or datetime.now(UTC).date()
        date_to = max(today, date_from) if date_from else today
    if date_from is None:
        date_from = default_range(date_to)[0]
    if date_from > date_to:
        raise ValidationFailed("from: must not be after to")
    query = TrendsQuery(date_from, date_to, group_by, by, is_call)
    if _period_count(query) > MAX_PERIODS[group_by]:
        raise ValidationFailed(
            f"to: at most {MAX_PERIODS[group_by]} {group_by}s from `from`; narrow the range "
            "or group by month"
        )
    return query


def _period_count(query: TrendsQuery) -> int:
    """How many periods the range touches, counted without listing them."""
    first, last = _start_of(query, query.date_from), _start_of(query, query.date_to)
    if query.group_by == "week":
        return (last - first).days // 7 + 1
    return (last.year - first.year) * 12 + last.month - first.month + 1


def _start_of(query: TrendsQuery, day: date) -> date:
    moment = datetime.combine(day, time())
    return week_start(moment) if query.group_by == "week" else month_start(moment)


def _next(query: TrendsQuery, start: date) -> date:
    if query.group_by == "week":
        return start + timedelta(weeks=1)
    return date(start.year + start.month // 12, start.month % 12 + 1, 1)


def periods(query: TrendsQuery) -> list[tuple[date, date]]:
    """The calendar weeks (Monday to Sunday) or months that the range touches, each as (first
    day, last day); the first and the last may reach outside the range."""
    found = []
    start = _start_of(query, query.date_from)
    while start <= query.date_to:
        following = _next(query, start)
        found.append((start, following - timedelta(days=1)))
        start = following
    return found


@dataclass(slots=True)
class _Sums:
    conversations: int = 0
    talk_sum: float = 0.0
    talk_n: int = 0
    questions: int = 0
    questions_n: int = 0
    asked_seconds: float = 0.0
    monologue_sum: float = 0.0
    monologue_n: int = 0
    monologue_max: float | None = None
    interactivity_sum: float = 0.0
    interactivity_n: int = 0
    score_sum: float = 0.0
    score_n: int = 0

    def add(self, row: Any) -> None:
        for name in (
            "conversations",
            "talk_sum",
            "talk_n",
            "questions",
            "questions_n",
            "asked_seconds",
            "monologue_sum",
            "monologue_n",
            "interactivity_sum",
            "interactivity_n",
            "score_sum",
            "score_n",
        ):
            setattr(self, name, getattr(self, name) + (getattr(row, name) or 0))
        if row.monologue_max is not None:
            self.monologue_max = max(self.monologue_max or 0.0, float(row.monologue_max))


def _mean(total: float, n: int, digits: int) -> float | None:
    return round(total / n, digits) if n else None


def _figures(s: _Sums, objectives: dict[str, list[float]], order: dict[str, int]) -> dict:
    hours = s.asked_seconds / 3600
    return {
        "conversations": s.conversations,
        "talkRatio": _mean(s.talk_sum, s.talk_n, 3),
        "questionsAsked": s.questions if s.questions_n else None,
        "questionsPerConversation": _mean(s.questions, s.questions_n, 2),
        "questionsPerHour": round(s.questions / hours, 2) if hours > 0 else None,
        "longestMonologue": _mean(s.monologue_sum, s.monologue_n, 1),
        "longestMonologueMax": round(s.monologue_max, 1) if s.monologue_max is not None else None,
        "interactivity": _mean(s.interactivity_sum, s.interactivity_n, 2),
        "score": _mean(s.score_sum, s.score_n, 1),
        "objectives": [
            {"objective": name, "score": _mean(v[0], int(v[1]), 1), "conversations": int(v[1])}
            for name, v in sorted(objectives.items(), key=lambda kv: (order[kv[0]], kv[0]))
        ],
    }


def _params(org_id: str, query: TrendsQuery) -> dict[str, Any]:
    params: dict[str, Any] = {
        "org_id": org_id,
        "from_at": datetime.combine(query.date_from, time(), tzinfo=UTC),
        "to_at": datetime.combine(query.date_to + timedelta(days=1), time(), tzinfo=UTC),
    }
    params["first_period"] = _start_of(query, query.date_from)
    params["last_period"] = _start_of(query, query.date_to)
    if query.is_call is not None:
        params["is_call"] = query.is_call
    return params


def _bucket_day(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


async def organization_team(reads: Executes, org_id: str) -> dict[str, str]:
    """The team as trends name it: the whole organization (docs/trends.md)."""
    name = (
        await reads.execute(sa.select(Organization.name).where(Organization.id == org_id))
    ).scalar_one_or_none()
    return {"id": org_id, "name": name or ""}


@dataclass(slots=True)
class TrendsPage:
    groups: list[dict[str, Any]]
    total: int


async def team_trends(
    reads: Executes,
    org_id: str,
    query: TrendsQuery,
    *,
    team: dict[str, str],
    limit: int = 100,
    offset: int = 0,
) -> TrendsPage:
    """One item per rep (reps by name) or one for the team, with every period of the range
    (those without conversations at 0 conversations and null figures) and the range's totals.
    `team` is {"id", "name"} of the organization."""
    shape = repo.Shape(query.group_by, query.by, query.is_call is not None)
    figures, objective_rows = await repo.fetch_aggregates(reads, shape, _params(org_id, query))
    sums: dict[Any, dict[date, _Sums]] = defaultdict(lambda: defaultdict(_Sums))
    # The team is every rep's conversations and those without a rep, added up.
    key_of = (lambda row: row.group_key) if query.by == "rep" else (lambda row: "team")
    for row in figures:
        sums[key_of(row)][_bucket_day(row.bucket)].add(row)
    scores: dict[Any, dict[date, dict[str, list[float]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    )
    order: dict[str, int] = {}
    for row in objective_rows:
        entry = scores[key_of(row)][_bucket_day(row.bucket)][row.objective]
        entry[0] += row.score_sum or 0.0
        entry[1] += row.score_n or 0
        order[row.objective] = min(order.get(row.objective, row.position), row.position)
    keys = list(sums) if query.by == "rep" else ["team"]
    reps = {r.id: r for r in await repo.fetch_reps(reads, org_id, [k for k in keys if k != "team"])}
    if query.by == "rep":
        keys.sort(key=lambda k: (reps[k].name.casefold(), k) if k in reps else ("", k))
    page = keys[offset : offset + limit]
    groups = [
        _group(query, key, reps.get(key), team, sums.get(key, {}), scores.get(key, {}), order)
        for key in page
    ]
    return TrendsPage(groups, len(keys))


def _group(
    query: TrendsQuery,
    key: Any,
    rep: Any,
    team: dict[str, str],
    sums: dict[date, _Sums],
    scores: dict[date, dict[str, list[float]]],
    order: dict[str, int],
) -> dict[str, Any]:
    total = _Sums()
    total_scores: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    rows = []
    for first, last in periods(query):
        bucket = sums.get(first, _Sums())
        if bucket.conversations:
            total.add(bucket)
        for name, (value, n) in scores.get(first, {}).items():
            total_scores[name][0] += value
            total_scores[name][1] += n
        rows.append(
            {
                "start": first.isoformat(),
                "end": last.isoformat(),
                **_figures(bucket, scores.get(first, {}), order),
            }
        )
    return {
        "by": query.by,
        "groupBy": query.group_by,
        "from": query.date_from.isoformat(),
        "to": query.date_to.isoformat(),
        "rep": None
        if rep is None
        else {"personId": rep.id, "userId": rep.user_id, "name": rep.name, "email": rep.email},
        "team": team,
        "totals": _figures(total, total_scores, order),
        "periods": rows,
    }
