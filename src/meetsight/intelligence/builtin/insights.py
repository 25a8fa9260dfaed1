"""Call insights: the call summary's ``insights`` object (camelCase keys), built from the
transcript, the notes, the next steps and the talk analytics.

Keys and rules:

``sentiment``
    ``{"label", "score", "positive", "negative"}``: lexicon hits (English and Spanish, a negator
    among the two words before flips a hit) over the customer's lines (every line when nobody
    is marked internal), leaving out the lines noted as pain points: describing today's
    problems is what a good discovery brings out, not a sign the call went badly.
    ``score = (positive - negative) / (positive + negative + 2)``, rounded to 0.01;
    ``label`` positive from 0.15, negative up to -0.15, else neutral.
``objections``
    One ``{"text", "speaker", "start", "line"}`` per note of the ``objections`` category (the
    customer's concerns, builtin/objections.py).
``competitors``
    The vendors the customer weighs against us, by what is said around each name
    (builtin/competitors.py), in order of first mention.
``sellerSide``
    ``{"speakers", "inferredFrom", "internalMeeting"}``: the speakers taken as our side and how
    they were known (builtin/sides.py): "marked" (marked internal, the owner), "organization"
    (the organization's people by name), "roles" (from what each one says), "internal meeting"
    (everyone), or "unknown" (nobody could be told apart; every line then counts as the
    customer's where a side matters).
``pricingDiscussed`` / ``pricingAmounts``
    True when a ``budget_pricing`` note exists or any money amount was said; the amounts
    (``{"text", "value", "currency", "percent", "speaker", "line"}``) in reading order.
``questionsAsked``
    ``{"total", "seller", "customer"}`` from the analytics' questions per speaker.
``talkListenRatio``
    The seller side's share of speaking time (analytics), or null.
``longestCustomerStory``
    ``{"speaker", "start", "end", "duration"}`` (analytics), or null.
``nextStepsAgreed``
    ``{"count", "withDate"}``: a next step has a date when it has a resolved day or a said
    deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meetsight.intelligence.analytics import TalkAnalytics
from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.intelligence.builtin.competitors import find_competitors, find_names
from meetsight.intelligence.builtin.talk_cues import lang, sentiment_hits
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import NextStep, NoteDraft

__all__ = ["build_insights", "competitors", "find_names", "pricing", "seller_side", "sentiment"]

POSITIVE_FROM = 0.15


def _speaker(conversation: Conversation, index: int) -> str:
    lines = conversation.lines
    return lines[index].speaker if 0 <= index < len(lines) else ""


def sentiment(conversation: Conversation, notes: Sequence[NoteDraft]) -> dict[str, Any]:
    pains = {n.line for n in notes if n.category_key == "pain_points"}
    customer = [
        ln
        for ln in conversation.lines
        if not conversation.is_internal(ln.speaker) and ln.index not in pains
    ]
    if not conversation.internal_names:
        customer = [ln for ln in conversation.lines if ln.index not in pains]
    pos = neg = 0
    for ln in customer:
        p, n = sentiment_hits(ln.text)
        pos, neg = pos + p, neg + n
    score = round((pos - neg) / (pos + neg + 2), 2)
    label = (
        "positive"
        if score >= POSITIVE_FROM
        else "negative"
        if score <= -POSITIVE_FROM
        else "neutral"
    )
    return {"label": label, "score": score, "positive": pos, "negative": neg}


def competitors(conversation: Conversation) -> list[str]:
    return [c.name for c in find_competitors(conversation)]


def seller_side(conversation: Conversation) -> dict[str, Any]:
    """Who the seller side is and how it was known: "marked" (people marked internal, the
    owner), "organization", "roles", "internal meeting", or "unknown"."""
    how = conversation.seller_side or ("marked" if conversation.internal_names else "unknown")
    return {
        "speakers": sorted(conversation.internal_names),
        "inferredFrom": how,
        "internalMeeting": how == "internal meeting",
    }


def pricing(conversation: Conversation, notes: Sequence[NoteDraft]) -> tuple[bool, list[dict]]:
    amounts: list[dict[str, Any]] = []
    for ln in conversation.lines:
        for a in find_amounts(ln.text):
            amounts.append(
                {
                    "text": a.text,
                    "value": a.value,
                    "currency": a.currency,
                    "percent": a.percent,
                    "speaker": ln.speaker,
                    "line": ln.index,
                }
            )
    noted = any(n.category_key == "budget_pricing" for n in notes)
    return noted or bool(amounts), amounts


def build_insights(
    conversation: Conversation,
    notes: Sequence[NoteDraft],
    next_steps: Sequence[NextStep],
    analytics: TalkAnalytics,
) -> dict[str, Any]:
    """The insights object; see the module docstring for every key."""
    internal = conversation.internal_names
    seller_q = sum(q.count for q in analytics.questions_by_speaker if q.speaker_label in internal)
    discussed, amounts = pricing(conversation, notes)
    story = analytics.longest_customer_story
    return {
        "language": lang(conversation.language),
        "sentiment": sentiment(conversation, notes),
        "objections": [
            {
                "text": n.content,
                "speaker": _speaker(conversation, n.line),
                "start": n.start,
                "line": n.line,
            }
            for n in notes
            if n.category_key == "objections"
        ],
        "competitors": competitors(conversation),
        "sellerSide": seller_side(conversation),
        "pricingDiscussed": discussed,
        "pricingAmounts": amounts,
        "questionsAsked": {
            "total": analytics.question_count,
            "seller": seller_q,
            "customer": analytics.question_count - seller_q,
        },
        "talkListenRatio": analytics.talk_listen_ratio,
        "longestCustomerStory": None
        if story is None
        else {
            "speaker": story.speaker_label,
            "start": story.start_time,
            "end": story.end_time,
            "duration": story.duration,
        },
        "nextStepsAgreed": {
            "count": len(next_steps),
            "withDate": sum(1 for s in next_steps if s.due is not None or s.deadline),
        },
    }
