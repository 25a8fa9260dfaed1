"""What the espeak-ng voices of the speaker tests are (docs/speakers.md, "The close pair").

espeak-ng 1.51 ignores a variant after "en-gb": `en-gb+m3` writes what `en-gb` writes, so
issue 22's close pair is made with `en-gb-x-rp+m3`, which applies it. Should a newer espeak-ng
apply the variant, the first test fails and the pair can be spelled as the issue wrote it.
"""

from __future__ import annotations

from pathlib import Path

from speech.audio import speak

LINE = "We tried tablets on the floor in twenty twenty two."


def test_a_variant_after_en_gb_is_ignored(tmp_path: Path) -> None:
    plain = speak(LINE, "en-gb", tmp_path / "plain.wav").read_bytes()
    assert speak(LINE, "en-gb+m3", tmp_path / "m3.wav").read_bytes() == plain


def test_the_rp_voice_applies_the_variant(tmp_path: Path) -> None:
    plain = speak(LINE, "en-gb-x-rp", tmp_path / "plain.wav").read_bytes()
    assert speak(LINE, "en-gb-x-rp+m3", tmp_path / "m3.wav").read_bytes() != plain
