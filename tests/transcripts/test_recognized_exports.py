"""Recognized words through segmentation into every export format: hyphenated words keep no stray
space ("ill -disposed" was in every format), and each cue is one caption-sized sentence."""

from __future__ import annotations

import pytest

from meetsight.speakers import SpeakerTurn, assign_words
from meetsight.speech.recognize import Word
from meetsight.transcripts.parsing import parse_transcript
from meetsight.transcripts.writing import EXPORT_FORMATS, export_transcript

# As faster-whisper gives them: a word without its leading space continues the one before.
WORDS = [
    Word(0.0, 0.3, "They"),
    Word(0.3, 0.5, "were"),
    Word(0.5, 0.7, "ill"),
    Word(0.7, 1.1, "-disposed", spaced=False),
    Word(1.1, 1.3, "to"),
    Word(1.3, 1.5, "a"),
    Word(1.5, 1.7, "well"),
    Word(1.7, 2.0, "-known", spaced=False),
    Word(2.0, 2.4, "vendor."),
    Word(2.6, 2.9, "Fair"),
    Word(2.9, 3.2, "enough."),
]


@pytest.mark.parametrize("fmt", EXPORT_FORMATS)
def test_hyphenated_words_are_exported_whole(fmt: str) -> None:
    segments = assign_words(WORDS, [SpeakerTurn(0.0, 4.0, 0)])
    assert [s.content for s in segments] == [
        "They were ill-disposed to a well-known vendor.",
        "Fair enough.",
    ]
    text = export_transcript(segments, fmt)
    assert "ill-disposed" in text and "well-known" in text
    assert " -" not in text.replace("-->", "")
    if fmt != "txt":  # the others read back to the same cues
        back = parse_transcript(text.encode(), f"t.{fmt}")
        assert [s.content for s in back] == [s.content for s in segments]
