"""Test helpers for the built-in summary, topics, insights, opinion and scoring parts: build
Conversations by hand or from the eval set, and embed them once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache

import numpy as np
from eval_set import DATA_DIR, EvalConversation, load_conversation

from meetsight.embedder import embed
from meetsight.intelligence.analytics import TalkAnalytics, compute_analytics
from meetsight.intelligence.conversation import Conversation, Line, Speaker
from meetsight.intelligence.results import NextStep, NoteDraft

# Never opened by these tests: kept aside to judge the engine on unseen conversations.
HELD_OUT = frozenset(
    {
        "en_meeting_vantage_negotiation",
        "es_meeting_transportes_rioja_demo",
        "en_call_keystone_security_objection",
    }
)


def make(
    turns: Sequence[tuple[str, str]],
    *,
    sellers: Sequence[str],
    language: str = "en",
    kind: str = "call",
    direction: str | None = "outbound",
    seconds: float = 10.0,
    title: str = "Test conversation",
) -> Conversation:
    """A conversation of (speaker, text) turns, each ``seconds`` long, back to back."""
    lines = tuple(
        Line(i, i * seconds, (i + 1) * seconds, speaker, text)
        for i, (speaker, text) in enumerate(turns)
    )
    names = list(dict.fromkeys(s for s, _ in turns))
    speakers = tuple(Speaker(n, n in sellers) for n in names)
    return Conversation(
        kind=kind,  # type: ignore[arg-type]
        title=title,
        language=language,
        day=date(2026, 10, 14),
        speakers=speakers,
        lines=lines,
        direction=direction if kind == "call" else None,
    )


def from_eval(ev: EvalConversation) -> Conversation:
    return Conversation(
        kind=ev.kind,  # type: ignore[arg-type]
        title=ev.title,
        language=ev.language,
        day=ev.date,
        speakers=tuple(Speaker(p.name, p.internal) for p in ev.participants),
        lines=tuple(
            Line(i, s.start_time, s.end_time, s.participant_name, s.content)
            for i, s in enumerate(ev.segments)
        ),
        direction=ev.direction,
    )


def open_eval_set() -> list[EvalConversation]:
    """The eval set without its held-out conversations (their files are never read)."""
    paths = sorted(p for p in DATA_DIR.glob("*.json") if p.stem not in HELD_OUT)
    return [load_conversation(p) for p in paths]


@cache
def _cached(texts: tuple[str, ...]) -> np.ndarray:
    return embed(list(texts))


def vectors_of(conversation: Conversation) -> np.ndarray:
    return _cached(tuple(ln.text for ln in conversation.lines))


@dataclass(frozen=True, slots=True)
class _Segment:
    start_time: float
    end_time: float
    speaker: str
    content: str


def analytics_of(conversation: Conversation) -> TalkAnalytics:
    segments = [_Segment(ln.start, ln.end, ln.speaker, ln.text) for ln in conversation.lines]
    return compute_analytics(segments, internal_speakers=conversation.internal_names)


def note(conversation: Conversation, line: int, category: str, content: str = "") -> NoteDraft:
    """A note on ``line``, its content the line's text unless given."""
    ln = conversation.lines[line]
    return NoteDraft(category, content or ln.text, None, "medium", ln.start, ln.end, line)


def eval_notes(ev: EvalConversation, conversation: Conversation) -> list[NoteDraft]:
    """The eval set's category marks as notes (what a perfect notes classifier would give)."""
    return [note(conversation, m.segment, m.category) for m in ev.categories]


def eval_next_steps(ev: EvalConversation) -> list[NextStep]:
    return [NextStep(n.action, (n.actor,), "", n.deadline, n.segment) for n in ev.next_steps]
