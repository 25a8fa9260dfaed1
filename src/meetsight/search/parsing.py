"""The user's search text as parts (terms, phrases, prefixes), validated once for both engines.

Only what every engine can do the same way is understood: words (all must match), "quoted
phrases" and prefix* words. Operators of either engine's own syntax (AND, OR, NOT, NEAR,
parentheses, column filters, -, +, ^) are dropped rather than passed through, so no query can
reach the engine's parser as syntax.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from meetsight.errors import ValidationFailed

MAX_QUERY_CHARS = 500
MAX_PARTS = 32
OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})
_QUOTED = re.compile(r'"([^"]*)"?')
_WORD = re.compile(r"\w+(?:[-'\u2019.]\w+)*\*?")
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
    parts: tuple[QueryPart, ...]


def parse_search_text(text: str) -> ParsedQuery:
    """The parts of `text`; `ValidationFailed` (422) when there is nothing to search for."""
    if "\x00" in text:
        raise ValidationFailed("query: must not contain a NUL character")
    if len(text) > MAX_QUERY_CHARS:
        raise ValidationFailed(f"query: at most {MAX_QUERY_CHARS} characters")
    text = unicodedata.normalize("NFKC", text).strip()
    if not text:
        raise ValidationFailed("query: give at least one word to search for")
    parts: list[QueryPart] = []
    rest = _QUOTED.sub(lambda m: _take_phrase(m.group(1), parts), text)
    for match in _WORD.finditer(rest):
        _take_word(match.group(0), parts)
    unique = tuple(dict.fromkeys(parts))
    if not unique:
        raise ValidationFailed("query: contains only operators or punctuation, no word to search")
    if len(unique) > MAX_PARTS:
        raise ValidationFailed(f"query: at most {MAX_PARTS} words and phrases")
    return ParsedQuery(unique)


def _take_phrase(inner: str, parts: list[QueryPart]) -> str:
    words = tuple(_TOKEN.findall(inner))
    if words:
        parts.append(QueryPart(words, prefix=inner.rstrip().endswith("*")))
    return " "


def _take_word(raw: str, parts: list[QueryPart]) -> None:
    prefix = raw.endswith("*")
    word = raw.rstrip("*")
    if word in OPERATORS:
        return
    # "e-mail" or "o'clock" is what both engines' tokenizers split into a phrase of tokens.
    tokens = tuple(_TOKEN.findall(word))
    if tokens:
        parts.append(QueryPart(tokens, prefix=prefix))
