"""The engines read speaker turns joined from caption-sized segments; their results point back at
segments (meetsight.intelligence.turns)."""

from __future__ import annotations

from datetime import date

from meetsight.intelligence import engines
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker
from meetsight.intelligence.scorecard import DEFAULT_OBJECTIVES
from meetsight.intelligence.turns import by_turns

SEGMENTS = [
    ("Maya Okafor", "Thanks for the time today, Gary."),
    ("Gary Holt", "Sure."),
    ("Gary Holt", "We need the security questionnaire answered before legal signs anything."),
    ("Maya Okafor", "Understood."),
    ("Maya Okafor", "I can send you the completed security questionnaire."),
    ("Maya Okafor", "You'll have it by Friday."),
    ("Gary Holt", "Great, thanks."),
]


def conversation() -> Conversation:
    lines, clock = [], 0.0
    for i, (speaker, text) in enumerate(SEGMENTS):
        length = len(text.split()) * 0.4
        lines.append(Line(i, clock, clock + length, speaker, text))
        clock += length + 0.3
    return Conversation(
        kind="call",
        title="Follow-up call",
        language="en",
        day=date(2026, 3, 10),
        speakers=(Speaker("Maya Okafor", True), Speaker("Gary Holt", False)),
        lines=tuple(lines),
        organization="Northwind",
    )


def test_segments_of_one_speaker_are_read_as_one_turn() -> None:
    turns, first = by_turns(conversation())
    assert [line.text for line in turns.lines] == [
        "Thanks for the time today, Gary.",
        "Sure. We need the security questionnaire answered before legal signs anything.",
        "Understood. I can send you the completed security questionnaire. You'll have it by "
        "Friday.",
        "Great, thanks.",
    ]
    assert [line.index for line in turns.lines] == [0, 1, 2, 3]
    assert first == (0, 1, 3, 6)


def test_a_turn_stops_at_a_long_silence_and_at_thirty_seconds() -> None:
    base = conversation()
    far = Line(7, base.lines[-1].end + 5.0, base.lines[-1].end + 6.0, "Gary Holt", "Bye.")
    long = tuple(Line(i, i * 8.0, i * 8.0 + 7.5, "Gary Holt", "One sentence.") for i in range(6))
    turns, _ = by_turns(Conversation(**{**base.__dict__, "lines": (*base.lines, far)}))
    assert turns.lines[-1].text == "Bye."
    turns, first = by_turns(Conversation(**{**base.__dict__, "lines": long}))
    assert all(line.end - line.start <= 30.0 for line in turns.lines)
    assert first == (0, 3)  # 0 to 23.5 s; a fourth sentence would end at 31.5 s


def test_a_promise_over_two_segments_is_found_and_points_at_its_turn() -> None:
    talk = conversation()
    result = engines.analyze(engines.builtin_engine(), talk, [], DEFAULT_OBJECTIVES)
    steps = [s for s in result.next_steps if "security questionnaire" in s.action]
    assert steps, result.next_steps
    # The line is a segment position: the turn's first segment, where the player jumps.
    assert steps[0].line == 3
    assert steps[0].due == date(2026, 3, 13)
    answer = engines.answer(engines.builtin_engine(), talk, Question("What are the next steps?"))
    assert all(0 <= c.line < len(SEGMENTS) for c in answer.citations)
    assert {c.line for c in answer.citations} <= {0, 1, 3, 6}
