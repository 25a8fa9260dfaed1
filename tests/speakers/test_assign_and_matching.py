"""Word assignment, segment breaks, participant matching and renaming (no audio needed)."""

from __future__ import annotations

import numpy as np
import pytest

from meetsight.speakers import (
    Participant,
    SpeakerTurn,
    apply_matches,
    assign_words,
    channel_turns,
    label_words,
    match_speakers,
)
from meetsight.speech.recognize import Word
from meetsight.transcripts.speaker_labels import assign_speaker
from meetsight.transcripts.types import SegmentData


def words(*spec: tuple[float, float, str]) -> list[Word]:
    return [Word(start, end, text) for start, end, text in spec]


def test_word_goes_to_the_turn_it_overlaps_most() -> None:
    turns = [SpeakerTurn(0.0, 1.2, 0), SpeakerTurn(1.2, 3.0, 1)]
    # 1.0-1.6 overlaps speaker 0 by 0.2 s and speaker 1 by 0.4 s.
    segments = assign_words(words((0.1, 0.5, "hello"), (1.0, 1.6, "there")), turns)
    assert [(s.speaker, s.content) for s in segments] == [
        ("Speaker 1", "hello"),
        ("Speaker 2", "there"),
    ]


def test_word_in_a_gap_goes_to_the_nearest_turn() -> None:
    turns = [SpeakerTurn(0.0, 1.0, 0), SpeakerTurn(3.0, 4.0, 1)]
    segments = assign_words(words((0.2, 0.8, "one"), (2.6, 2.9, "two")), turns)
    assert [s.speaker for s in segments] == ["Speaker 1", "Speaker 2"]


def test_labels_follow_first_appearance_not_diarizer_index() -> None:
    turns = [SpeakerTurn(0.0, 1.0, 5), SpeakerTurn(1.0, 2.0, 2), SpeakerTurn(2.0, 3.0, 5)]
    segments, labels = label_words(words((0.1, 0.4, "a"), (1.1, 1.4, "b"), (2.1, 2.4, "c")), turns)
    assert [s.speaker for s in segments] == ["Speaker 1", "Speaker 2", "Speaker 1"]
    assert labels == {5: "Speaker 1", 2: "Speaker 2"}


def test_segments_break_at_turns_long_pauses_and_max_length() -> None:
    turns = [SpeakerTurn(0.0, 100.0, 0)]
    spoken = words((0.0, 0.5, "a"), (0.6, 1.0, "b"), (4.0, 4.5, "c"))  # 3 s pause before c
    assert [s.content for s in assign_words(spoken, turns)] == ["a b", "c"]
    # 70 s of talk without punctuation: cut into captions of at most 7 s and 16 words.
    long_talk = [Word(i * 1.0, i * 1.0 + 0.8, f"w{i}") for i in range(70)]
    segments = assign_words(long_talk, turns)
    assert all(s.end_time - s.start_time <= 7.0 for s in segments)
    assert len(segments) == 10
    assert " ".join(s.content for s in segments) == " ".join(w.text for w in long_talk)
    merged = assign_words(spoken, turns, max_pause=5.0)
    assert [(s.start_time, s.end_time, s.content) for s in merged] == [(0.0, 4.5, "a b c")]


def test_a_turn_is_cut_at_its_sentences_and_never_spans_two_speakers() -> None:
    turns = [SpeakerTurn(0.0, 3.0, 0), SpeakerTurn(3.0, 6.0, 1)]
    spoken = words(
        (0.0, 0.4, "Yes."),
        (0.5, 0.9, "We"),
        (1.0, 1.4, "agree."),
        (1.5, 1.9, "Send"),
        (2.0, 2.4, "it"),
        (3.1, 3.5, "Thanks"),  # speaker 2 takes over mid-sentence
        (3.6, 4.0, "a"),
        (4.1, 4.5, "lot."),
    )
    segments = assign_words(spoken, turns)
    assert [(s.speaker, s.content) for s in segments] == [
        ("Speaker 1", "Yes."),
        ("Speaker 1", "We agree."),
        ("Speaker 1", "Send it"),
        ("Speaker 2", "Thanks a lot."),
    ]


def test_no_turns_means_one_speaker() -> None:
    segments = assign_words(words((0.0, 0.5, "a"), (0.6, 1.0, "b")), [])
    assert [(s.speaker, s.content) for s in segments] == [("Speaker 1", "a b")]


def test_channels_that_carry_the_same_sound_are_not_speakers() -> None:
    rng = np.random.default_rng(0)
    noise = (rng.standard_normal(16_000 * 4) * 0.1).astype(np.float32)
    assert channel_turns([noise, noise.copy()]) is None
    assert channel_turns([noise]) is None
    silent = np.zeros_like(noise)
    assert channel_turns([noise, silent]) is None  # only one side ever talks
    left = np.concatenate([noise[:32_000], silent[:32_000]])
    right = np.concatenate([silent[:32_000], noise[:32_000]])
    result = channel_turns([left, right])
    assert result is not None and result.method == "channels"
    assert [(t.speaker, round(t.start, 1), round(t.end, 1)) for t in result.turns] == [
        (0, 0.0, 2.0),
        (1, 2.0, 4.0),
    ]


OWNER = Participant("p-owner", "Ada Owner", is_owner=True)
GUEST = Participant("p-guest", "Gus Guest")


def test_channel_zero_is_the_owner() -> None:
    matches = match_speakers(
        ["Speaker 1", "Speaker 2"],
        [GUEST, OWNER],
        channel_of_speaker={"Speaker 1": 1, "Speaker 2": 0},
    )
    assert matches == {"Speaker 2": OWNER, "Speaker 1": GUEST}


def test_mono_calls_use_the_direction_and_otherwise_stay_generic() -> None:
    speakers = ["Speaker 1", "Speaker 2"]
    assert match_speakers(speakers, [OWNER, GUEST], direction="inbound") == {
        "Speaker 1": OWNER,
        "Speaker 2": GUEST,
    }
    assert match_speakers(speakers, [OWNER, GUEST], direction="outbound") == {
        "Speaker 1": GUEST,
        "Speaker 2": OWNER,
    }
    assert match_speakers(speakers, [OWNER, GUEST]) == {}  # a meeting: no cue
    third = Participant("p-3", "Tess Third")
    assert match_speakers(speakers, [OWNER, GUEST, third], direction="inbound") == {}
    assert match_speakers(["Speaker 1"], [GUEST]) == {"Speaker 1": GUEST}


def test_a_call_with_only_its_owner_names_the_owners_side_and_leaves_the_other() -> None:
    speakers = ["Speaker 1", "Speaker 2"]
    assert match_speakers(speakers, [OWNER], direction="inbound") == {"Speaker 1": OWNER}
    assert match_speakers(speakers, [OWNER], direction="outbound") == {"Speaker 2": OWNER}
    channels = {"Speaker 1": 1, "Speaker 2": 0}
    assert match_speakers(speakers, [OWNER], channel_of_speaker=channels) == {"Speaker 2": OWNER}
    assert match_speakers(speakers, [OWNER]) == {}  # a meeting: no cue
    assert match_speakers(speakers, [GUEST], direction="inbound") == {}  # no owner


def test_assign_speaker_renames_and_links_only_that_speaker() -> None:
    segments = [
        SegmentData(0.0, 1.0, "Speaker 1", "hi"),
        SegmentData(1.0, 2.0, "Speaker 2", "hello"),
        SegmentData(2.0, 3.0, "Speaker 1", "bye"),
    ]
    renamed = assign_speaker(segments, "Speaker 1", name="Ada Owner", person_id="p-owner")
    assert [(s.speaker, s.person_id) for s in renamed] == [
        ("Ada Owner", "p-owner"),
        ("Speaker 2", None),
        ("Ada Owner", "p-owner"),
    ]
    assert segments[0].speaker == "Speaker 1"  # pure: the input is untouched
    assert renamed[1] is not segments[1]
    with pytest.raises(KeyError):
        assign_speaker(segments, "Speaker 9", name="x")
    with pytest.raises(ValueError):
        assign_speaker(segments, "Speaker 1", name=" ")
    matched = apply_matches(segments, {"Speaker 2": GUEST})
    assert [s.speaker for s in matched] == ["Speaker 1", "Gus Guest", "Speaker 1"]
