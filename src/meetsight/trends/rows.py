"""The compact per-conversation row the trends aggregate, computed from what the engine stored.

Who is the rep: the conversation's owner; without one, the seller-side speaker who spoke most,
when that speaker is one of the organization's internal people. The seller side: the speakers
the engine took as ours (the summary's ``insights.sellerSide``) together with the participants
marked internal. A rep who did not speak leaves the rep's figures NULL (SQL averages skip them)
rather than counting as a silent 0 %.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from meetsight.intelligence.results import seller_speakers
from meetsight.trends import rows_repository
from meetsight.trends.models import ConversationMetrics, ConversationObjectiveScore


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


async def _sources(session: AsyncSession, org_id: str, activity_id: str) -> Sources | None:
    found = await rows_repository.source_rows(session, org_id, activity_id)
    if found is None:
        return None
    start_at, is_call, duration, owner_id, owner_name = found.activity
    analytics, score = found.analytics, found.score
    return Sources(
        start_at=start_at,
        is_call=is_call,
        activity_duration=duration,
        participation=analytics.participation or [],
        questions_by_speaker=analytics.questions_by_speaker or [],
        extra=analytics.extra or {},
        seller_speakers=seller_speakers(found.insights),
        owner=(owner_id, owner_name) if owner_id is not None else None,
        internal_people={name: pid for name, pid in found.internal},
        score=score.score if score is not None else None,
        objectives=(score.objectives or []) if score is not None else [],
    )


async def refresh_conversation_metrics(
    session: AsyncSession, org_id: str, activity_id: str
) -> None:
    """Replace the activity's row (and its objective scores) with one computed from what is
    stored now; no row while the activity has no analytics. Flushes, never commits."""
    await session.flush()  # the sessions do not autoflush: the reads below see pending rows
    await rows_repository.delete_conversation_metrics(session, org_id, activity_id)
    src = await _sources(session, org_id, activity_id)
    if src is None:
        return
    values = metric_values(src)
    shared = {name: values[name] for name in SHARED_COLUMNS}
    session.add(ConversationMetrics(organization_id=org_id, activity_id=activity_id, **values))
    for item in objective_values(src.objectives):
        session.add(
            ConversationObjectiveScore(
                organization_id=org_id, activity_id=activity_id, **item, **shared
            )
        )
    await session.flush()
