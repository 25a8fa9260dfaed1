"""Recognized words to speakers, and transcript segments that break where the speaker changes
and, within a speaker's turn, at sentences and caption length (`meetsight.speech.captions`)."""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from meetsight.speakers.types import SpeakerTurn
from meetsight.speech.captions import MAX_SECONDS, CaptionLimits, captions, join_words
from meetsight.speech.recognize import Word
from meetsight.transcripts.types import SegmentData

MAX_PAUSE = 2.0  # seconds of silence that end a segment even when the speaker stays
MAX_SEGMENT = MAX_SECONDS  # a caption's length: readable captions, precise search hits


def speaker_label(index: int) -> str:
    return f"Speaker {index + 1}"


def word_speaker(word: Word, turns: Sequence[SpeakerTurn], starts: Sequence[float]) -> int | None:
    """The speaker whose turns overlap the word most; with no overlap (the word falls in a gap the
    diarizer left), the speaker of the nearest turn. `starts` is the turns' sorted start times."""
    if not turns:
        return None
    overlap: dict[int, float] = {}
    i = max(0, bisect.bisect_right(starts, word.start) - 1)
    # Walk back over turns that may still reach into the word (turns can be long).
    while i > 0 and turns[i - 1].end > word.start:
        i -= 1
    for turn in turns[i:]:
        if turn.start >= word.end:
            break
        shared = min(turn.end, word.end) - max(turn.start, word.start)
        if shared > 0:
            overlap[turn.speaker] = overlap.get(turn.speaker, 0.0) + shared
    if overlap:
        return max(overlap, key=lambda s: overlap[s])
    middle = (word.start + word.end) / 2

    def distance(turn: SpeakerTurn) -> float:
        return max(turn.start - middle, middle - turn.end, 0.0)

    return min(turns, key=distance).speaker


def assign_words(
    words: Sequence[Word],
    turns: Sequence[SpeakerTurn],
    *,
    max_pause: float = MAX_PAUSE,
    max_segment: float = MAX_SEGMENT,
) -> list[SegmentData]:
    """`label_words` without the label map."""
    return label_words(words, turns, max_pause=max_pause, max_segment=max_segment)[0]


def label_words(
    words: Sequence[Word],
    turns: Sequence[SpeakerTurn],
    *,
    max_pause: float = MAX_PAUSE,
    max_segment: float = MAX_SEGMENT,
) -> tuple[list[SegmentData], dict[int | None, str]]:
    """Segments of consecutive words by one speaker, broken at speaker changes and pauses longer
    than `max_pause`, then into sentences and captions of at most `max_segment` seconds.
    Speakers are labelled "Speaker 1", "Speaker 2"... in order of first appearance; with no
    turns everything is "Speaker 1".
    Also returns which label each diarized speaker index got."""
    ordered = sorted(turns, key=lambda t: t.start)
    starts = [t.start for t in ordered]
    labels: dict[int | None, str] = {}
    segments: list[SegmentData] = []
    current: list[Word] = []
    current_speaker: int | None = None
    limits = CaptionLimits(max_seconds=max_segment)

    def flush() -> None:
        for caption in captions(current, limits):
            if not (text := join_words(caption)):
                continue
            if current_speaker not in labels:
                labels[current_speaker] = speaker_label(len(labels))
            segments.append(
                SegmentData(caption[0].start, caption[-1].end, labels[current_speaker], text)
            )

    for word in sorted(words, key=lambda w: w.start):
        speaker = word_speaker(word, ordered, starts)
        if current and (speaker != current_speaker or word.start - current[-1].end > max_pause):
            flush()
            current = []
        if not current:
            current_speaker = speaker
        current.append(word)
    flush()
    return segments, labels
