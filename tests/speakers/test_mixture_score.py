"""The speaker-attribution score (1 - DER under the best label mapping) on hand-made turns."""

from __future__ import annotations

import numpy as np

from meetsight.speakers.types import SpeakerTurn

from .mixtures import Utterance, mix, score

REFERENCE = [(0.0, 10.0, "ann"), (10.0, 20.0, "bob"), (20.0, 30.0, "ann")]


def test_labels_are_mapped_whatever_their_numbers() -> None:
    found = [SpeakerTurn(0.0, 10.0, 7), SpeakerTurn(10.0, 20.0, 3), SpeakerTurn(20.0, 30.0, 7)]
    result = score(REFERENCE, found, 30.0)
    assert result.correct == 1.0
    assert result.speakers_found == 2


def test_one_speaker_for_everything_gets_the_larger_share() -> None:
    result = score(REFERENCE, [SpeakerTurn(0.0, 30.0, 0)], 30.0, collar=0.0)
    assert abs(result.correct - 2 / 3) < 0.01
    assert abs(result.confusion - 1 / 3) < 0.01


def test_an_over_split_speaker_loses_the_part_without_a_partner() -> None:
    found = [SpeakerTurn(0.0, 10.0, 0), SpeakerTurn(10.0, 20.0, 1), SpeakerTurn(20.0, 30.0, 2)]
    result = score(REFERENCE, found, 30.0, collar=0.0)
    assert abs(result.correct - 2 / 3) < 0.01
    assert result.speakers_found == 3


def test_missed_speech_and_false_alarms_count() -> None:
    found = [SpeakerTurn(0.0, 5.0, 0), SpeakerTurn(10.0, 20.0, 1), SpeakerTurn(20.0, 34.0, 0)]
    result = score(REFERENCE, found, 34.0, collar=0.0)
    assert abs(result.missed - 5 / 30) < 0.01
    assert abs(result.false_alarm - 4 / 30) < 0.01
    assert abs(result.correct - (1 - 9 / 30)) < 0.01


def test_collar_leaves_boundaries_out() -> None:
    late = [SpeakerTurn(0.0, 10.2, 0), SpeakerTurn(10.2, 20.0, 1), SpeakerTurn(20.0, 30.0, 0)]
    assert score(REFERENCE, late, 30.0).correct == 1.0
    assert score(REFERENCE, late, 30.0, collar=0.0).correct < 1.0


def test_mix_places_overlaps_and_pauses() -> None:
    one = Utterance("a", np.full(16_000, 0.1, np.float32))
    two = Utterance("b", np.full(8_000, 0.1, np.float32))
    mixture = mix([(one, 0.0), (two, -0.25), (one, 1.0)], lead=0.5, tail=0.5)
    starts = [round(t[0], 2) for t in mixture.turns]
    assert starts == [0.5, 1.25, 2.75]
    assert mixture.speakers == ["a", "b"]
    assert abs(mixture.duration - 4.25) < 0.01
    # The overlap adds the two signals.
    assert abs(float(mixture.samples[int(1.3 * 16_000)]) - 0.2) < 1e-6
