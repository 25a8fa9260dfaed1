"""Summary, notes, chat and score rows for a demo activity, from the generator's ground truth
and keyword cues in the text. A stand-in for the intelligence stage on demo data only."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from meetsight.activities.models import Activity
from meetsight.demo.conversations import DemoActivity
from meetsight.intelligence.models import (
    ActivityAnalytics,
    ActivityScore,
    ActivitySummary,
    ChatMessage,
    Note,
    SmartCategory,
)
from meetsight.organizations.models import Person
from meetsight.transcripts.types import SegmentData

CUES: dict[str, re.Pattern[str]] = {
    "budget_pricing": re.compile(
        r"\$|budget|pric|discount|per seat|cost|presupuesto|precio|descuento", re.I
    ),
    "decision_process": re.compile(
        r"sign(s|ed)? off|legal|procurement|approv|CFO|security review|firma|compras|legal", re.I
    ),
    "timeline": re.compile(r"quarter|go-live|go live|deadline|end of the|trimestre|fecha", re.I),
    "objections": re.compile(
        r"concern|worried|too expensive|not sure|hesita|risk|preocupa|caro", re.I
    ),
    "product_questions": re.compile(
        r"integrat|export|single sign-on|SSO|API|support|integra|exporta", re.I
    ),
}
MAX_NOTES_PER_CATEGORY = 3


def derived_rows(
    org_id: str,
    activity: Activity,
    demo: DemoActivity,
    segments: Sequence[SegmentData],
    people: dict[str, Person],
    categories: dict[str | None, SmartCategory],
    analytics: ActivityAnalytics,
) -> Iterator[Any]:
    facts = demo.facts
    next_steps = [
        {"action": action, "actors": [people[actor].name], "deadline": deadline}
        for action, actor, deadline in facts.next_steps
    ]
    notes = list(_notes(org_id, activity.id, demo, segments, categories))
    objectives = _objectives(demo, segments, analytics, notes, categories)
    score = round(sum(o["score"] for o in objectives) / len(objectives))
    activity.ai_score = score
    yield ActivitySummary(
        organization_id=org_id,
        activity_id=activity.id,
        summary=_summary_text(demo),
        next_steps=next_steps,
        topics=[{"title": t, "description": f"{t} with {demo.company}."} for t in facts.topics],
        ai_opinion=_opinion(demo, objectives),
        insights=_insights(demo, analytics, notes, categories) if demo.direction else None,
        engine="demo",
    )
    yield from notes
    yield ActivityScore(
        organization_id=org_id,
        activity_id=activity.id,
        score=score,
        justification=_justification(objectives),
        objectives=objectives,
    )
    steps_text = "; ".join(f"{s['actors'][0]}: {s['action']} ({s['deadline']})" for s in next_steps)
    yield ChatMessage(
        organization_id=org_id,
        activity_id=activity.id,
        question="What are the next steps?",
        answer=steps_text or "No next steps were agreed.",
    )
    competitors = ", ".join(facts.competitors)
    yield ChatMessage(
        organization_id=org_id,
        activity_id=activity.id,
        question="Did they mention any competitors?",
        answer=f"Yes: {competitors}." if competitors else "No competitor was named.",
    )


def _notes(
    org_id: str,
    activity_id: str,
    demo: DemoActivity,
    segments: Sequence[SegmentData],
    categories: dict[str | None, SmartCategory],
) -> Iterator[Note]:
    facts = demo.facts
    literal = {
        "next_steps": [action for action, _, _ in facts.next_steps],
        "competitors": list(facts.competitors),
        "pain_points": list(facts.pains),
    }
    for key, category in categories.items():
        if key is None:
            continue
        found = 0
        for seg in segments:
            if found >= MAX_NOTES_PER_CATEGORY:
                break
            if key in literal:
                hit = any(term.lower() in seg.content.lower() for term in literal[key] if term)
            else:
                hit = bool(CUES[key].search(seg.content)) and len(seg.content.split()) >= 5
            if not hit:
                continue
            found += 1
            yield Note(
                organization_id=org_id,
                activity_id=activity_id,
                smart_category_id=category.id,
                tag=category.name,
                content=seg.content,
                priority="high" if key in ("next_steps", "objections") else "medium",
                is_manual=False,
                start_timestamp=seg.start_time,
                end_timestamp=seg.end_time,
            )


def _objectives(
    demo: DemoActivity,
    segments: Sequence[SegmentData],
    analytics: ActivityAnalytics,
    notes: list[Note],
    categories: dict[str | None, SmartCategory],
) -> list[dict[str, Any]]:
    internal = {s["speakerLabel"] for s in analytics.participation} - {
        seg.speaker for seg in segments if not _is_internal(demo, seg)
    }
    questions = sum(
        q["count"] for q in analytics.questions_by_speaker if q["speakerLabel"] in internal
    )
    ratio = analytics.extra.get("talkListenRatio")
    decision_id = categories["decision_process"].id if "decision_process" in categories else ""
    has_decision = any(n.smart_category_id == decision_id for n in notes)
    dated = [s for s in demo.facts.next_steps if s[2]]
    balance = 0 if ratio is None else max(0, round(100 - abs(ratio - 0.45) * 200))
    return [
        _objective(
            "Discovery questions",
            min(100, questions * 12),
            f"{questions} questions asked by the team.",
        ),
        _objective(
            "Talk-listen balance",
            balance,
            "Not measured."
            if ratio is None
            else f"The team spoke {round(ratio * 100)}% of the time.",
        ),
        _objective(
            "Pain identified",
            100 if demo.facts.pains else 20,
            "; ".join(demo.facts.pains) or "No clear pain surfaced.",
        ),
        _objective(
            "Budget discussed",
            100 if demo.facts.budget_mentioned else 0,
            "Budget came up." if demo.facts.budget_mentioned else "Budget was not discussed.",
        ),
        _objective(
            "Decision process known",
            100 if has_decision else 30,
            "Approvers and steps were named." if has_decision else "Who decides is still unclear.",
        ),
        _objective(
            "Next steps with a date",
            100 if dated else (50 if demo.facts.next_steps else 0),
            f"{len(dated)} dated next steps." if dated else "No dated next step.",
        ),
    ]


def _is_internal(demo: DemoActivity, seg: SegmentData) -> bool:
    return any(p.name == seg.speaker and p.is_internal for p in demo.people)


def _objective(name: str, score: float, explanation: str) -> dict[str, Any]:
    return {"objective": name, "score": int(score), "explanation": explanation}


def _summary_text(demo: DemoActivity) -> str:
    facts = demo.facts
    parts = [f"{demo.activity_type} with {demo.company}."]
    if facts.topics:
        parts.append("Covered " + ", ".join(t.lower() for t in facts.topics) + ".")
    if facts.pains:
        parts.append("Pains raised: " + "; ".join(facts.pains) + ".")
    if facts.competitors:
        parts.append("Competitors named: " + ", ".join(facts.competitors) + ".")
    if facts.next_steps:
        parts.append(f"{len(facts.next_steps)} next steps agreed.")
    return " ".join(parts)


def _opinion(demo: DemoActivity, objectives: list[dict[str, Any]]) -> str:
    weakest = min(objectives, key=lambda o: o["score"])
    strongest = max(objectives, key=lambda o: o["score"])
    return (
        f"Strongest on {strongest['objective'].lower()}; weakest on "
        f"{weakest['objective'].lower()} ({weakest['explanation']})"
    )


def _justification(objectives: list[dict[str, Any]]) -> str:
    met = [o["objective"] for o in objectives if o["score"] >= 70]
    missed = [o["objective"] for o in objectives if o["score"] < 70]
    return f"Met: {', '.join(met) or 'none'}. Missed: {', '.join(missed) or 'none'}."


def _insights(
    demo: DemoActivity,
    analytics: ActivityAnalytics,
    notes: list[Note],
    categories: dict[str | None, SmartCategory],
) -> dict[str, Any]:
    objection_id = categories["objections"].id if "objections" in categories else ""
    return {
        "sentiment": "positive" if demo.facts.next_steps else "neutral",
        "objections": [n.content for n in notes if n.smart_category_id == objection_id],
        "competitors": list(demo.facts.competitors),
        "pricingDiscussed": demo.facts.budget_mentioned,
        "questionsAsked": analytics.extra.get("questionCount", 0),
        "talkListenRatio": analytics.extra.get("talkListenRatio"),
        "longestCustomerStory": analytics.extra.get("longestCustomerStory"),
    }
