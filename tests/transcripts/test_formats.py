"""Tests for transcript import (WebVTT, SRT, JSON) and export (SRT, WebVTT, text, JSON)."""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import dataclass

import pytest

from meetsight.transcripts.parsing import (
    MAX_SEGMENTS,
    TranscriptFormatError,
    detect_format,
    parse_transcript,
    split_speaker_prefix,
)
from meetsight.transcripts.types import SegmentData
from meetsight.transcripts.writing import export_transcript

U = "Unknown speaker"


def seg(start: float, end: float, speaker: str, content: str) -> SegmentData:
    return SegmentData(start_time=start, end_time=end, speaker=speaker, content=content)


def parse_text(text: str, filename: str | None = None) -> list[SegmentData]:
    return parse_transcript(text.encode("utf-8"), filename)


def parse_error(data: bytes | str, filename: str | None = None) -> TranscriptFormatError:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with pytest.raises(TranscriptFormatError) as info:
        parse_transcript(raw, filename)
    return info.value


# --- WebVTT ---------------------------------------------------------------------------------

TEAMS_VTT = """WEBVTT

0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/18-0
00:00:01.250 --> 00:00:04.800
<v Alice Smith>Good morning, everyone.</v>

0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/25-0
00:00:05.000 --> 00:00:09.125
<v Bob Jones>Morning! Can you see
my screen?</v>

0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0/31-1
00:00:09.500 --> 00:00:11.000 align:start position:10%
<v.loud Carol O&apos;Neil>We &amp; they &lt;agree&gt;.</v>
"""


def test_teams_vtt_voice_tags() -> None:
    assert parse_text(TEAMS_VTT, "meeting.vtt") == [
        seg(1.25, 4.8, "Alice Smith", "Good morning, everyone."),
        seg(5.0, 9.125, "Bob Jones", "Morning! Can you see my screen?"),
        seg(9.5, 11.0, "Carol O'Neil", "We & they <agree>."),
    ]


ZOOM_VTT = """WEBVTT

1
00:00:00.000 --> 00:00:02.340
Alice Smith: Hi all, thanks for joining.

2
00:00:02.900 --> 00:00:06.010
Bob Jones: Sure. Quick question:
is the demo at 10:30?

3
00:00:06.500 --> 00:00:07.000
Let's start.
"""


def test_zoom_vtt_name_prefixes_and_cue_numbers() -> None:
    assert parse_text(ZOOM_VTT) == [
        seg(0.0, 2.34, "Alice Smith", "Hi all, thanks for joining."),
        seg(2.9, 6.01, "Bob Jones", "Sure. Quick question: is the demo at 10:30?"),
        seg(6.5, 7.0, U, "Let's start."),
    ]


def test_vtt_skips_note_style_region_and_strips_tags() -> None:
    text = """WEBVTT - meeting export
Kind: captions

STYLE
::cue { color: lime }

REGION
id:left width:40%

NOTE this cue was checked
by a person --> twice

01:02.000 --> 01:03.500 line:0
<c.yellow>Plain</c> <i>italic</i> <b>bold</b>&nbsp;and <00:01:02.500>timed <u>text</u>

NOTE
trailing note

01:00:00.000 --> 01:00:01.000

"""
    assert parse_text(text) == [seg(62.0, 63.5, U, "Plain italic bold and timed text")]


def test_vtt_character_references() -> None:
    text = "WEBVTT\n\n00:01.000 --> 00:02.000\n"
    text += "<v Zo&#235;>caf&#xE9; &#x1F600; &#xD800; &bogus; &amp;lt;\n"
    assert parse_text(text) == [seg(1.0, 2.0, "Zoë", "café 😀 &#xD800; &bogus; &lt;")]


def test_vtt_first_cue_without_blank_line_after_header() -> None:
    assert parse_text("WEBVTT\n00:01.000 --> 00:02.000\nhi") == [seg(1.0, 2.0, U, "hi")]


def test_multi_voice_cue_is_split_by_character_count() -> None:
    text = (
        "WEBVTT\n\n00:00:10.000 --> 00:00:20.000\n<v Alice>Hello</v> <v Bob>Hi there, friends</v>\n"
    )
    # 5 of 22 characters are Alice's: 10 s * 5 / 22 = 2.2727 s, floored to whole milliseconds.
    assert parse_text(text) == [
        seg(10.0, 12.272, "Alice", "Hello"),
        seg(12.272, 20.0, "Bob", "Hi there, friends"),
    ]


def test_multi_voice_cue_with_returning_speaker() -> None:
    text = "WEBVTT\n\n00:00.000 --> 00:01.000\n<v A>aaaa</v><v B>bb</v>\n<v A>cccc</v>\n"
    assert parse_text(text) == [
        seg(0.0, 0.4, "A", "aaaa"),
        seg(0.4, 0.6, "B", "bb"),
        seg(0.6, 1.0, "A", "cccc"),
    ]


def test_text_outside_voice_spans_joins_a_neighbour() -> None:
    text = "WEBVTT\n\n00:00.000 --> 00:02.000\nintro <v Alice>hello</v> outro\n\n"
    text += "00:03.000 --> 00:04.000\n<v Ann>one <v Bob>two\n\n"
    text += "00:05.000 --> 00:06.000\n<v Cy>same</v><v Cy>voice</v>\n"
    assert parse_text(text) == [
        seg(0.0, 2.0, "Alice", "intro hello outro"),
        seg(3.0, 3.5, "Ann", "one"),
        seg(3.5, 4.0, "Bob", "two"),
        seg(5.0, 6.0, "Cy", "same voice"),
    ]


# --- SRT ------------------------------------------------------------------------------------

SRT = """1
00:00:01,000 --> 00:00:03,500
Alice: Hello there.

2
00:00:04,000 --> 00:00:06,000
<i>Dr. Bob Stone:</i> Welcome
back, all.

3
00:00:06.500 --> 00:00:07.250 X1:10 X2:20
No speaker on this one.

4
00:00:08,000 --> 00:00:09,000


5
00:00:10,000 --> 00:01:40,000
José Núñez: ¿Qué tal?
"""


def test_srt_with_names() -> None:
    assert parse_text(SRT) == [
        seg(1.0, 3.5, "Alice", "Hello there."),
        seg(4.0, 6.0, "Dr. Bob Stone", "Welcome back, all."),
        seg(6.5, 7.25, U, "No speaker on this one."),
        seg(10.0, 100.0, "José Núñez", "¿Qué tal?"),
    ]


def test_srt_stray_blank_line_keeps_text_with_its_cue() -> None:
    text = "1\n00:00:01,000 --> 00:00:02,000\nAlice: first half\n\nsecond half\n\n"
    text += "2\n00:00:03,000 --> 00:00:04,000\nBob: ok\n"
    assert parse_text(text) == [
        seg(1.0, 2.0, "Alice", "first half second half"),
        seg(3.0, 4.0, "Bob", "ok"),
    ]


def test_times_and_urls_are_not_speakers() -> None:
    text = "1\n00:00:01,000 --> 00:00:02,000\n10:30 works for me\n\n"
    text += "2\n00:00:03,000 --> 00:00:04,000\nhttp://example.com: is down\n\n"
    text += "3\n00:00:05,000 --> 00:00:06,000\nAlice: see https://example.com/a:b\n"
    assert parse_text(text) == [
        seg(1.0, 2.0, U, "10:30 works for me"),
        seg(3.0, 4.0, U, "http://example.com: is down"),
        seg(5.0, 6.0, "Alice", "see https://example.com/a:b"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Alice: hi", ("Alice", "hi")),
        ("Mary Ann de Vries: hi", ("Mary Ann de Vries", "hi")),
        ("J.R.R. Tolkien: hi", ("J.R.R. Tolkien", "hi")),
        ("Speaker 2: hi", ("Speaker 2", "hi")),
        ("Note: the price is 5", ("Note", "the price is 5")),  # accepted false positive
        ("10:30 is fine", (None, "10:30 is fine")),
        ("at 10:30: fine", (None, "at 10:30: fine")),
        ("http://x", (None, "http://x")),
        ("ftp://host: down", (None, "ftp://host: down")),
        ("One two three four five: hi", (None, "One two three four five: hi")),
        ("A" * 41 + ": hi", (None, "A" * 41 + ": hi")),
        ("2nd point: hi", (None, "2nd point: hi")),
        ("Well, anyway: hi", (None, "Well, anyway: hi")),
        ("Really? Yes: hi", (None, "Really? Yes: hi")),
        ("It ended. Then: hi", (None, "It ended. Then: hi")),
        ("Alice:", (None, "Alice:")),
        (": hi", (None, ": hi")),
    ],
)
def test_split_speaker_prefix(text: str, expected: tuple[str | None, str]) -> None:
    assert split_speaker_prefix(text) == expected


# --- JSON -----------------------------------------------------------------------------------


def test_json_list_of_segments() -> None:
    text = json.dumps(
        [
            {"startTime": 2, "endTime": 3.5, "participantName": "Bob", "content": " Later "},
            {"startTime": "0.25", "endTime": "1", "speaker": "Alice", "text": "First"},
            {"startTime": "00:00:04.000", "endTime": "00:00:05,500", "content": "No name"},
        ]
    )
    assert parse_text(text) == [
        seg(0.25, 1.0, "Alice", "First"),
        seg(2.0, 3.5, "Bob", "Later"),
        seg(4.0, 5.5, U, "No name"),
    ]


@pytest.mark.parametrize("key", ["segments", "transcript"])
def test_json_object_with_segment_list(key: str) -> None:
    doc = {"title": "Weekly", key: [{"startTime": 1, "endTime": 2, "speaker": "A", "text": "x"}]}
    assert parse_text(json.dumps(doc)) == [seg(1.0, 2.0, "A", "x")]


# --- encodings, line endings, ordering ------------------------------------------------------


def test_bom_and_crlf() -> None:
    data = b"\xef\xbb\xbf" + ZOOM_VTT.replace("\n", "\r\n").encode("utf-8")
    assert parse_transcript(data) == parse_text(ZOOM_VTT)
    srt = b"\xef\xbb\xbf1\r\n00:00:01,000 --> 00:00:02,000\r\nAlice: hi\r\n"
    assert parse_transcript(srt) == [seg(1.0, 2.0, "Alice", "hi")]
    assert parse_transcript(b"\xef\xbb\xbf" + b'[{"startTime":0,"endTime":1,"content":"a"}]') == [
        seg(0.0, 1.0, U, "a")
    ]


def test_bare_cr_line_endings() -> None:
    assert parse_text("WEBVTT\r\r00:01.000 --> 00:02.000\rhi\r") == [seg(1.0, 2.0, U, "hi")]


def test_segments_sorted_by_start_stably() -> None:
    text = "WEBVTT\n\n00:05.000 --> 00:06.000\nlate\n\n00:01.000 --> 00:02.000\nfirst\n\n"
    text += "00:01.000 --> 00:01.500\nsecond\n"
    assert [s.content for s in parse_text(text)] == ["first", "second", "late"]


# --- format detection -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "text", "expected"),
    [
        (None, "WEBVTT\n\n", "vtt"),
        ("a.srt", "\ufeff  WEBVTT - title\n", "vtt"),  # content beats the extension
        (None, '  [{"a": 1}]', "json"),
        ("x.vtt", "{}", "json"),
        (None, "1\n00:00:01,000 --> 00:00:02,000\nhi", "srt"),
        ("x.vtt", "1\r\n00:00:01,000 --> 00:00:02,000\r\nhi", "srt"),
        (None, "00:00:01,000 --> 00:00:02,000\nhi", "srt"),
        (None, "1\n00:00:01.000 --> 00:00:02.000\nhi", "srt"),
        ("zoom.VTT", "1\n00:00:01.000 --> 00:00:02.000\nhi", "vtt"),  # ambiguous: name decides
        ("notes.srt", "hello", "srt"),
        ("notes.json", "hello", "json"),
    ],
)
def test_detect_format(filename: str | None, text: str, expected: str) -> None:
    assert detect_format(filename, text) == expected


@pytest.mark.parametrize(
    ("filename", "text"), [(None, "hello"), ("a.txt", "WEBVTTX\n"), (None, "")]
)
def test_detect_format_fails(filename: str | None, text: str) -> None:
    with pytest.raises(TranscriptFormatError) as info:
        detect_format(filename, text)
    assert info.value.line is None
    assert str(info.value).startswith("cannot tell the transcript format: expected WebVTT")


# --- errors ---------------------------------------------------------------------------------


def test_error_attributes_and_str() -> None:
    err = TranscriptFormatError("timestamp '00:00:0x,000' is not HH:MM:SS,mmm", 7)
    assert isinstance(err, ValueError)
    assert (err.line, err.message) == (7, "timestamp '00:00:0x,000' is not HH:MM:SS,mmm")
    assert str(err) == "line 7: timestamp '00:00:0x,000' is not HH:MM:SS,mmm"
    assert str(TranscriptFormatError("no transcript segments found")) == (
        "no transcript segments found"
    )
    copy = pickle.loads(pickle.dumps(err))
    assert (copy.line, copy.message, str(copy)) == (err.line, err.message, str(err))


@pytest.mark.parametrize(
    ("data", "filename", "line", "message"),
    [
        (
            "1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:00:0x,000\nbad\n",
            None,
            6,
            "timestamp '00:00:0x,000' is not HH:MM:SS,mmm",
        ),
        (
            "WEBVTT\n\n1\n00:00:01,000 --> 00:00:02.000\nhi\n",
            None,
            4,
            "timestamp '00:00:01,000' is not HH:MM:SS.mmm or MM:SS.mmm",
        ),
        (
            "WEBVTT\n\n00:00:61.000 --> 00:01:02.000\nhi\n",
            None,
            3,
            "timestamp '00:00:61.000' is not HH:MM:SS.mmm or MM:SS.mmm",
        ),
        (
            "WEBVTT\n\nNOTE x\n\n00:00:05.000 --> 00:00:04.000\nhi\n",
            None,
            5,
            "end 00:00:04.000 is before start 00:00:05.000",
        ),
        (
            "1\n00:00:01,000 --> 00:00:02,000\na\n\n2\n00:00:09,000 --> 00:00:08,999\nb\n",
            None,
            6,
            "end 00:00:08.999 is before start 00:00:09.000",
        ),
        (
            "1\n48:00:00,000 --> 48:00:00,001\nlong\n",
            None,
            2,
            "time 48:00:00.001 is beyond the 48 hour limit",
        ),
        (
            "\n\n1\n00:00:01.000 --> 00:00:02.000\nhi\n",
            "zoom.vtt",
            3,
            "missing 'WEBVTT' header on the first line",
        ),
        (
            "WEBVTT\n\n1\n00:00:01.000 -> 00:00:02.000\nhi\n",
            None,
            4,
            "expected a cue timing line 'start --> end'",
        ),
        (
            "WEBVTT\n\n --> 00:00:02.000\nhi\n",
            None,
            3,
            "timing line '--> 00:00:02.000' is not 'start --> end'",
        ),
        (
            "1\n00:00:01,000 --> 00:00:02,000\na\n\nA\n00:00:03,000 --> 00:00:04,000\nb\n",
            None,
            5,
            "cue number 'A' is not a number",
        ),
        (
            "1\n00:00:01,000 --> 00:00:02,000\na\n\n2\n00:00:03,000 00:00:04,000\nb\n",
            None,
            6,
            "expected a 'start --> end' timing line",
        ),
        (
            "hello\n1\n00:00:01,000 --> 00:00:02,000\n",
            "a.srt",
            1,
            "expected a cue number followed by a 'start --> end' timing line",
        ),
    ],
)
def test_text_format_errors_name_the_line(
    data: str, filename: str | None, line: int, message: str
) -> None:
    err = parse_error(data, filename)
    assert (err.line, err.message) == (line, message)
    assert str(err) == f"line {line}: {message}"


def test_crlf_errors_count_lines_once() -> None:
    err = parse_error("WEBVTT\r\n\r\n00:00:02.000 --> 00:00:01.000\r\nhi\r\n")
    assert str(err) == "line 3: end 00:00:01.000 is before start 00:00:02.000"


def test_garbage_bytes() -> None:
    err = parse_error(b"WEBVTT\n\n00:01.000 --> 00:02.000\nabc \xff\xfe\n")
    assert str(err) == "line 4: byte 0xff at offset 36 is not valid UTF-8"
    # The BOM is counted in the offset, so it points into the file as uploaded.
    err = parse_error(b"\xef\xbb\xbf\x80")
    assert str(err) == "line 1: byte 0x80 at offset 3 is not valid UTF-8"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\xef\xbb\xbf",
        b" \r\n\n\t",
        b"WEBVTT\n",
        b"WEBVTT\n\nNOTE only a note\n\n00:01.000 --> 00:02.000\n\n"
        b"00:03.000 --> 00:04.000\n<i> </i>\n",
        b"1\n00:00:01,000 --> 00:00:02,000\n\n",
        b"[]",
        b'{"segments": []}',
    ],
)
def test_empty_transcripts(data: bytes) -> None:
    err = parse_error(data)
    assert (err.line, str(err)) == (None, "no transcript segments found")


def test_json_top_level_errors() -> None:
    err = parse_error("42", "numbers.json")
    assert str(err) == "line 1: JSON must be a list of segments or an object with a 'segments' list"
    err = parse_error("[" * 100_000 + "]" * 100_000)
    assert str(err) == "invalid JSON: nested too deeply"


def test_srt_trailing_cue_number_without_timing() -> None:
    err = parse_error("1\n00:00:01,000 --> 00:00:02,000\nhi\n\n2\n")
    assert str(err) == "line 5: expected a 'start --> end' timing line"


def test_undetectable_content() -> None:
    err = parse_error("just some notes\nfrom the call\n")
    assert err.line is None
    assert err.message.startswith("cannot tell the transcript format")


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            '[\n  {"startTime": 0, "endTime": 1, "content": "a"},\n'
            '  {"startTime": 1,\n   "content": "b"}\n]',
            3,
            "item 2: missing 'endTime'",
        ),
        (
            '{"meta": {"tags": [1, {"x": []}]},\n "segments": [\n'
            '  {"startTime": 0, "endTime": 1, "content": "a"},\n'
            '  {"startTime": 0, "endTime": 1, "content": "b"},\n'
            '  {"startTime": 2, "endTime": 3, "speaker": "A"}]}',
            5,
            "item 3: missing 'content'",
        ),
        ('[{"startTime": 0, "endTime": 1, "content": "   "}]', 1, "item 1: 'content' is empty"),
        ('[{"endTime": 1, "content": "x"}]', 1, "item 1: missing 'startTime'"),
        (
            '[\n{"startTime": "soon", "endTime": 1, "content": "x"}]',
            2,
            "item 1: 'startTime' value 'soon' is not a number of seconds",
        ),
        (
            '[{"startTime": true, "endTime": 1, "content": "x"}]',
            1,
            "item 1: 'startTime' value True is not a number of seconds",
        ),
        (
            '[{"startTime": 5, "endTime": 4, "content": "x"}]',
            1,
            "item 1: end 00:00:04.000 is before start 00:00:05.000",
        ),
        (
            '[{"startTime": -1, "endTime": 4, "content": "x"}]',
            1,
            "item 1: time -1.0 must be a finite, non-negative number of seconds",
        ),
        (
            '[{"startTime": NaN, "endTime": 4, "content": "x"}]',
            1,
            "item 1: time nan must be a finite, non-negative number of seconds",
        ),
        (
            '[{"startTime": 0, "endTime": 1e999, "content": "x"}]',
            1,
            "item 1: time inf must be a finite, non-negative number of seconds",
        ),
        (
            '[{"startTime": 0, "endTime": 172801, "content": "x"}]',
            1,
            "item 1: time 48:00:01.000 is beyond the 48 hour limit",
        ),
        (
            '[{"startTime": 0, "endTime": 1, "content": 5}]',
            1,
            "item 1: 'content' must be a string, got int",
        ),
        ('[\n\n  "text"]', 3, "item 1: expected an object, got str"),
        (
            '[{"startTime": 0,\n "endTime": 1,\n "content": "x",}]',
            3,
            "invalid JSON: Expecting property name enclosed in double quotes (column 17)",
        ),
        ('{"items": []}', 1, "JSON object has no 'segments' or 'transcript' list"),
        ('{"segments": {"a": 1}}', 1, "JSON object has no 'segments' or 'transcript' list"),
    ],
)
def test_json_errors(text: str, line: int, message: str) -> None:
    err = parse_error(text)
    assert (err.line, err.message) == (line, message)


def test_segment_limit() -> None:
    cue = "00:00.000 --> 00:00.001\nx\n"
    assert len(parse_text("WEBVTT\n\n" + "\n".join([cue] * MAX_SEGMENTS))) == 50_000
    # Cue k's timing line is line 3 + 3k: header and blank line, then three lines per cue.
    err = parse_error("WEBVTT\n\n" + "\n".join([cue] * (MAX_SEGMENTS + 1)))
    assert str(err) == (
        f"line {3 + 3 * MAX_SEGMENTS}: more than 50000 segments"
        " (the limit, MEETSIGHT_TRANSCRIPT_MAX_SEGMENTS)"
    )


def test_json_segment_limit() -> None:
    item = '{"startTime": 0, "endTime": 1, "content": "x"}'
    # One item per line after the opening "[" line, so item k (1-based) starts on line k + 1.
    err = parse_error("[\n" + ",\n".join([item] * (MAX_SEGMENTS + 1)) + "\n]")
    assert str(err) == (
        f"line {MAX_SEGMENTS + 2}: more than 50000 segments"
        " (the limit, MEETSIGHT_TRANSCRIPT_MAX_SEGMENTS)"
    )


# --- export ---------------------------------------------------------------------------------

SAMPLE = [
    seg(1.5, 4.0, "Alice", "Hello <team> & co"),
    seg(3723.004, 3725.9999, "José", "Ça va?\nYes."),
]


def test_export_srt() -> None:
    assert export_transcript(SAMPLE, "srt") == (
        "1\n00:00:01,500 --> 00:00:04,000\nAlice: Hello <team> & co\n\n"
        "2\n01:02:03,004 --> 01:02:06,000\nJosé: Ça va? Yes.\n"
    )


def test_export_vtt() -> None:
    assert export_transcript(SAMPLE, "vtt") == (
        "WEBVTT\n\n00:00:01.500 --> 00:00:04.000\n<v Alice>Hello &lt;team&gt; &amp; co</v>\n\n"
        "01:02:03.004 --> 01:02:06.000\n<v José>Ça va? Yes.</v>\n"
    )


def test_export_vtt_escapes_speaker() -> None:
    out = export_transcript([seg(0, 1, "Q&A <bot>", "x")], "vtt")
    assert out == "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v Q&amp;A &lt;bot&gt;>x</v>\n"
    assert parse_text(out) == [seg(0.0, 1.0, "Q&A <bot>", "x")]


def test_export_txt() -> None:
    assert export_transcript(SAMPLE, "TXT") == (
        "[00:00:01] Alice: Hello <team> & co\n[01:02:03] José: Ça va? Yes.\n"
    )


def test_export_json() -> None:
    out = export_transcript(SAMPLE, "json")
    assert "José" in out  # ensure_ascii=False
    assert json.loads(out) == [
        {
            "startTime": 1.5,
            "endTime": 4.0,
            "participantName": "Alice",
            "content": "Hello <team> & co",
        },
        {
            "startTime": 3723.004,
            "endTime": 3726.0,
            "participantName": "José",
            "content": "Ça va?\nYes.",
        },
    ]


def test_export_accepts_any_segment_like_object() -> None:
    @dataclass(frozen=True)
    class Row:
        start_time: float
        end_time: float
        speaker: str
        content: str
        id: int = 0

    assert export_transcript([Row(0.0, 1.0, "A", "hi")], "txt") == "[00:00:00] A: hi\n"
    assert export_transcript([], "srt") == ""
    assert export_transcript([], "vtt") == "WEBVTT\n"


def test_export_rejects_unknown_format_and_bad_times() -> None:
    with pytest.raises(
        ValueError, match=r"unsupported export format 'docx'; expected one of srt, vtt, txt, json"
    ):
        export_transcript(SAMPLE, "docx")
    with pytest.raises(ValueError, match=r"cannot export time -1\.0"):
        export_transcript([seg(-1.0, 1.0, "A", "x")], "srt")
    with pytest.raises(ValueError, match=r"cannot export time inf"):
        export_transcript([seg(0.0, float("inf"), "A", "x")], "json")


# --- round trips ----------------------------------------------------------------------------

ROUND_TRIP = [
    seg(0.0, 0.0, "Alice Smith", "Zero length & <odd> chars --> here"),
    seg(0.001, 59.999, "Dr. Bob Stone", "Note: 10:30 at http://x.example/a:b"),
    seg(0.001, 2.0, "Zoë O'Brien-Núñez", "Same start, kept in order 😀"),
    seg(3599.5, 3600.25, "李雷", '&amp; stays literal; "quotes" too'),
    seg(172_799.0, 172_800.0, "Speaker 2", "At the 48 hour limit"),
]


@pytest.mark.parametrize("fmt", ["vtt", "srt", "json"])
def test_round_trip(fmt: str) -> None:
    assert parse_text(export_transcript(ROUND_TRIP, fmt)) == ROUND_TRIP


NAMES = [
    "Alice",
    "Bob Jones",
    "Dr. Ann Lee",
    "José",
    "O'Neil",
    "Q&A Bot",
    "Speaker 3",
    "王芳",
    "Mary Ann de Vries",
]
WORDS = [
    "hello",
    "the",
    "10:30",
    "http://a.b/c",
    "x:y",
    "&",
    "&amp;",
    "<",
    ">",
    "-->",
    "Note:",
    "ok.",
    "über",
    "¿qué?",
    "🙂",
    "{curly}",
    "a,b",
    "'q'",
    '"dq"',
    "—",
]


def random_segments(rng: random.Random) -> list[SegmentData]:
    segments = []
    for _ in range(rng.randint(1, 25)):
        start = rng.randint(0, 48 * 3_600_000)
        end = min(start + rng.choice([0, 1, rng.randint(0, 120_000)]), 48 * 3_600_000)
        if rng.random() < 0.7:
            speaker = rng.choice(NAMES)
        else:
            letters = "abcdefghijklmnopqrstuvwxyzé"
            speaker = "".join(rng.choice(letters) for _ in range(rng.randint(1, 12))).capitalize()
        content = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12)))
        segments.append(seg(start / 1000, end / 1000, speaker, content))
    segments.sort(key=lambda s: s.start_time)
    return segments


@pytest.mark.parametrize("fmt", ["vtt", "srt", "json"])
def test_random_round_trips(fmt: str) -> None:
    # hypothesis is not installed in this project's environment, so a seeded loop stands in.
    rng = random.Random(20240611)
    for _ in range(300):
        segments = random_segments(rng)
        assert parse_text(export_transcript(segments, fmt)) == segments
