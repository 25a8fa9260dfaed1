"""The pure parts of the web app: Range header parsing and the SVG charts."""

from __future__ import annotations

import pytest

from meetsight.activities.media_response import RangeNotSatisfiable, parse_range
from meetsight.web import charts


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("", None),
        ("bytes=0-99", (0, 99)),
        ("bytes=100-", (100, 999)),
        ("bytes=-100", (900, 999)),
        ("bytes=-5000", (0, 999)),  # more than the file: all of it
        ("bytes=990-5000", (990, 999)),  # past the end: cut at the end
        ("bytes=0-0,5-9", None),  # several ranges: ignored, the whole file
        ("items=0-9", None),  # another unit: ignored
        ("bytes=-", None),
        ("bytes=abc", None),
    ],
)
def test_parse_range(header: str | None, expected: tuple[int, int] | None) -> None:
    assert parse_range(header, 1000) == expected


@pytest.mark.parametrize("header", ["bytes=1000-", "bytes=5000-6000", "bytes=-0", "bytes=50-10"])
def test_unsatisfiable_ranges_are_416(header: str) -> None:
    with pytest.raises(RangeNotSatisfiable) as raised:
        parse_range(header, 1000)
    assert raised.value.status_code == 416
    assert raised.value.headers == {"Content-Range": "bytes */1000"}


def test_bar_list_scales_to_the_largest_and_escapes_labels() -> None:
    slots = charts.speaker_slots(["Ann <b>", "Bo"])
    html = charts.bar_list(
        "Speaking time", [charts.Bar("Ann <b>", 100, "1:40"), charts.Bar("Bo", 50, "0:50")], slots
    )
    assert "<b>" not in html and "Ann &lt;b&gt;" in html
    assert 'width="100.0"' in html and 'width="50.0"' in html
    assert 'class="s0"' in html and 'class="s1"' in html  # each speaker's colour slot
    assert 'role="img"' in html and "Ann &lt;b&gt;: 1:40; Bo: 0:50" in html
    # Labels are HTML text, not SVG text that would shrink with the picture.
    assert "<text" not in html and '<span class="bar-name">Bo</span>' in html


def test_initials_for_avatars() -> None:
    assert charts.initials("Priya Raman") == "PR"
    assert charts.initials("Speaker 2") == "S2"
    assert charts.initials("Jean-Luc Picard") == "JP"
    assert charts.initials("ada") == "AD"
    assert charts.initials("  ") == "?"


def test_timeline_merges_a_speakers_adjacent_turns() -> None:
    turns = [
        charts.Turn("A", 0, 5),
        charts.Turn("A", 5.5, 9),
        charts.Turn("B", 10, 20),
        charts.Turn("A", 25, 30),
    ]
    merged = charts.merge_turns(turns)
    assert merged == [charts.Turn("A", 0, 9), charts.Turn("B", 10, 20), charts.Turn("A", 25, 30)]
    html = charts.timeline(merged, 30.0, charts.speaker_slots(["A", "B"]))
    assert html.count("<rect") == 3  # a block per merged turn
    assert html.count('class="tl-row"') == 2  # a row per speaker
    assert "0:30" in html and "<text" not in html and charts.timeline([], 0, {}) == ""
