"""Small text helpers shared by the built-in engine's parts (English and Spanish)."""

from __future__ import annotations

import re
import unicodedata

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=[\"'¿¡(]?[A-ZÁÉÍÓÚÑÜ0-9])")
_WORD = re.compile(r"[\w'\u2019-]+", re.UNICODE)


def sentences(text: str) -> list[str]:
    """Split a segment into sentences at . ! ? followed by a capitalised word."""
    parts = [p.strip() for p in _SENTENCE_END.split(text.strip())]
    return [p for p in parts if p]


def fold(text: str) -> str:
    """Lowercase without accents: "Próximo Martes" -> "proximo martes"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))
