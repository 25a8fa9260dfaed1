"""The user's search text as parts (terms, phrases, prefixes), validated once for both engines.

Only what every engine can do the same way is understood: words (all must match), "quoted
phrases", prefix* words, and OR (in capitals) between two of them: either may match
(`competitor OR alternative`, `"too expensive" OR pricey OR cheaper`; `pricing discount OR
rebate` is pricing AND (discount OR rebate)). Other operators of either engine's own syntax (AND,
NOT, NEAR, parentheses, column filters, -, +, ^) are dropped rather than passed through, so no
query can reach the engine's parser as syntax.
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
# Phrases and words in the order written: what OR stands between.
_IN_ORDER = re.compile(r'"([^"]*)"?|(' + _WORD.pattern + ")")
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
    # Set only when the text has an OR: every group must match, any one part of a group. Empty
    # means each part is its own group (all parts must match), as before OR was understood.
    groups: tuple[tuple[QueryPart, ...], ...] = ()

    @property
    def has_or(self) -> bool:
        return any(len(group) > 1 for group in self.groups)

    @property
    def alternatives(self) -> tuple[tuple[QueryPart, ...], ...]:
        """The groups, all of which must match; any one part of each."""
        return self.groups if self.has_or else tuple((part,) for part in self.parts)


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
    groups = _or_groups(text)
    return ParsedQuery(unique, groups if any(len(g) > 1 for g in groups) else ())


def _or_groups(text: str) -> tuple[tuple[QueryPart, ...], ...]:
    """The parts in the order written, those joined by OR in one group. OR binds the parts
    directly beside it; any other operator between them ends the group."""
    groups: list[list[QueryPart]] = []
    pending_or = False
    for match in _IN_ORDER.finditer(text):
        phrase, word = match.group(1), match.group(2)
        if word is not None and word.rstrip("*") in OPERATORS:
            pending_or = word == "OR" and bool(groups)
            continue
        found: list[QueryPart] = []
        if phrase is not None:
            _take_phrase(phrase, found)
        else:
            _take_word(word, found)
        for part in found:
            if pending_or:
                groups[-1].append(part)
            else:
                groups.append([part])
            pending_or = False
    unique = dict.fromkeys(tuple(dict.fromkeys(group)) for group in groups)
    return tuple(unique)


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
