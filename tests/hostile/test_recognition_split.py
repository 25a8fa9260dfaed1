"""Recognition is never refused for its length: text longer than a segment may hold is split
(stage_transcribe applies this before storing)."""

from __future__ import annotations

import itertools

from meetsight.transcripts.limits import split_long_segments
from meetsight.transcripts.types import SegmentData


def test_recognition_text_longer_than_a_segment_is_split_not_refused() -> None:
    text = " ".join(f"word{i}" for i in range(3000))
    long = SegmentData(10.0, 70.0, "Speaker 1", text, "p1")
    short = SegmentData(70.0, 71.0, "Speaker 2", "Fine.", None)
    out = split_long_segments([long, short], 1000)
    pieces, rest = out[:-1], out[-1]
    assert rest == short
    assert len(pieces) > 1 and all(len(p.content) <= 1000 for p in pieces)
    assert " ".join(p.content for p in pieces) == text  # cut at spaces, nothing lost
    assert pieces[0].start_time == 10.0 and pieces[-1].end_time == 70.0
    assert all(a.end_time == b.start_time for a, b in itertools.pairwise(pieces))
    assert {(p.speaker, p.person_id) for p in pieces} == {("Speaker 1", "p1")}
