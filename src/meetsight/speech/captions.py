"""Recognized words into caption-sized transcript segments (docs/processing.md#segments).

A segment is what the player highlights, a caption shows and MCP hands out as a sentence, so it
is cut at sentence ends first. A sentence longer than a caption (about two lines: 84 characters,
16 words, 7 seconds) is cut where the speaker paused or at a clause mark, the pieces kept about
even. Speaker turns are cut by the caller: this module sees one speaker's words at a time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from meetsight.speech.recognize import Word

MAX_CHARS = 84  # two caption lines of 42 characters (the usual broadcast line)
MAX_WORDS = 16
MAX_SECONDS = 7.0

# Closing quotes and brackets that may follow a mark: 'he said "fine."' (escaped: ruff
# reads the typographic ones as look-alikes).
_CLOSERS = "[\"'\u201d\u2019\u00bb)\\]]"
_SENTENCE_END = re.compile("[.!?\u2026\u3002\uff01\uff1f]+" + _CLOSERS + "*$")
_CLAUSE_END = re.compile("[,;:\u2014\u2013]+" + _CLOSERS + "*$")
# A final dot that does not end a sentence: titles and Latin abbreviations, single initials.
_NOT_AN_END = re.compile(r"^(?:mr|mrs|ms|dr|prof|st|vs|sr|sra|dña|e\.g|i\.e|[a-z])\.$", re.I)
# Text that belongs to the word before it even when a backend gives it as a word of its own.
_ATTACHES = re.compile(
    r"^(?:[.,!?;:\u2026%)\]}\u00bb\u201d\u2019]+|'(?:s|t|re|ve|ll|d|m)|n't)$", re.I
)


@dataclass(frozen=True, slots=True)
class CaptionLimits:
    max_chars: int = MAX_CHARS
    max_words: int = MAX_WORDS
    max_seconds: float = MAX_SECONDS


def join_words(words: Sequence[Word]) -> str:
    """The words as text: a space before each word the recognizer spaced, none before a word that
    continues the one before ("ill" + "-disposed", "don" + "'t") or lone punctuation."""
    parts: list[str] = []
    for word in words:
        text = word.text.strip()
        if not text:
            continue
        if parts and word.spaced and not _ATTACHES.match(text):
            parts.append(" ")
        parts.append(text)
    return "".join(parts)


def ends_sentence(text: str) -> bool:
    """True when a word closes a sentence ("done.", 'ready?"'), not for "Mr." or "e.g."."""
    text = text.strip()
    return bool(_SENTENCE_END.search(text)) and not _NOT_AN_END.match(text)


def sentences(words: Sequence[Word]) -> list[list[Word]]:
    """Words grouped into sentences by their closing punctuation (the last group may be open)."""
    out: list[list[Word]] = [[]]
    for word in words:
        out[-1].append(word)
        if ends_sentence(word.text):
            out.append([])
    return [group for group in out if group]


def captions(words: Sequence[Word], limits: CaptionLimits | None = None) -> list[list[Word]]:
    """One speaker's consecutive words as caption groups: each sentence on its own, and a sentence
    over the limits cut where the cut reads best (see `_split`)."""
    limits = limits or CaptionLimits()
    out: list[list[Word]] = []
    for sentence in sentences(words):
        out.extend(_split(sentence, limits))
    return out


def _fits(words: Sequence[Word], limits: CaptionLimits) -> bool:
    if len(words) <= 1:
        return True  # a single word always stands, however long
    return (
        len(words) <= limits.max_words
        and words[-1].end - words[0].start <= limits.max_seconds
        and len(join_words(words)) <= limits.max_chars
    )


def _cut_cost(before: Word, after: Word) -> float:
    """How badly a cut between two words reads: cheap after a clause mark or at a pause, dear in
    the middle of a phrase spoken in one breath."""
    pause = after.start - before.end
    if _CLAUSE_END.search(before.text.strip()):
        return 0.5
    if pause >= 0.4:
        return 0.6
    if pause >= 0.2:
        return 1.5
    return 3.0


def _piece_cost(words: Sequence[Word], limits: CaptionLimits) -> float:
    # Each piece costs one, plus its unused room squared: pieces come out about even.
    room = 1.0 - len(join_words(words)) / limits.max_chars
    short = 1.5 if len(words) < 3 else 0.0  # a lone word or two reads as a stutter
    return 1.0 + 2.0 * max(room, 0.0) ** 2 + short


def _split(sentence: list[Word], limits: CaptionLimits) -> list[list[Word]]:
    """The cheapest cut of a sentence into pieces that fit, by dynamic programming over the cut
    positions (pieces are at most `max_words` long, so this is linear in the sentence)."""
    if _fits(sentence, limits):
        return [sentence]
    n = len(sentence)
    best = [0.0] + [float("inf")] * n
    cut_from = [0] * (n + 1)
    for end in range(1, n + 1):
        for start in range(end - 1, -1, -1):
            piece = sentence[start:end]
            if not _fits(piece, limits):
                break  # a longer piece fits even less
            cost = best[start] + _piece_cost(piece, limits)
            if end < n:
                cost += _cut_cost(sentence[end - 1], sentence[end])
            if cost < best[end]:
                best[end], cut_from[end] = cost, start
    pieces: list[list[Word]] = []
    end = n
    while end > 0:
        start = cut_from[end]
        pieces.append(sentence[start:end])
        end = start
    return pieces[::-1]
