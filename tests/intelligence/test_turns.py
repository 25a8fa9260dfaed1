"""The engines read speaker turns joined from caption-sized segments; their results point back at
segments (meetsight.intelligence.turns)."""

from __future__ import annotations

from datetime import date

from meetsight.intelligence import engine_choice as engines
from meetsight.intelligence.conversation import Conversation, Line, Question, Speaker
from meetsight.intelligence.results import ChatAnswer
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
        own_segments=True,  # cut by recognition: sentence by sentence
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
    assert [tuple(m.index for m in group) for group in first] == [(0,), (1, 2), (3, 4, 5), (6,)]


def test_a_turn_stops_at_a_long_silence_and_at_thirty_seconds() -> None:
    base = conversation()
    far = Line(7, base.lines[-1].end + 5.0, base.lines[-1].end + 6.0, "Gary Holt", "Bye.")
    long = tuple(Line(i, i * 8.0, i * 8.0 + 7.5, "Gary Holt", "One sentence.") for i in range(6))
    turns, _ = by_turns(Conversation(**{**base.__dict__, "lines": (*base.lines, far)}))
    assert turns.lines[-1].text == "Bye."
    turns, groups = by_turns(Conversation(**{**base.__dict__, "lines": long}))
    assert all(line.end - line.start <= 30.0 for line in turns.lines)
    assert [group[0].index for group in groups] == [
        0,
        3,
    ]  # 0 to 23.5 s; a fourth sentence would end at 31.5 s


def test_a_promise_over_two_segments_is_found_and_points_at_its_turn() -> None:
    talk = conversation()
    result = engines.analyze(engines.builtin_engine(), talk, [], DEFAULT_OBJECTIVES)
    steps = [s for s in result.next_steps if "security questionnaire" in s.action]
    assert steps, result.next_steps
    # The line is a segment position: the turn's segment that says it, where the player jumps.
    assert steps[0].line == 4
    assert steps[0].due == date(2026, 3, 13)
    answer = engines.answer(engines.builtin_engine(), talk, Question("What are the next steps?"))
    assert all(0 <= c.line < len(SEGMENTS) for c in answer.citations)
    for citation in answer.citations:
        assert citation.start == talk.lines[citation.line].start


def test_an_imported_transcript_is_read_as_its_cues() -> None:
    """Cues someone else cut stay as they are: only meetsight's own segments become turns."""
    imported = Conversation(**{**conversation().__dict__, "own_segments": False})
    result = engines.analyze(engines.builtin_engine(), imported, [], DEFAULT_OBJECTIVES)
    joined = engines.analyze(engines.builtin_engine(), conversation(), [], DEFAULT_OBJECTIVES)
    assert len(imported.lines) == len(SEGMENTS)
    for step in (*result.next_steps, *joined.next_steps):
        assert step.line is None or 0 <= step.line < len(SEGMENTS)


class _Reader:
    """An engine that answers nothing and keeps the conversation it was given to read."""

    name = "reader"

    def __init__(self) -> None:
        self.read: Conversation | None = None

    def analyze(self, conversation: Conversation, categories: object, objectives: object) -> None:
        self.read = conversation
        raise RuntimeError("read only")  # engines.analyze falls back to the built-in engine

    def answer(self, conversation: Conversation, question: Question) -> ChatAnswer:
        self.read = conversation
        return ChatAnswer("")


UNPUNCTUATED = [
    ("Svetlana Petrova", "so we are twenty two agents plus two admins"),
    ("Svetlana Petrova", "and we do mostly residential up on the north side"),
    ("Tyrone Jackson", "got it and what are you using for a crm right now"),
    ("Svetlana Petrova", "follow up boss for the last three years"),
]


def _unpunctuated(own: bool) -> Conversation:
    lines = tuple(
        Line(i, i * 5.0, i * 5.0 + 4.0, who, text) for i, (who, text) in enumerate(UNPUNCTUATED)
    )
    return Conversation(**{**conversation().__dict__, "lines": lines, "own_segments": own})


def test_chat_reads_an_imported_unpunctuated_transcript_as_its_cues() -> None:
    """ASR-style cues end with no full stop: joined as caption pieces, every cue of a speaker
    would run into the next and an answer would quote its neighbours."""
    for own, expected in ((False, len(UNPUNCTUATED)), (True, 3)):
        reader = _Reader()
        engines.answer(reader, _unpunctuated(own), Question("How many agents do they have?"))  # type: ignore[arg-type]
        assert reader.read is not None
        assert len(reader.read.lines) == expected


def test_analysis_reads_an_imported_unpunctuated_transcript_as_its_cues() -> None:
    """The same for the analysis: next steps and notes point at the cue that said them."""
    for own, expected in ((False, len(UNPUNCTUATED)), (True, 3)):
        reader = _Reader()
        engines.analyze(reader, _unpunctuated(own), [], DEFAULT_OBJECTIVES)  # type: ignore[arg-type]
        assert reader.read is not None
        assert len(reader.read.lines) == expected
