"""The trends row of one conversation as of revision 0014 (`meetsight.trends.rows`), for that
revision's backfill: the pure computation, without the live code's reads and writes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any


def week_start(moment: datetime) -> date:
    day = moment.date()
    return day - timedelta(days=day.weekday())


def month_start(moment: datetime) -> date:
    return moment.date().replace(day=1)


@dataclass(frozen=True, slots=True)
class Sources:
    """What one conversation's row is computed from (stored analytics, never the transcript)."""

    start_at: datetime
    is_call: bool
    activity_duration: float | None
    participation: Sequence[Mapping[str, Any]]
    questions_by_speaker: Sequence[Mapping[str, Any]]
    extra: Mapping[str, Any]
    seller_speakers: Collection[str]
    owner: tuple[str, str] | None  # (person id, name)
    internal_people: Mapping[str, str]  # name -> person id, internal participants
    score: float | None
    objectives: Sequence[Mapping[str, Any]]


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


def _rep(
    src: Sources, talk: Mapping[str, float], seller: set[str]
) -> tuple[str | None, str | None]:
    """(rep person id, the rep's speaker label or None when the rep did not speak)."""
    if src.owner is not None:
        person_id, name = src.owner
        return person_id, name if name in talk else None
    ours = sorted((s for s in seller if s in src.internal_people), key=lambda s: -talk.get(s, 0))
    if ours and talk.get(ours[0], 0) > 0:
        return src.internal_people[ours[0]], ours[0]
    return None, None


def metric_values(src: Sources) -> dict[str, Any]:
    """The row's columns (without keys) for one conversation."""
    talk = {
        str(p.get("speakerLabel")): _num(p.get("averageSpeakingTime")) for p in src.participation
    }
    monologue = {
        str(p.get("speakerLabel")): _num(p.get("longestMonologue")) for p in src.participation
    }
    asked = {
        str(q.get("speakerLabel")): int(_num(q.get("count"))) for q in src.questions_by_speaker
    }
    seller = {s for s in (*src.seller_speakers, *src.internal_people) if s in talk}
    speech = sum(talk.values())
    duration = _num(src.extra.get("totalDuration")) or _num(src.activity_duration)
    switches = int(_num(src.extra.get("speakerSwitches")))
    rep_id, rep_label = _rep(src, talk, seller)
    if rep_label is not None:  # the owner speaks for us, marked internal or not
        seller.add(rep_label)
    values: dict[str, Any] = {
        "start_at": src.start_at,
        "week_start": week_start(src.start_at),
        "month_start": month_start(src.start_at),
        "is_call": src.is_call,
        "rep_person_id": rep_id,
        "duration": duration,
        "speech": speech,
        "questions": sum(asked.values()),
        "speaker_switches": switches,
        "interactivity": round(60.0 * switches / duration, 3) if duration > 0 else None,
        "rep_speech": None,
        "rep_talk_ratio": None,
        "rep_questions": None,
        "rep_longest_monologue": None,
        "seller_talk_ratio": None,
        "seller_questions": None,
        "seller_longest_monologue": None,
        "score": src.score,
    }
    if rep_label is not None:
        values["rep_speech"] = talk[rep_label]
        values["rep_talk_ratio"] = round(talk[rep_label] / speech, 4) if speech > 0 else None
        values["rep_questions"] = asked.get(rep_label, 0)
        values["rep_longest_monologue"] = monologue.get(rep_label, 0.0)
    if seller and speech > 0:
        values["seller_talk_ratio"] = round(sum(talk[s] for s in seller) / speech, 4)
        values["seller_questions"] = sum(asked.get(s, 0) for s in seller)
        values["seller_longest_monologue"] = max(monologue.get(s, 0.0) for s in seller)
    return values


# The conversation's columns copied beside each of its objective scores.
SHARED_COLUMNS = ("start_at", "week_start", "month_start", "is_call", "rep_person_id")


def objective_values(objectives: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One entry per named objective (the first of a repeated name), in scorecard order."""
    seen: dict[str, dict[str, Any]] = {}
    for position, item in enumerate(objectives):
        name = str(item.get("objective") or "").strip()[:200]
        if name and name not in seen:
            score = item.get("score")
            seen[name] = {
                "objective": name,
                "position": position,
                "score": float(score) if isinstance(score, int | float) else None,
            }
    return list(seen.values())


def seller_speakers(insights: Mapping[str, Any] | None) -> list[str]:
    side = (insights or {}).get("sellerSide")
    speakers = side.get("speakers") if isinstance(side, dict) else None
    return [str(s) for s in speakers] if isinstance(speakers, list) else []
