"""The user's search text as parts (terms, phrases, prefixes), validated once for both engines.

Only what every engine can do the same way is understood: words (all must match), "quoted
phrases", prefix* words, and OR (in capitals) between two of them, which makes either one
enough: `competitor OR vendor pricing` is (competitor or vendor) and pricing. Other operators
of either engine's own syntax (AND, NOT, NEAR, parentheses, column filters, -, +, ^) are
dropped rather than passed through, so no query can reach the engine's parser as syntax.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from meetsight.errors import ValidationFailed

MAX_QUERY_CHARS = 500
MAX_PARTS = 32
OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})
_TOKEN = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class QueryPart:
    words: tuple[str, ...]  # one word for a term or prefix, several for a phrase
    prefix: bool = False  # the last word is a prefix

    @property
    def is_phrase(self) -> bool:
        return len(self.words) > 1


@dataclass(frozen=True, slots=True)
class ParsedQuery:
    # All groups must match; within a group, any one part (parts joined by OR).
    groups: tuple[tuple[QueryPart, ...], ...]

    @property
    def parts(self) -> tuple[QueryPart, ...]:
        """Every part once, in the order written."""
        return tuple(dict.fromkeys(part for group in self.groups for part in group))

    @property
    def has_or(self) -> bool:
        return any(len(group) > 1 for group in self.groups)


def words_only(parts: tuple[QueryPart, ...]) -> ParsedQuery:
    """Parts that must all match (no OR)."""
    return ParsedQuery(tuple((part,) for part in parts))


_ITEM = re.compile(r'"([^"]*)"?' + r"|(\w+(?:[-'\u2019.]\w+)*\*?)")
_OR = object()  # an OR between two parts
_DROPPED = object()  # another operator: "a OR NOT b" joins nothing


def parse_search_text(text: str) -> ParsedQuery:
    """The parts of `text`; `ValidationFailed` (422) when there is nothing to search for."""
    if "\x00" in text:
        raise ValidationFailed("query: must not contain a NUL character")
    if len(text) > MAX_QUERY_CHARS:
        raise ValidationFailed(f"query: at most {MAX_QUERY_CHARS} characters")
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        raise ValidationFailed("query: give at least one word to search for")
    items: list[QueryPart | object] = []
    for match in _ITEM.finditer(text):
        if match.group(2) is None:
            _take_phrase(match.group(1), items)
        elif match.group(2) == "OR":
            items.append(_OR)
        else:
            _take_word(match.group(2), items)
    groups: list[list[QueryPart]] = []
    joined = False  # the previous item was an OR that follows a part
    for item in items:
        if item is _OR or item is _DROPPED:
            joined = item is _OR and bool(groups)
            continue
        assert isinstance(item, QueryPart)
        if joined:
            groups[-1].append(item)
        else:
            groups.append([item])
        joined = False
    unique = tuple(dict.fromkeys(tuple(dict.fromkeys(group)) for group in groups))
    parsed = ParsedQuery(unique)
    if not unique:
        raise ValidationFailed("query: contains only operators or punctuation, no word to search")
    if len(parsed.parts) > MAX_PARTS:
        raise ValidationFailed(f"query: at most {MAX_PARTS} words and phrases")
    return parsed


def _take_phrase(inner: str, items: list[QueryPart | object]) -> None:
    words = tuple(_TOKEN.findall(inner))
    if words:
        items.append(QueryPart(words, prefix=inner.rstrip().endswith("*")))


def _take_word(raw: str, items: list[QueryPart | object]) -> None:
    prefix = raw.endswith("*")
    word = raw.rstrip("*")
    if word in OPERATORS:
        items.append(_DROPPED)
        return
    # "e-mail" or "o'clock" is what both engines' tokenizers split into a phrase of tokens.
    tokens = tuple(_TOKEN.findall(word))
    if tokens:
        items.append(QueryPart(tokens, prefix=prefix))
