"""When each demo line is spoken, cut into the segments recognition would make of it.

A turn is timed from its word count (about 2.5 words a second), its words spread over that time
by their length with a breath after commas and sentence ends, and then cut by the same caption
rules as recognized speech (`meetsight.speech.captions`): the demo's transcripts look like an
upload's, one sentence or caption per segment.
"""

from __future__ import annotations

import random

from meetsight.demo.records import DemoSegment
from meetsight.speech.captions import captions, ends_sentence, join_words
from meetsight.speech.recognize import Word

SENTENCE_BREATH = 0.35  # seconds after a sentence end within a turn
COMMA_BREATH = 0.15


def caption_count(text: str) -> int:
    """How many segments a line becomes (timing does not change where it is cut)."""
    return len(captions(_spread(text, 0.0, max(1.0, len(text.split()) / 2.5))))


def _spread(text: str, start: float, length: float) -> list[Word]:
    """The words of `text` over `length` seconds from `start`, each taking time by its length."""
    tokens = text.split()
    pauses = [
        SENTENCE_BREATH if ends_sentence(t) else COMMA_BREATH if t.endswith(",") else 0.0
        for t in tokens[:-1]
    ] + [0.0]
    speaking = max(length - sum(pauses), 0.2 * len(tokens))
    weights = [len(t) + 2 for t in tokens]
    per_unit = speaking / sum(weights)
    words, clock = [], start
    for token, weight, pause in zip(tokens, weights, pauses, strict=True):
        end = clock + weight * per_unit
        words.append(Word(round(clock, 2), round(end, 2), token))
        clock = end + pause
    return words


def timed_segments(rng: random.Random, turns: list[tuple[str, str]]) -> list[DemoSegment]:
    """Turns to segments with speaking times, pauses between turns and now and then a slight
    overlap, as people talk."""
    segments: list[DemoSegment] = []
    clock = rng.uniform(1.0, 6.0)
    previous = ""
    for speaker, text in turns:
        words = len(text.split())
        length = max(0.6, words / rng.uniform(2.2, 2.8) + rng.uniform(0.1, 0.4))
        if segments:
            # Same speaker: a breath; a new speaker: a pause, sometimes a small overlap.
            gap = rng.uniform(0.1, 0.5) if speaker == previous else rng.uniform(-0.3, 1.4)
            clock = max(segments[-1].start_time + 0.3, segments[-1].end_time + gap)
        for caption in captions(_spread(text, clock, length)):
            segments.append(
                DemoSegment(caption[0].start, caption[-1].end, speaker, join_words(caption))
            )
        clock, previous = segments[-1].end_time, speaker
    return segments
