"""Lexical cues shared by notes and chat (English and Spanish): money and numbers, dates, proper
names. Patterns run on folded text (lower case, no accents) unless they look for capitals."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from meetsight.intelligence.builtin.text import fold


@lru_cache(maxsize=8192)
def fold_word(word: str) -> str:
    """`fold` for single words, cached: the same few thousand words come back all the time."""
    return fold(word)


_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty "
    "fifty sixty seventy eighty ninety hundred thousand million percent "
    "uno una dos tres cuatro cinco seis siete ocho nueve diez doce quince veinte treinta cuarenta "
    "cincuenta sesenta setenta ochenta noventa cien ciento cientos mil millon millones por ciento "
    "doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos "
    "novecientos veinticinco veinticuatro veintidos dieciocho"
)
NUMBER = re.compile(
    r"\d|\b(?:" + "|".join(sorted(set(_NUMBER_WORDS.split()), key=len, reverse=True)) + r")\b"
)
MONEY = re.compile(
    r"[$€£]|\b(?:dollars?|euros?|bucks|usd|eur|k|percent|por ciento|per (?:seat|user|month|year)"
    r"|a (?:month|year)|al (?:mes|ano)|mensuales|anuales|por (?:usuario|hotel|mes|licencia))\b"
)
_MONTHS = (
    "january february march april may june july august september october november december "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre "
    "diciembre"
)
_DAYS = (
    "monday tuesday wednesday thursday friday saturday sunday "
    "lunes martes miercoles jueves viernes sabado domingo"
)
DATE = re.compile(
    r"\b(?:" + "|".join((_MONTHS + " " + _DAYS).split()) + r"|today|tomorrow|tonight|weeks?"
    r"|quarter|q[1-4]|year end|end of the (?:month|quarter|year)|deadline|by then"
    r"|hoy|manana|semana|semanas|trimestre|fin de mes|fecha|plazo|verano|invierno|primavera"
    r"|otono|summer|winter|spring|fall|autumn|season|campana|navidad|christmas"
    r"|\d{1,2}:\d{2}|\d{1,2} ?(?:am|pm|a\.m\.|p\.m\.))\b"
)
# Words that start sentences or abbreviate roles: capitalised, but not names.
_COMMON_CAPITALISED = (
    "I I'm I'll I'd I've OK Okay Hi Hey Hello Yes Yeah No Not So And But Or Also Still Then "
    "Thanks Thank Sure Great Good Perfect Right Well Oh Um Uh Hmm Got Just Let Let's What "
    "When Where Who Why How Which Can Could Would Should Does Do Did Is Are Was Were Have Has "
    "Our We Us You Your They Their It Its That This These Those There Here If As At In On Of "
    "For To From With By Today Last Next Every Most Some Any All Anything Nobody Everyone "
    "Sorry Honestly Actually Absolutely Sounds Understood Noted Wait Mr Mrs Ms Dr CFO CEO COO "
    "CTO VP IT ERP CRM API SSO EU US UK ROI PMS BI "
    "Hola Sí Si Vale Bueno Pues Mire Mira Claro Gracias Perfecto Genial Estupendo Entiendo "
    "Y O Pero Además Aun Aunque Ya Eso Esto Esta Este Ese Esa Lo La Las Los El Un Una Uno Me Te "
    "Nos Os Le Les Mi Mis Tu Su Sus Yo Ella Él Usted Ustedes Nosotros Vosotros Ellos Nadie "
    "Todo Todos Hoy Mañana Con Por Para De Del En Sin Sobre Como Cómo Qué Quién Cuándo Cuánto "
    "Cuál Dónde Por Porque Entonces Antes Después Muy Más Menos Otra Otro Hace Hemos Tenemos "
    "Somos Soy Es Son Fue Lo Uf Vaya Hasta Buenos Buenas Muchas Sinceramente Hmm Eh Ah De "
    "Acuerdo Necesito Tengo Tenéis Os"
)
_NOT_NAMES = frozenset(fold(w) for w in _COMMON_CAPITALISED.split())
_VERB_ENDING = re.compile(r"(?:amos|emos|imos)$")  # "Usamos...", "Vendimos...": verbs, not names
_CAPITAL = re.compile(r"\b[A-ZÁÉÍÓÚÑ][\w&'-]*[\w]|\b[A-Z]{2,}\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?¿¡:;]\s*|[\"“(]\s*)$")
_POSSESSIVE = re.compile(r"['\u2019]s$")
_MONTH_DAY_WORDS = frozenset(f"{_MONTHS} {_DAYS}".split())


def proper_names(text: str, exclude: Iterable[str] = ()) -> list[str]:
    """Capitalised words that look like names of people, companies or products.

    A capital at the start of a sentence proves nothing, so such a word counts only when it is
    CamelCase ("ShiftNest") or when ``exclude`` does not list it and it is not a common word.
    """
    skip = {fold(e) for e in exclude}
    found: list[str] = []
    for m in _CAPITAL.finditer(text):
        word = _POSSESSIVE.sub("", m.group(0))
        key = fold_word(word)
        if key in _NOT_NAMES or key in skip or key in _MONTH_DAY_WORDS or len(word) < 2:
            continue
        if _VERB_ENDING.search(key) and word[1:].islower():
            continue
        at_start = bool(_SENTENCE_START.search(text[max(0, m.start() - 4) : m.start()]))
        camel = any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)
        if at_start and not camel and not _likely_name_at_start(text, m.end()):
            continue
        found.append(word)
    return found


_SUBJECT_VERB = re.compile(
    r"\s+(?:also\s+)?(?:quoted|offered|gave|charges?|charged|pitched|sells?|says|said|has|have"
    r"|is|was|were|came|nos|me|les|ofrece|ofrecio|cobra|cobraba|cobraban|tiene|es|fue)\b"
)


def _likely_name_at_start(text: str, end: int) -> bool:
    # "Signaturit me dio...", "Claimsense offered us...": a name as subject of a selling verb.
    return bool(_SUBJECT_VERB.match(text[end:]))


def is_common_word(word: str) -> bool:
    """Sentence openers, pronouns and role abbreviations: capitalised, yet no one's name."""
    return fold_word(word) in _NOT_NAMES


def person_names(speakers: Iterable[str]) -> set[str]:
    """Every word of every speaker's name, folded: they are people, not products."""
    return {fold_word(part) for name in speakers for part in name.split()}
