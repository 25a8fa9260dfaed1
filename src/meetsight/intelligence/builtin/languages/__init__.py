"""The built-in engine's languages, one pack each, and the one lookup: ``pack_for(language)``.

A conversation in a language without a pack is still read (the summary, topics, notes and chat
work on meaning, through multilingual vectors), with the English pack's words and patterns,
and without next steps (commitments.py: English promise rules on another language find
nonsense). That fallback is never silent: ``pack_for`` logs a warning the first time a process
meets such a language, and the activity's stored ``language`` says which one it was.
A conversation whose language is unknown ("": too little text to tell) gets the English pack,
without a warning. docs/intelligence.md ("Languages") and docs/architecture.md ("Where a new
language goes") say how to add one.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from meetsight.intelligence.builtin.languages import en, es
from meetsight.intelligence.builtin.languages.pack import LanguagePack

__all__ = ["FALLBACK", "PACKS", "LanguagePack", "has_pack", "pack_for", "stopwords_for"]

log = logging.getLogger(__name__)

PACKS: dict[str, LanguagePack] = {pack.code: pack for pack in (en.PACK, es.PACK)}
FALLBACK = en.PACK
_EVERY_STOPWORD = frozenset().union(*(pack.stopwords for pack in PACKS.values()))


def stopwords_for(language: str) -> frozenset[str]:
    """The pack's stopwords; every pack's for "" and a language without a pack, where a
    keyphrase is better cut at any known function word than at English ones only."""
    pack = PACKS.get(language)
    return pack.stopwords if pack is not None else _EVERY_STOPWORD


def has_pack(language: str) -> bool:
    """Whether the engine has rules of its own for ``language`` (an ISO 639-1 code)."""
    return language in PACKS


@lru_cache(maxsize=64)  # called per word and per sentence; the warning is logged once a code
def pack_for(language: str) -> LanguagePack:
    """The pack of ``language``; the English one for "" and, with a warning, for a language
    without a pack (module doc)."""
    pack = PACKS.get(language)
    if pack is not None:
        return pack
    if language:
        log.warning(
            "no language pack for %r: the built-in engine reads it with the %s pack and "
            "finds no next steps (docs/intelligence.md, Languages)",
            language,
            FALLBACK.name,
        )
    return FALLBACK
