"""The query language both engines share: words, "phrases", prefix*; operators dropped."""

from __future__ import annotations

import pytest

from meetsight.errors import ValidationFailed
from meetsight.search.parsing import QueryPart, parse_search_text


def test_words_phrases_and_prefixes() -> None:
    parsed = parse_search_text('pricing "send the proposal" spread* e-mail')
    assert parsed.parts == (
        QueryPart(("send", "the", "proposal")),
        QueryPart(("pricing",)),
        QueryPart(("spread",), prefix=True),
        QueryPart(("e", "mail")),
    )


def test_operators_and_engine_syntax_are_dropped() -> None:
    parsed = parse_search_text("price AND (discount OR NOT) title:renewal ^x -y NEAR")
    words = [part.words for part in parsed.parts]
    assert words == [("price",), ("discount",), ("title",), ("renewal",), ("x",), ("y",)]


def test_repeated_words_count_once() -> None:
    assert len(parse_search_text("price price PRICE").parts) == 2  # case kept; engines fold it


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "at least one word"),
        ("   ", "at least one word"),
        ("AND OR NOT", "only operators"),
        ('"" * - ( )', "only operators"),
        ("a" * 501, "at most 500 characters"),
        ("price\x00", "NUL"),
        (" ".join(f"w{i}" for i in range(40)), "at most 32"),
    ],
)
def test_unusable_queries_are_422(text: str, message: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        parse_search_text(text)
    assert caught.value.status_code == 422
    assert message in caught.value.message
    assert caught.value.message.startswith("query:")


def test_sqlite_trims_stop_words_at_phrase_ends_only() -> None:
    from meetsight.search.sqlite_search import fts5_part, trim_phrase

    [part] = parse_search_text('"the price of the deal"').parts
    assert trim_phrase(part).words == ("price", "of", "the", "deal")
    [part] = parse_search_text('"the"').parts
    assert trim_phrase(part).words == ("the",)  # nothing else left: kept
    [part] = parse_search_text('"send the*"').parts
    assert fts5_part(part) == '"send the" *'  # a prefix keeps its last word
    quoted, word = parse_search_text('say "hi"').parts
    assert (fts5_part(quoted), fts5_part(word)) == ('"hi"', '"say"')
