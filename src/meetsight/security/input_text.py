"""What text and numbers a request may carry: the predicates behind the request guard
(`security.request_guard`), the upload reader and the MCP tool arguments.

PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate (a JSON "\\ud800" escape) cannot be
encoded as UTF-8 for the database driver; either one used to reach the database and fail there as
a 500. Numbers with hundreds of digits, and NaN or Infinity (which Python's JSON reader accepts),
are not values any field of ours means.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any

NUL = "contains a NUL character"
NOT_UNICODE = "is not valid Unicode (a lone surrogate)"
NOT_UTF8 = "is not valid UTF-8"
IMPOSSIBLE_NUMBER = "is not a number any field accepts"
# No field of ours takes more than 64-bit integers; 20 digits hold every one of them.
MAX_INTEGER_DIGITS = 20
_INTEGER_BOUND = 10**MAX_INTEGER_DIGITS
MAX_NAME_CHARS = 60  # of a field name quoted back in an error

# Path segments: ids are opaque strings, but every id meetsight makes (UUIDv7, OAuth client ids
# such as "msc_" + URL-safe base64) and every literal segment of a route is made of RFC 3986
# unreserved characters, and none is longer than 64.
PATH_SEGMENT = re.compile(r"[A-Za-z0-9._~-]{1,128}")
_BAD_CHARS = re.compile(r"[\x00\ud800-\udfff]")


def text_problem(value: str) -> str | None:
    """Why this text cannot be stored, or None."""
    found = _BAD_CHARS.search(value)
    if found is None:
        return None
    return NUL if found.group() == "\x00" else NOT_UNICODE


class _Huge(str):
    """An integer literal too long to mean anything; kept as text so nothing converts it."""


class _NotFinite(str):
    """NaN, Infinity or a float literal that overflows."""


def _parse_int(text: str) -> int | _Huge:
    digits = len(text) - (text[0] == "-")
    return _Huge(text) if digits > MAX_INTEGER_DIGITS else int(text)


def _parse_float(text: str) -> float | _NotFinite:
    value = float(text)
    return value if math.isfinite(value) else _NotFinite(text)


def load_json(text: str) -> Any:
    """JSON as Python values, with impossible numbers left as markers for `value_problem`;
    ValueError when it is not JSON at all."""
    return json.loads(
        text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_NotFinite
    )


def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    """(dotted path, leaf) of every key and leaf, depth first; a stack rather than recursion,
    since a body may nest as deep as the JSON reader allows."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, child in reversed(item.items()):
                stack.append((f"{path}.{key}" if path else str(key), child))
            yield from ((path, key) for key in item)  # keys are text too
        elif isinstance(item, list):
            for index in range(len(item) - 1, -1, -1):
                stack.append((f"{path}.{index}" if path else str(index), item[index]))
        else:
            yield path, item


def value_problem(value: Any, *, root: str = "body") -> tuple[str, str] | None:
    """(field path, why) of the first string or number in a JSON-like value that no field
    accepts, or None. Paths are dotted like FastAPI's ("segments.0.startTime"); `root` names
    the whole value (a key of the top object is reported under it)."""
    for where, item in _walk(value):
        why = text_problem(item) if isinstance(item, str) else None
        if why is None and _impossible(item):
            why = IMPOSSIBLE_NUMBER
        if why:
            return field_name(where or root), why
    return None


def _impossible(item: Any) -> bool:
    if isinstance(item, _Huge | _NotFinite):
        return True
    if isinstance(item, float):
        return not math.isfinite(item)
    # Integers parsed by another reader (MCP's) arrive whole.
    return isinstance(item, int) and abs(item) >= _INTEGER_BOUND


def field_name(name: str) -> str:
    """A field name fit to quote in an error: printable and short."""
    cleaned = "".join(ch if ch.isprintable() else "?" for ch in name) or "field"
    return cleaned if len(cleaned) <= MAX_NAME_CHARS else cleaned[: MAX_NAME_CHARS - 3] + "..."
