"""LIKE patterns from user text (the activity listing's filters and the search's)."""

from __future__ import annotations


def escape_like(text: str) -> str:
    """`text` with LIKE's wildcards and the escape character escaped (ESCAPE '\\')."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
