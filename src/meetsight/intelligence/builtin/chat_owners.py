"""Whose figure a sentence gives: an amount or a rate answers "How much does X pay Y?" or "What
discount did X offer?" only when it is X's (English and Spanish, on accent-folded text).

A figure belongs to someone else when:

* the party asked about is said only in a comparison after it ("six fifty, more than double
  what we pay Breeze": six fifty is not what they pay Breeze; "el doble de lo que pagamos a
  Rutas");
* the sentence names its own payer and it is another one ("the insurance side pays two
  eighty" asked about what Freight pays): a part of an organisation said as the subject of
  "pays";
* the question asks what a party offered or quoted and the sentence is a request ("they asked
  for twelve percent off", "nos pidieron un diez por ciento"), or its line neither names that
  party nor says that something was offered ("Twelve is within what I can get approved");
* the figure replies to "how many ...?" and says no currency ("¿Cuántos habitantes tiene?"
  "Unos cuarenta y cinco mil."): it counts, it costs nothing.
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.chat_numbers import CURRENCIES, number_runs
from meetsight.intelligence.builtin.stopwords import wordset
from meetsight.intelligence.builtin.text import fold, words

_COMPARISON = re.compile(
    r"\b(?:than|compared (?:to|with)|versus|vs|unlike|instead of|as opposed to|que lo que|"
    r"mas que|menos que|comparado con|frente a|en vez de|a diferencia de|"
    r"(?:double|triple|twice|half|(?:two|three|four) times|el doble de|el triple de|la mitad de)"
    r" (?:of )?(?:what|lo que))\b"
)
# "the insurance side pays", "la parte de seguros paga": a part of an organisation as payer.
_PART_PAYS = re.compile(
    r"\b(?:the|our|their|el|la|nuestra|nuestro|su)\s+((?:[a-z]+\s+){0,2}?(?:side|team|division|"
    r"company|office|branch|group|unit|business|subsidiary|parte|lado|equipo|division|empresa|"
    r"oficina|sucursal|filial|area)(?:\s+(?:de|del)\s+[a-z]+)?)\s+(?:pays|paid|is paying|"
    r"spends|spent|pay|paga|pagan|pagaba|gasta)\b"
)
_OFFER_ASKED = re.compile(
    r"\b(?:offer\w*|quot\w*|propos\w*|gave|give|giving|come in|came in|ofrec\w*|cotiz\w*|"
    r"propus\w*|propon\w*|dieron|dio)\b"
)
_REQUEST = re.compile(
    r"\b(?:ask\w* for|asking|request\w*|want\w*|need\w*|push\w* for|demand\w*|pid\w+|pide\w*|"
    r"quier\w+|solicit\w*|exig\w*)\b"
)
_COUNT_ASKED = re.compile(r"\bhow many\b|\bcuant[oa]s\b")
_CURRENCY_SIGN = re.compile(r"[$€£]")
_PART_WORDS = wordset(
    """side team division company office branch group unit business subsidiary parte lado equipo
    empresa oficina sucursal filial area de del"""
)


def figure_elsewhere(
    question: str,
    named: set[str],
    sentence: str,
    before: str,
    money: bool,
    line: str = "",
    spanish: bool = False,
) -> bool:
    """Whether the figure ``sentence`` gives is not the one ``question`` asks for: ``named`` are
    the question's names that are not the conversation's subject (folded), ``before`` the
    line before the sentence's, ``money`` whether an amount is asked, ``line`` the sentence's
    whole line (an offer said in its first sentence, its figure in the next)."""
    q, s = fold(question), fold(sentence)
    if _compared_only(named, s):
        return True
    if _other_payer(q, s):
        return True
    agents = _offering(q, named, spanish)
    if agents:
        if _REQUEST.search(s):
            return True
        said = fold(line or sentence)
        if not (agents & set(words(said))) and not _OFFER_ASKED.search(said):
            return True
    return money and _counts(s, fold(before))


def _offering(q: str, named: set[str], spanish: bool) -> set[str]:
    """The parties a question asks an offer of: the names before its offering verb ("What
    discount did Zip offer Northgate?"), after it in Spanish ("¿Cuánto cotizó SimpliRoute?")."""
    m = _OFFER_ASKED.search(q)
    if not m or not named:
        return set()
    side = q[m.end() :] if spanish else q[: m.start()]
    return named & set(words(side))


def _compared_only(named: set[str], s: str) -> bool:
    """A party asked about is said in the sentence only after a comparison that follows the
    figure."""
    m = _COMPARISON.search(s)
    if not m or not named:
        return False
    head, tail = set(words(s[: m.start()])), set(words(s[m.end() :]))
    said_after = named & tail
    if not said_after or named & head:
        return False
    return any(r.start < m.start() for r in number_runs(s[: m.start()]))


def _other_payer(q: str, s: str) -> bool:
    m = _PART_PAYS.search(s)
    if not m:
        return False
    own = [w for w in words(m.group(1)) if w not in _PART_WORDS]
    return bool(own) and not set(own) & set(words(q))


def _counts(s: str, before: str) -> bool:
    """A bare figure that replies to "how many ...?" (the only figure said: "At least six,
    around four hundred thousand in bookings" gives an amount besides the count)."""
    if not _COUNT_ASKED.search(before) or _CURRENCY_SIGN.search(s):
        return False
    return len(number_runs(s)) == 1 and not any(w in CURRENCIES for w in words(s))
