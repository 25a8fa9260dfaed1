"""Multi-channel recordings: one speaker per channel, when the channels really differ.

Phone systems and many meeting recorders write each side of a call to its own channel; then who
spoke when is a matter of which channel is loud, with no model at all. A "stereo" file that holds
the same mix on both channels (duplicated mono, or two microphones in one room) tells nothing
this way, and is left to diarization.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from meetsight.speakers.features import FRAME_LENGTH, FRAME_SHIFT, SAMPLE_RATE, frame_energy
from meetsight.speakers.types import Diarization, SpeakerTurn

DOMINANCE_DB = 10.0  # a frame belongs to a channel at least this much louder than every other
SILENCE_FLOOR_DB = -50.0  # dBFS under which a frame is silence whatever the recording's level
DYNAMIC_RANGE_DB = 40.0  # and anything this far under the recording's loud frames
MIN_DOMINANT_SHARE = 0.5  # of active frames: below it the channels carry the same sound
MIN_CHANNEL_SHARE = 0.02  # a channel that wins fewer active frames is crosstalk, not a speaker
MERGE_GAP = 0.3  # seconds: pauses this short do not end a turn
MIN_TURN = 0.1  # seconds: shorter runs are clicks or crosstalk


def _levels_db(channels: Sequence[np.ndarray]) -> np.ndarray:
    """(channels, frames) level of each 25 ms frame (10 ms hop) in dBFS."""
    length = min(len(c) for c in channels)
    rms = np.stack([frame_energy(c[:length]) for c in channels])
    return 20.0 * np.log10(rms + 1e-10)


def _runs(labels: np.ndarray) -> list[tuple[int, int, int]]:
    """(label, first, last+1) for each run of equal labels, skipping -1 (nobody)."""
    runs: list[tuple[int, int, int]] = []
    if len(labels) == 0:
        return runs
    edges = np.flatnonzero(np.diff(labels)) + 1
    starts = np.concatenate([[0], edges])
    ends = np.concatenate([edges, [len(labels)]])
    for s, e in zip(starts, ends, strict=True):
        if labels[s] >= 0:
            runs.append((int(labels[s]), int(s), int(e)))
    return runs


def frames_to_turns(
    labels: np.ndarray, frame_seconds: float, offset: float = 0.0
) -> list[SpeakerTurn]:
    """Turns from per-frame speaker labels (-1: nobody), joining a speaker's runs across short
    pauses and dropping runs too short to be speech."""
    turns: list[SpeakerTurn] = []
    for label, first, last in _runs(labels):
        start, end = offset + first * frame_seconds, offset + last * frame_seconds
        if turns and turns[-1].speaker == label and start - turns[-1].end <= MERGE_GAP:
            turns[-1] = SpeakerTurn(turns[-1].start, end, label)
        else:
            turns.append(SpeakerTurn(start, end, label))
    return [t for t in turns if t.duration >= MIN_TURN]


def channel_turns(channels: Sequence[np.ndarray]) -> Diarization | None:
    """One speaker per channel from per-frame energy, or None when the recording has fewer than
    two channels that really differ (then diarize the mono mix). A turn's `speaker` is its
    channel's index, so callers can tell which side of a call spoke."""
    if len(channels) < 2 or min(len(c) for c in channels) < FRAME_LENGTH:
        return None
    levels = _levels_db(channels)
    loudest = levels.max(axis=0)
    peak = float(np.percentile(loudest, 99))
    active = loudest > max(SILENCE_FLOOR_DB, peak - DYNAMIC_RANGE_DB)
    if not active.any():
        return None
    order = np.sort(levels, axis=0)
    margin = order[-1] - order[-2]  # how far the loudest channel stands above the next
    dominant = active & (margin >= DOMINANCE_DB)
    share = float(dominant.sum() / active.sum())
    winner = levels.argmax(axis=0)
    wins = np.bincount(winner[dominant], minlength=len(channels)) / max(1, int(active.sum()))
    speaking = [c for c in range(len(channels)) if wins[c] >= MIN_CHANNEL_SHARE]
    details: dict[str, object] = {"dominant_share": round(share, 3), "channels": len(channels)}
    if share < MIN_DOMINANT_SHARE or len(speaking) < 2:
        return None  # the same sound everywhere, or only one side ever talks
    labels = np.where(dominant & np.isin(winner, speaking), winner, -1)
    turns = frames_to_turns(labels, FRAME_SHIFT / SAMPLE_RATE)
    details["speaking_channels"] = speaking
    return Diarization("channels", turns, details)
