"""A stored segment's text as sentences, each with its share of the segment's time.

Recognized transcripts are stored a sentence (or a caption-sized piece of one) per segment, but an
imported transcript may hold a whole paragraph in one cue. Where a reader counts sentences (MCP's
`maxSentences`), a segment is split at its sentence ends by the rules captions use, and its time
shared by the characters each sentence takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from meetsight.speech.captions import ends_sentence


@dataclass(frozen=True, slots=True)
class TimedSentence:
    segment: int  # the position of the segment it comes from
    start: float
    end: float
    text: str


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, split after words that end one ("Mr." and "e.g." do not)."""
    sentences: list[list[str]] = [[]]
    for word in text.split():
        sentences[-1].append(word)
        if ends_sentence(word):
            sentences.append([])
    return [" ".join(words) for words in sentences if words]


_KEPT_CHARS = 1_000


def sentence_count(text: str) -> int:
    """How many sentences `text` reads as (at least one). Counts of texts up to
    _KEPT_CHARS are kept, since search hits ask again for the same transcripts' segments; the
    bound keeps the cache under 16 MB whatever a transcript holds."""
    return _kept_count(text) if len(text) <= _KEPT_CHARS else len(split_sentences(text)) or 1


@lru_cache(maxsize=16_384)
def _kept_count(text: str) -> int:
    return len(split_sentences(text)) or 1


def segment_sentences(position: int, start: float, end: float, text: str) -> list[TimedSentence]:
    parts = split_sentences(text) or [text]
    total = sum(len(p) for p in parts) or 1
    out, done = [], 0
    for part in parts:
        begin = start + (end - start) * done / total
        done += len(part)
        out.append(
            TimedSentence(
                position, round(begin, 3), round(start + (end - start) * done / total, 3), part
            )
        )
    return out
