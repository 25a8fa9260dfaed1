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


def test_bar_chart_scales_to_the_largest_and_escapes_labels() -> None:
    colors = charts.speaker_colors(["Ann <b>", "Bo"])
    svg = charts.bar_chart(
        "Speaking time", [charts.Bar("Ann <b>", 100, "1:40"), charts.Bar("Bo", 50, "0:50")], colors
    )
    assert "<b>" not in svg and "Ann &lt;b&gt;" in svg
    span = charts.WIDTH - charts.LABEL_WIDTH - 70
    assert f'width="{span:.1f}"' in svg and f'width="{span / 2:.1f}"' in svg
    assert 'role="img"' in svg and "Ann &lt;b&gt;: 1:40; Bo: 0:50" in svg


def test_timeline_merges_a_speakers_adjacent_turns() -> None:
    turns = [
        charts.Turn("A", 0, 5),
        charts.Turn("A", 5.5, 9),
        charts.Turn("B", 10, 20),
        charts.Turn("A", 25, 30),
    ]
    merged = charts.merge_turns(turns)
    assert merged == [charts.Turn("A", 0, 9), charts.Turn("B", 10, 20), charts.Turn("A", 25, 30)]
    svg = charts.timeline(merged, 30.0, charts.speaker_colors(["A", "B"]))
    assert svg.count("<rect") == 2 + 3  # a track per speaker, a block per merged turn
    assert "0:30" in svg and charts.timeline([], 0, {}) == ""
