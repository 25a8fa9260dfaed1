"""Fast accent folding: the same results as :func:`text.fold` and :func:`text.words`, with a
translation table for Latin letters so that most text skips Unicode decomposition (folding is
the hottest step of the built-in parts on long transcripts)."""

from __future__ import annotations

import re
import unicodedata

_ACCENTED = "áàâäãåéèêëíìîïóòôöõúùûüñçýÿ"
_PLAIN = "aaaaaaeeeeiiiiooooouuuuncyy"
_TABLE = str.maketrans(_ACCENTED, _PLAIN)
_WORD = re.compile(r"[\w'\u2019-]+", re.UNICODE)


def fold(text: str) -> str:
    """Lowercase without accents: "Próximo Martes" -> "proximo martes"."""
    low = text.lower().translate(_TABLE)
    if low.isascii():
        return low
    decomposed = unicodedata.normalize("NFKD", low)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> list[str]:
    return _WORD.findall(fold(text))
