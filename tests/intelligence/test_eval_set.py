"""Checks the labelled intelligence evaluation set itself (not any engine): shape, coverage and
that every label points at text that supports it."""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import date

import pytest
from eval_set import CATEGORY_KEYS, DATA_DIR, EvalConversation, load_eval_set

CONVERSATIONS = load_eval_set()
IDS = [c.id for c in CONVERSATIONS]

# English and Spanish function words, ignored when matching an action to its segment.
_STOPWORD_TEXT = """
    the and for with that this from our your their them they you its are was will into about all
    any has have get then than who what when out off per via up to of a an on in by at it be or as
    so we us is do
    el la los las un una unos unas del al de en con por para que y o se su sus lo le les nos mi tu
    es son muy más sin sobre como este esta ese esa
"""
STOPWORDS = set(_STOPWORD_TEXT.split())

WORD = re.compile(r"[\w'-]+", re.UNICODE)


def content_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text.lower()) if len(w) > 2 and w not in STOPWORDS]


def by_id(conversation_id: str) -> EvalConversation:
    return next(c for c in CONVERSATIONS if c.id == conversation_id)


def test_coverage() -> None:
    assert len(CONVERSATIONS) >= 12
    languages = Counter(c.language for c in CONVERSATIONS)
    assert set(languages) <= {"en", "es"}
    assert languages["es"] >= 4
    assert languages["en"] >= 4
    kinds = Counter(c.kind for c in CONVERSATIONS)
    assert set(kinds) <= {"call", "meeting"}
    assert kinds["call"] >= 5
    assert kinds["meeting"] >= 1
    directions = {c.direction for c in CONVERSATIONS if c.kind == "call"}
    assert directions == {"inbound", "outbound"}
    assert len(set(IDS)) == len(IDS)


@pytest.mark.parametrize("conversation_id", IDS)
def test_file_shape(conversation_id: str) -> None:
    c = by_id(conversation_id)
    assert c.path.name == f"{c.id}.json"
    raw = json.loads(c.path.read_text(encoding="utf-8"))
    assert {"id", "language", "kind", "direction", "date", "participants", "segments"} <= set(raw)
    assert {"next_steps", "categories", "questions"} <= set(raw["expected"])
    if c.kind == "call":
        assert c.direction in {"inbound", "outbound"}
    else:
        assert c.direction is None
    assert isinstance(c.date, date)


@pytest.mark.parametrize("conversation_id", IDS)
def test_segments(conversation_id: str) -> None:
    c = by_id(conversation_id)
    assert 20 <= len(c.segments) <= 120
    names = [p.name for p in c.participants]
    assert len(set(names)) == len(names)
    assert any(p.internal for p in c.participants)
    assert any(not p.internal for p in c.participants)
    previous_start = -1.0
    for s in c.segments:
        assert s.end_time > s.start_time >= 0
        assert s.start_time > previous_start
        previous_start = s.start_time
        assert s.participant_name in names
        assert s.content.strip()
        # Realistic speech rate: not faster than about 4 words a second.
        assert len(s.content.split()) / (s.end_time - s.start_time) < 4.0
    speakers = {s.participant_name for s in c.segments}
    assert speakers == set(names), "every participant speaks and nobody else does"


@pytest.mark.parametrize("conversation_id", IDS)
def test_next_steps(conversation_id: str) -> None:
    c = by_id(conversation_id)
    assert 2 <= len(c.next_steps) <= 5
    names = {p.name for p in c.participants}
    for step in c.next_steps:
        assert step.actor in names
        assert 0 <= step.segment < len(c.segments)
        if step.deadline is not None:
            assert step.deadline >= c.date
        text = c.segments[step.segment].content.lower()
        words = content_words(step.action)
        assert words, step.action
        found = [w for w in words if w in text]
        assert len(found) * 2 >= len(words), (step.action, text)
    assert c.non_commitments, "each conversation has distractors for precision"
    step_segments = {s.segment for s in c.next_steps}
    for n in c.non_commitments:
        assert 0 <= n.segment < len(c.segments)
        assert n.segment not in step_segments
        assert n.reason


@pytest.mark.parametrize("conversation_id", IDS)
def test_categories(conversation_id: str) -> None:
    c = by_id(conversation_id)
    assert len(c.categories) >= 8
    segments = [m.segment for m in c.categories]
    assert len(set(segments)) == len(segments), "one category per marked segment"
    for mark in c.categories:
        assert mark.category in CATEGORY_KEYS
        assert 0 <= mark.segment < len(c.segments)
    assert len({m.category for m in c.categories}) >= 5


@pytest.mark.parametrize("conversation_id", IDS)
def test_questions(conversation_id: str) -> None:
    c = by_id(conversation_id)
    assert 3 <= len(c.questions) <= 5
    for q in c.questions:
        assert q.question.strip()
        assert q.answer_segments and q.answer_keywords
        for i in q.answer_segments:
            assert 0 <= i < len(c.segments)
        texts = [c.segments[i].content.lower() for i in q.answer_segments]
        for keyword in q.answer_keywords:
            assert any(keyword.lower() in t for t in texts), (q.question, keyword)


def test_every_category_is_represented() -> None:
    seen = Counter(m.category for c in CONVERSATIONS for m in c.categories)
    assert set(seen) == set(CATEGORY_KEYS)


def test_data_dir_holds_only_conversations() -> None:
    assert {p.suffix for p in DATA_DIR.iterdir()} == {".json"}
