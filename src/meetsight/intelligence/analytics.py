"""Talk analytics over one transcript: pure, deterministic, no I/O.

Entry point: :func:`compute_analytics`. All times are seconds from the start of the recording.

Definitions (the tests hold the code to these):

Ordering
    Segments are sorted by ``(start_time, end_time)`` with a stable sort, so unsorted input gives
    the same result and ties keep their input order. Speakers appear in every list in order of
    their first segment in that sorted order; every speaker appears in every list, with zeros
    where they have nothing to count.

Speaking time
    A segment's speaking time is ``max(0, end_time - start_time)``. Per speaker, the segments'
    intervals are merged before summing, so a speaker's overlapping segments are not counted
    twice. Overlap *between different* speakers is counted for each of them.
    ``total_speaking_time`` is rounded to 0.01 s; ``total_speaking_time_mmss`` is that rounded
    value formatted by :func:`format_mmss`.

Interventions
    The number of segments a speaker has (zero-length segments included).

Average time per intervention
    Total (unrounded) speaking time divided by interventions, rounded to 0.01 s; 0 when none.

Stretch / longest monologue
    Walking the sorted segments, consecutive segments by the same speaker form one stretch as
    long as no other speaker's segment comes between them; silence between them does not break
    it. A stretch lasts from its first segment's start to the latest end among its segments
    (normally the last segment's end; the max only matters when a segment is nested inside an
    earlier one of the same speaker), never below 0. ``longest_monologue`` is a speaker's
    longest stretch, rounded to 0.01 s.

Questions
    Per segment, runs of terminators (``. ! ? …`` and the full-width/CJK ``U+3002 U+FF01
    U+FF1F``) are collapsed into one terminator each, so ``"Really?!"`` counts once. A run is a
    question when it contains ``?`` or the full-width question mark U+FF1F; it is counted when it
    ends a sentence, i.e. it is followed by

    * the end of the text, whitespace, or a Spanish opening mark ``¿``/``¡`` (so both
      ``"¿Cuánto cuesta?"`` and ``"¿Cuánto?¿Y el envío?"`` count per question), or
    * closing quotes/brackets and then the end of the text, or whitespace before a word that
      does not start with a lowercase letter (so ``(right?) Okay.`` counts, but in
      ``he said "why?" and left`` the quoted question is mid-sentence and does not).

    A run containing a full-width U+FF1F always ends a sentence, because CJK text puts no space
    after it. A ``?`` glued to following characters (``https://x.io/?q=1``) ends nothing. An
    opening ``¿`` without a closing ``?`` is not counted.

Talk/listen ratio
    Internal speakers' speaking time divided by all speakers' speaking time (each speaker's
    merged time, summed), rounded to 0.001. ``None`` when ``internal_speakers`` is empty or
    nobody spoke. Speaker labels are matched exactly.

Longest customer story
    The longest stretch (as above) by a speaker not in ``internal_speakers``; the earliest wins
    a tie. ``None`` when ``internal_speakers`` is empty or no such stretch lasts more than 0 s.
    ``duration`` is rounded to 0.01 s; start and end are the segment times as given.

Totals
    ``total_duration`` is the latest end minus the earliest start (0 for an empty transcript,
    never below 0), rounded to 0.01 s. ``speaker_switches`` counts neighbouring sorted segments
    whose speakers differ. ``question_count`` is the sum over speakers.

An empty transcript gives empty lists, zeros and ``None`` values; it never raises.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from meetsight.transcripts.types import SegmentLike

__all__ = [
    "CustomerStory",
    "SpeakerParticipation",
    "SpeakerQuestions",
    "TalkAnalytics",
    "compute_analytics",
    "count_questions",
    "format_mmss",
]


@dataclass(frozen=True, slots=True)
class SpeakerQuestions:
    speaker_label: str
    count: int


@dataclass(frozen=True, slots=True)
class SpeakerParticipation:
    speaker_label: str
    total_speaking_time: float
    total_speaking_time_mmss: str
    longest_monologue: float
    number_of_interventions: int
    average_time_per_intervention: float


@dataclass(frozen=True, slots=True)
class CustomerStory:
    speaker_label: str
    start_time: float
    end_time: float
    duration: float


@dataclass(frozen=True, slots=True)
class TalkAnalytics:
    questions_by_speaker: list[SpeakerQuestions]
    participation: list[SpeakerParticipation]
    talk_listen_ratio: float | None
    longest_customer_story: CustomerStory | None
    total_duration: float
    question_count: int
    speaker_switches: int


def format_mmss(seconds: float) -> str:
    """Format seconds as ``mm:ss``; minutes are not capped at 59 (``4503`` -> ``"75:03"``).

    Seconds are rounded half-up to whole seconds (``2.5`` -> ``"00:03"``, unlike ``round``'s
    half-to-even). Negative values are clamped to ``"00:00"``.
    """
    if not math.isfinite(seconds):
        raise ValueError(f"cannot format non-finite seconds: {seconds!r}")
    # Decimal(float) is exact, and every x.5 is exact in binary, so half-up is exact too.
    whole = int(Decimal(max(0.0, seconds)).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    minutes, secs = divmod(whole, 60)
    return f"{minutes:02d}:{secs:02d}"


# Escapes, not literals: the full-width marks look like ASCII ones in an editor.
_FULLWIDTH_QUESTION = "\uff1f"
_TERMINATOR_RUN = re.compile("[.!?\u2026\u3002\uff01\uff1f]+")
_CLOSERS = frozenset("\"')]}\u00bb\u2019\u201d\u300d\u300f")
_SPANISH_OPENERS = frozenset("¿¡")


def _ends_sentence(text: str, pos: int) -> bool:
    """Whether the terminator run ending just before ``pos`` closes a sentence."""
    after = pos
    while after < len(text) and text[after] in _CLOSERS:
        after += 1
    if after == len(text):
        return True
    char = text[after]
    if char in _SPANISH_OPENERS:
        return True
    if not char.isspace():
        return False  # glued to what follows: URL query, "v2?x", ...
    if after == pos:
        return True
    # Closed quote/bracket: a lowercase continuation means the quote sits mid-sentence.
    rest = text[after:].lstrip()
    return not rest or not rest[0].islower()


def count_questions(text: str) -> int:
    """Count sentence-ending questions in ``text`` (see the module docstring for the rules)."""
    count = 0
    for match in _TERMINATOR_RUN.finditer(text):
        run = match.group()
        if _FULLWIDTH_QUESTION in run:
            count += 1  # CJK: no space follows, so it always ends a sentence
        elif "?" in run and _ends_sentence(text, match.end()):
            count += 1
    return count


def _merged_length(intervals: list[tuple[float, float]]) -> float:
    """Total length of the union of ``intervals`` (each already has end >= start)."""
    total = 0.0
    current_start: float | None = None
    current_end = 0.0
    for start, end in sorted(intervals):
        if current_start is None or start > current_end:
            if current_start is not None:
                total += current_end - current_start
            current_start, current_end = start, end
        else:
            current_end = max(current_end, end)
    if current_start is not None:
        total += current_end - current_start
    return total


@dataclass(slots=True)
class _Stretch:
    speaker: str
    start: float
    end: float

    @property
    def duration(self) -> float:
        return max(0.0, self.end - self.start)


def _stretches(ordered: Sequence[SegmentLike]) -> list[_Stretch]:
    stretches: list[_Stretch] = []
    for seg in ordered:
        last = stretches[-1] if stretches else None
        if last is not None and last.speaker == seg.speaker:
            last.end = max(last.end, seg.end_time)
        else:
            stretches.append(_Stretch(seg.speaker, seg.start_time, seg.end_time))
    return stretches


def compute_analytics(
    segments: Sequence[SegmentLike], *, internal_speakers: Collection[str] = ()
) -> TalkAnalytics:
    """Compute talk analytics for one transcript; see the module docstring for definitions."""
    ordered = sorted(segments, key=lambda s: (s.start_time, s.end_time))
    internal = frozenset(internal_speakers)

    # dicts keep insertion order, which gives "order of first appearance" for free.
    intervals: dict[str, list[tuple[float, float]]] = {}
    questions: dict[str, int] = {}
    for seg in ordered:
        # Clamp so an inverted segment contributes 0 s instead of negative time.
        end = max(seg.start_time, seg.end_time)
        intervals.setdefault(seg.speaker, []).append((seg.start_time, end))
        questions[seg.speaker] = questions.get(seg.speaker, 0) + count_questions(seg.content)

    stretches = _stretches(ordered)
    longest: dict[str, float] = {}
    for stretch in stretches:
        longest[stretch.speaker] = max(longest.get(stretch.speaker, 0.0), stretch.duration)

    speaking = {speaker: _merged_length(spans) for speaker, spans in intervals.items()}
    participation: list[SpeakerParticipation] = []
    for speaker, spans in intervals.items():
        total = round(speaking[speaker], 2)
        participation.append(
            SpeakerParticipation(
                speaker_label=speaker,
                total_speaking_time=total,
                total_speaking_time_mmss=format_mmss(total),
                longest_monologue=round(longest[speaker], 2),
                number_of_interventions=len(spans),
                average_time_per_intervention=round(speaking[speaker] / len(spans), 2),
            )
        )

    all_speech = sum(speaking.values())
    ratio: float | None = None
    if internal and all_speech > 0:
        internal_speech = sum(t for s, t in speaking.items() if s in internal)
        ratio = round(internal_speech / all_speech, 3)

    story: CustomerStory | None = None
    if internal:
        best: _Stretch | None = None
        for stretch in stretches:
            if stretch.speaker in internal or stretch.duration <= 0:
                continue
            # Strict ">" keeps the earliest stretch on ties.
            if best is None or stretch.duration > best.duration:
                best = stretch
        if best is not None:
            story = CustomerStory(best.speaker, best.start, best.end, round(best.duration, 2))

    total_duration = 0.0
    if ordered:
        first_start = ordered[0].start_time
        last_end = max(seg.end_time for seg in ordered)
        total_duration = round(max(0.0, last_end - first_start), 2)

    switches = sum(1 for a, b in itertools.pairwise(ordered) if a.speaker != b.speaker)

    return TalkAnalytics(
        questions_by_speaker=[SpeakerQuestions(s, n) for s, n in questions.items()],
        participation=participation,
        talk_listen_ratio=ratio,
        longest_customer_story=story,
        total_duration=total_duration,
        question_count=sum(questions.values()),
        speaker_switches=switches,
    )
