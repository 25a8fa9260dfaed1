"""Tests for meetsight.intelligence.analytics.

Every expected number is a literal worked out by hand (see the comments), never recomputed with
the code under test.
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import pytest

from meetsight.intelligence.analytics import (
    CustomerStory,
    SpeakerParticipation,
    SpeakerQuestions,
    TalkAnalytics,
    compute_analytics,
    count_questions,
    format_mmss,
)
from meetsight.transcripts.types import SegmentData

FW_Q = "\uff1f"  # full-width question mark, escaped so it is not mistaken for "?"
FW_STOP = "\u3002"  # ideographic full stop


def seg(start: float, end: float, speaker: str, content: str = "") -> SegmentData:
    return SegmentData(start_time=start, end_time=end, speaker=speaker, content=content)


# Alice is the rep (internal); Bob and Carla are the customer.
# Order of stretches: A | B B B | A | C | A | C | A | B B | A
CALL = [
    # 1 Alice 0-10 (10 s), 1 question
    seg(0.0, 10.0, "Alice", "Hi all, thanks for joining. How is everyone today?"),
    # 2 Bob 10-20 (10 s), statement, no question
    seg(10.0, 20.0, "Bob", "Good, thanks. We are evaluating tools."),
    # 3 Bob 22-30 (8 s), after 2 s of silence: same stretch as #2; "…" is not a question
    seg(22.0, 30.0, "Bob", "Our setup is slow… we lose deals."),
    # 4 Bob 28-40 (12 s), overlaps #3 by 2 s; two Spanish questions
    seg(28.0, 40.0, "Bob", "¿Cuánto cuesta? ¿Y el soporte?"),
    # 5 Alice 40-45 (5 s); "Really?!" counts once
    seg(40.0, 45.0, "Alice", "Really?! That is great to hear."),
    # 6 Carla 45-50.5 (5.5 s), 1 question
    seg(45.0, 50.5, "Carla", "I have a question about security. Where is data stored?"),
    # 7 Alice 50.5-52 (1.5 s), interrupts Carla
    seg(50.5, 52.0, "Alice", "In the EU."),
    # 8 Carla 52-60 (8 s), 2 questions
    seg(52.0, 60.0, "Carla", "Okay. Is it encrypted at rest? And in transit?"),
    # 9 Alice 59-61 (2 s), overlaps Carla: cross-speaker overlap counts for both
    seg(59.0, 61.0, "Alice", "Yes."),
    # 10 Bob 61-75.25 (14.25 s): quoted mid-sentence "why?" and URL "?" are not questions
    seg(61.0, 75.25, "Bob", 'He said "why?" and left. See https://example.com/?q=1 for details.'),
    # 11 Bob 75.25-80 (4.75 s), same stretch as #10
    seg(75.25, 80.0, "Bob", "That is the story."),
    # 12 Alice 80-90 (10 s), full-width question mark, 1 question
    seg(80.0, 90.0, "Alice", f"Any other questions{FW_Q} Thanks{FW_STOP}"),
]

# Alice: time 10+5+1.5+2+10 = 28.5 -> "00:29" (half-up); 5 interventions; avg 28.5/5 = 5.7;
#        stretches 10, 5, 1.5, 2, 10 -> longest 10; questions 1+1+1 = 3.
# Bob:   merged [10,20] [22,40] [61,80] = 10+18+19 = 47 (naive sum would be 49);
#        5 interventions; avg 47/5 = 9.4; stretches 10-40 = 30 and 61-80 = 19 -> 30;
#        questions 2.
# Carla: 5.5+8 = 13.5 -> "00:14"; 2 interventions; avg 6.75; stretches 5.5, 8 -> 8;
#        questions 1+2 = 3.
# Questions 3+2+3 = 8. Duration 90-0 = 90. Switches (A|B, B|A, A|C, C|A, A|C, C|A, A|B, B|A) = 8.
# Ratio with Alice internal: 28.5 / (28.5+47+13.5 = 89) = 0.32022... -> 0.32.
# Longest customer story: Bob 10-40, 30 s.
EXPECTED_QUESTIONS = [
    SpeakerQuestions("Alice", 3),
    SpeakerQuestions("Bob", 2),
    SpeakerQuestions("Carla", 3),
]
EXPECTED_PARTICIPATION = [
    SpeakerParticipation("Alice", 28.5, "00:29", 10.0, 5, 5.7),
    SpeakerParticipation("Bob", 47.0, "00:47", 30.0, 5, 9.4),
    SpeakerParticipation("Carla", 13.5, "00:14", 8.0, 2, 6.75),
]


def test_call_every_field_with_internal_speaker() -> None:
    result = compute_analytics(CALL, internal_speakers={"Alice"})
    assert result == TalkAnalytics(
        questions_by_speaker=EXPECTED_QUESTIONS,
        participation=EXPECTED_PARTICIPATION,
        talk_listen_ratio=0.32,
        longest_customer_story=CustomerStory("Bob", 10.0, 40.0, 30.0),
        total_duration=90.0,
        question_count=8,
        speaker_switches=8,
    )


def test_call_without_internal_speakers_has_no_ratio_or_story() -> None:
    result = compute_analytics(CALL)
    assert result.talk_listen_ratio is None
    assert result.longest_customer_story is None
    assert result.questions_by_speaker == EXPECTED_QUESTIONS
    assert result.participation == EXPECTED_PARTICIPATION
    assert (result.total_duration, result.question_count, result.speaker_switches) == (90.0, 8, 8)


def test_unsorted_input_gives_the_same_result() -> None:
    shuffled = [CALL[i] for i in (7, 2, 11, 0, 9, 4, 1, 10, 6, 3, 8, 5)]
    expected = compute_analytics(CALL, internal_speakers=["Alice"])
    assert compute_analytics(shuffled, internal_speakers=["Alice"]) == expected
    assert compute_analytics(list(reversed(CALL)), internal_speakers=["Alice"]) == expected


def test_ratio_with_two_customers_internal() -> None:
    # (47 + 13.5) / 89 = 0.67977... -> 0.68; every non-internal stretch is Alice's: longest 10 s,
    # the first one (0-10) wins the tie with 80-90.
    result = compute_analytics(CALL, internal_speakers=("Bob", "Carla"))
    assert result.talk_listen_ratio == 0.68
    assert result.longest_customer_story == CustomerStory("Alice", 0.0, 10.0, 10.0)


def test_ratio_when_no_internal_speaker_talks_is_zero() -> None:
    result = compute_analytics(CALL, internal_speakers={"Dana"})
    assert result.talk_listen_ratio == 0.0
    assert result.longest_customer_story == CustomerStory("Bob", 10.0, 40.0, 30.0)


def test_ratio_rounds_to_thousandths() -> None:
    # 1 / (1 + 2) = 0.3333... -> 0.333
    segments = [seg(0, 1, "rep"), seg(1, 3, "buyer")]
    assert compute_analytics(segments, internal_speakers={"rep"}).talk_listen_ratio == 0.333


def test_all_internal_has_full_ratio_and_no_story() -> None:
    result = compute_analytics(CALL, internal_speakers={"Alice", "Bob", "Carla"})
    assert result.talk_listen_ratio == 1.0
    assert result.longest_customer_story is None


def test_empty_transcript() -> None:
    expected = TalkAnalytics([], [], None, None, 0.0, 0, 0)
    assert compute_analytics([]) == expected
    assert compute_analytics([], internal_speakers={"Alice"}) == expected


def test_one_speaker_transcript() -> None:
    segments = [
        seg(5.0, 10.0, "Solo", "Welcome. Any questions?"),  # 5 s, 1 question
        seg(12.0, 20.0, "Solo", "No? Then let's start."),  # 8 s after 2 s silence, 1 question
        seg(20.0, 30.0, "Solo", "Slide one."),  # 10 s
    ]
    # total 23 s; 3 interventions; avg 7.67 (23/3 = 7.666...); one stretch 5-30 = 25 s.
    result = compute_analytics(segments, internal_speakers={"Solo"})
    assert result == TalkAnalytics(
        questions_by_speaker=[SpeakerQuestions("Solo", 2)],
        participation=[SpeakerParticipation("Solo", 23.0, "00:23", 25.0, 3, 7.67)],
        talk_listen_ratio=1.0,
        longest_customer_story=None,
        total_duration=25.0,
        question_count=2,
        speaker_switches=0,
    )


def test_one_customer_only_story_spans_the_whole_call() -> None:
    segments = [seg(5.0, 10.0, "Buyer"), seg(12.0, 20.0, "Buyer")]
    result = compute_analytics(segments, internal_speakers={"Rep"})
    assert result.talk_listen_ratio == 0.0
    assert result.longest_customer_story == CustomerStory("Buyer", 5.0, 20.0, 15.0)


def test_over_an_hour_formats_minutes_past_59() -> None:
    # 4503.4 s = 75 min 3.4 s -> "75:03"
    result = compute_analytics([seg(0.0, 4503.4, "Rep", "Long one.")])
    assert result.participation == [SpeakerParticipation("Rep", 4503.4, "75:03", 4503.4, 1, 4503.4)]
    assert result.total_duration == 4503.4


def test_same_speaker_overlap_is_not_double_counted() -> None:
    # [0,10] and [5,15] merge to [0,15]: 15 s, not 20; one stretch 0-15.
    overlapping = [seg(0.0, 10.0, "A"), seg(5.0, 15.0, "A")]
    (part,) = compute_analytics(overlapping).participation
    assert part == SpeakerParticipation("A", 15.0, "00:15", 15.0, 2, 7.5)


def test_nested_segment_does_not_shorten_the_stretch() -> None:
    # [0,10] contains [2,5]: 10 s spoken; the stretch still ends at 10, not at the last end 5.
    nested = [seg(0.0, 10.0, "A"), seg(2.0, 5.0, "A")]
    (part,) = compute_analytics(nested).participation
    assert part == SpeakerParticipation("A", 10.0, "00:10", 10.0, 2, 5.0)
    assert compute_analytics(nested).total_duration == 10.0


def test_cross_speaker_overlap_counts_for_both_and_breaks_stretches() -> None:
    # A [0,10], B [5,6] starts inside A, A [10,20]: B comes between, so A has two 10 s stretches.
    segments = [seg(0.0, 10.0, "A"), seg(5.0, 6.0, "B"), seg(10.0, 20.0, "A")]
    result = compute_analytics(segments, internal_speakers={"A"})
    assert result.participation == [
        SpeakerParticipation("A", 20.0, "00:20", 10.0, 2, 10.0),
        SpeakerParticipation("B", 1.0, "00:01", 1.0, 1, 1.0),
    ]
    assert result.speaker_switches == 2
    # 20 / 21 = 0.95238... -> 0.952
    assert result.talk_listen_ratio == 0.952
    assert result.longest_customer_story == CustomerStory("B", 5.0, 6.0, 1.0)


def test_inverted_segment_counts_as_intervention_with_zero_time() -> None:
    segments = [seg(10.0, 4.0, "A", "Why?"), seg(20.0, 23.0, "A")]
    # speaking time 0 + 3 = 3; 2 interventions; stretch 10-23 = 13 s
    (part,) = compute_analytics(segments).participation
    assert part == SpeakerParticipation("A", 3.0, "00:03", 13.0, 2, 1.5)
    assert compute_analytics(segments).question_count == 1


def test_zero_length_customer_stretch_is_not_a_story() -> None:
    segments = [seg(0.0, 5.0, "Rep"), seg(5.0, 5.0, "Buyer", "Hm?")]
    result = compute_analytics(segments, internal_speakers={"Rep"})
    assert result.longest_customer_story is None
    assert result.talk_listen_ratio == 1.0
    assert result.questions_by_speaker == [SpeakerQuestions("Rep", 0), SpeakerQuestions("Buyer", 1)]


def test_ties_keep_input_order_for_first_appearance() -> None:
    # Same (start, end): the stable sort keeps "Zed" before "Amy" as given.
    segments = [seg(0.0, 1.0, "Zed"), seg(0.0, 1.0, "Amy")]
    result = compute_analytics(segments)
    assert [q.speaker_label for q in result.questions_by_speaker] == ["Zed", "Amy"]
    assert [p.speaker_label for p in result.participation] == ["Zed", "Amy"]


def test_speakers_without_questions_are_listed_with_zero() -> None:
    segments = [seg(0.0, 1.0, "A", "Hello."), seg(1.0, 2.0, "B", "Hi?")]
    assert compute_analytics(segments).questions_by_speaker == [
        SpeakerQuestions("A", 0),
        SpeakerQuestions("B", 1),
    ]


def test_accepts_any_segment_like_object() -> None:
    class Row(NamedTuple):
        start_time: float
        end_time: float
        speaker: str
        content: str

    result = compute_analytics([Row(0.0, 2.0, "A", "Ok?"), Row(2.0, 3.0, "B", "Yes.")])
    assert result.question_count == 1
    assert result.total_duration == 3.0


def test_results_are_frozen() -> None:
    result = compute_analytics(CALL, internal_speakers={"Alice"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.question_count = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.participation[0].total_speaking_time = 0.0  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", 0),
        ("No questions here.", 0),
        ("Is it?", 1),
        ("Really?!", 1),
        ("What?!?", 1),
        ("Really!?", 1),
        ("¿Cuánto cuesta?", 1),
        ("¿Cuánto cuesta?¿Y el envío?", 2),
        ("¿Cuánto cuesta", 0),  # unclosed Spanish question is not counted
        (f"多少钱{FW_Q}好的{FW_STOP}", 1),
        (f"Price{FW_Q}", 1),
        ('he said "why?" and left', 0),
        ('She asked "why?"', 1),
        ("(right?) Okay.", 1),
        ("See https://example.com/?q=1 now.", 0),
        ("So?... fine", 1),
        ("is v2.0 out? yes. and v3? no", 2),
        ("One? Two? Three.", 2),
    ],
)
def test_count_questions(text: str, expected: int) -> None:
    assert count_questions(text) == expected


@pytest.mark.parametrize(
    ("seconds", "expected"),
    [
        (0.0, "00:00"),
        (0.49, "00:00"),
        (0.5, "00:01"),
        (2.5, "00:03"),  # half-up, not half-to-even
        (59.4, "00:59"),
        (59.5, "01:00"),
        (61.0, "01:01"),
        (3600.0, "60:00"),
        (4502.5, "75:03"),
        (4503.0, "75:03"),
        (-3.0, "00:00"),
    ],
)
def test_format_mmss(seconds: float, expected: str) -> None:
    assert format_mmss(seconds) == expected


def test_format_mmss_rejects_non_finite() -> None:
    with pytest.raises(ValueError):
        format_mmss(float("nan"))
