"""Loader for the labelled intelligence evaluation set in ``tests/data/intelligence_eval/``.

One JSON file per conversation (English and Spanish sales calls and meetings, written for this
project). Each file carries the transcript and what a careful human expects from it:

- ``next_steps``: real commitments only, with the action, the actor (a participant's name), the
  deadline as an ISO date resolved from the conversation's ``date`` (``null`` when none was said),
  and the index of the segment that holds the commitment;
- ``non_commitments``: segments that look like commitments but are not (hypotheticals, past
  actions, vague offers), to measure the precision of next-step extraction;
- ``categories``: marked segments, each with one of the eight default smart-category keys;
  segments left unmarked are ambiguous or belong to no category and are not scored;
- ``questions``: chat questions with the segments an answer must rest on and keywords that an
  answer must contain.

Standard library only, so that tests and benchmarks can use it without extra dependencies.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data" / "intelligence_eval"

CATEGORY_KEYS = (
    "pain_points",
    "budget_pricing",
    "competitors",
    "decision_process",
    "timeline",
    "objections",
    "next_steps",
    "product_questions",
)


@dataclass(frozen=True)
class EvalParticipant:
    name: str
    internal: bool
    role: str | None = None


@dataclass(frozen=True)
class EvalSegment:
    start_time: float
    end_time: float
    participant_name: str
    content: str


@dataclass(frozen=True)
class EvalNextStep:
    action: str
    actor: str
    deadline: date | None
    segment: int


@dataclass(frozen=True)
class EvalNonCommitment:
    segment: int
    reason: str


@dataclass(frozen=True)
class EvalCategoryMark:
    segment: int
    category: str


@dataclass(frozen=True)
class EvalQuestion:
    question: str
    answer_segments: tuple[int, ...]
    answer_keywords: tuple[str, ...]


@dataclass(frozen=True)
class EvalConversation:
    id: str
    language: str
    kind: str
    direction: str | None
    date: date
    title: str
    participants: tuple[EvalParticipant, ...]
    segments: tuple[EvalSegment, ...]
    next_steps: tuple[EvalNextStep, ...]
    non_commitments: tuple[EvalNonCommitment, ...]
    categories: tuple[EvalCategoryMark, ...]
    questions: tuple[EvalQuestion, ...]
    path: Path

    @property
    def internal_names(self) -> set[str]:
        return {p.name for p in self.participants if p.internal}


def _conversation(path: Path, raw: dict) -> EvalConversation:
    expected = raw["expected"]
    return EvalConversation(
        id=raw["id"],
        language=raw["language"],
        kind=raw["kind"],
        direction=raw.get("direction"),
        date=date.fromisoformat(raw["date"]),
        title=raw.get("title", raw["id"]),
        participants=tuple(
            EvalParticipant(p["name"], bool(p["internal"]), p.get("role"))
            for p in raw["participants"]
        ),
        segments=tuple(
            EvalSegment(
                float(s["startTime"]), float(s["endTime"]), s["participantName"], s["content"]
            )
            for s in raw["segments"]
        ),
        next_steps=tuple(
            EvalNextStep(
                n["action"],
                n["actor"],
                date.fromisoformat(n["deadline"]) if n.get("deadline") else None,
                int(n["segment"]),
            )
            for n in expected.get("next_steps", [])
        ),
        non_commitments=tuple(
            EvalNonCommitment(int(n["segment"]), n.get("reason", ""))
            for n in expected.get("non_commitments", [])
        ),
        categories=tuple(
            EvalCategoryMark(int(c["segment"]), c["category"])
            for c in expected.get("categories", [])
        ),
        questions=tuple(
            EvalQuestion(
                q["question"],
                tuple(int(i) for i in q["answer_segments"]),
                tuple(q["answer_keywords"]),
            )
            for q in expected.get("questions", [])
        ),
        path=path,
    )


def load_conversation(path: Path) -> EvalConversation:
    return _conversation(path, json.loads(path.read_text(encoding="utf-8")))


def load_eval_set(data_dir: Path = DATA_DIR) -> list[EvalConversation]:
    """Every conversation of the set, sorted by file name."""
    return [load_conversation(p) for p in sorted(data_dir.glob("*.json"))]
