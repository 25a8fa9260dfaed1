"""Money amounts in English and Spanish sales talk, written with digits ("$40k", "12.500 €")
or spelled out ("thirty thousand dollars", "trescientos cincuenta euros al mes").

An amount is a number followed (or preceded) by a currency; a number of a thousand or more
("fifty thousand a year", "cuarenta mil") unless a noun follows it ("six thousand invoices" is
a count); a number of ten or more followed by "per"/"por" on a line that talks about price; or
a percentage on such a line (a discount). Counts of trucks, hours or days are not amounts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from meetsight.intelligence.builtin.folding import fold
from meetsight.intelligence.builtin.stopwords import BOTH, wordset

_UNITS_EN = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_UNITS_ES = {
    "cero": 0, "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5,
    "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
    "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16, "diecisiete": 17,
    "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiun": 21,
    "veintidos": 22, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25,
    "veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30,
    "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
    "noventa": 90, "cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200,
    "trescientos": 300, "trescientas": 300, "cuatrocientos": 400, "cuatrocientas": 400,
    "quinientos": 500, "quinientas": 500, "seiscientos": 600, "seiscientas": 600,
    "setecientos": 700, "setecientas": 700, "ochocientos": 800, "ochocientas": 800,
    "novecientos": 900, "novecientas": 900,
}  # fmt: skip
_MAGNITUDES = {
    "hundred": 100, "thousand": 1_000, "million": 1_000_000, "k": 1_000, "grand": 1_000,
    "mil": 1_000, "millon": 1_000_000, "millones": 1_000_000,
}  # fmt: skip
NUMBER_WORDS: frozenset[str] = (
    frozenset(_UNITS_EN) | frozenset(_UNITS_ES) | frozenset(m for m in _MAGNITUDES if len(m) > 1)
)

_CURRENCY_WORDS = {
    "dollar": "USD", "dollars": "USD", "usd": "USD", "bucks": "USD", "euro": "EUR",
    "euros": "EUR", "eur": "EUR", "pound": "GBP", "pounds": "GBP", "gbp": "GBP",
    "dolar": "USD", "dolares": "USD", "libras": "GBP",
}  # fmt: skip
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_PERCENT_WORDS = ("percent", "per cent", "por ciento", "%")
PRICE_WORDS: frozenset[str] = wordset(
    """price prices pricing cost costs budget budgeted discount discounts quote license licence
    seat seats fee fees tier plan subscription invoice pay paying spend renewal contract
    precio precios coste costes costo presupuesto descuento cuota licencia licencias tarifa
    tarifas pagar pagamos pago factura suscripcion plan renovacion contrato mensualidad"""
)

# One token: a digit group ("40,000", "12.500", "3.5"), a word, or a currency symbol.
_TOKEN = re.compile(r"\d[\d.,]*\d|\d|[$€£%]|[^\W\d_]+", re.UNICODE)
_TENS_ES = frozenset(
    ("treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa")
)
_UNIT_DIGITS = frozenset(w for w, v in (_UNITS_EN | _UNITS_ES).items() if 1 <= v <= 9)
_ARTICLES = frozenset(("un", "una", "uno", "one", "a"))
_DECIMAL_MARKS = frozenset(("coma", "point", "punto"))
# Words that may follow a bare amount ("fifty thousand a year", "cuarenta mil al año").
_AFTER_AMOUNT = wordset(
    """a al an and in for per each or to y o en por para cada de del year month annually yearly
    monthly total upfront ano mes anuales mensuales anual mensual"""
)
_PER_WORDS = frozenset(("per", "por", "each", "cada", "al", "a"))


@dataclass(frozen=True, slots=True)
class Amount:
    text: str  # as written in the line
    value: float
    currency: str | None  # "USD", "EUR", "GBP"; None when unsaid
    percent: bool = False


def _digits(token: str) -> float | None:
    # "40,000" / "12.500" are thousands groups; "3.5" / "3,5" decimals.
    if re.fullmatch(r"\d{1,3}([.,]\d{3})+", token):
        return float(re.sub(r"[.,]", "", token))
    try:
        return float(token.replace(",", "."))
    except ValueError:
        return None


def _spelled(words: list[str]) -> float | None:
    """Value of spelled number words ("a hundred and forty", "trescientos cincuenta mil")."""
    total, current, seen = 0.0, 0.0, False
    for w in words:
        if w in _UNITS_EN or w in _UNITS_ES:
            current += _UNITS_EN.get(w, _UNITS_ES.get(w, 0))
            seen = True
        elif w in ("hundred",):
            current = max(current, 1) * 100
            seen = True
        elif w in _MAGNITUDES:
            total += max(current, 1) * _MAGNITUDES[w]
            current = 0
            seen = True
    return total + current if seen else None


def _joins(keys: list[str], j: int, words: list[str]) -> bool:
    """Whether "and" continues "a hundred and forty" (and "y" "treinta y cinco"), so that
    "between forty and fifty thousand" stays two numbers."""
    if not words or j + 1 >= len(keys):
        return False
    if keys[j] == "and":
        return words[-1] == "hundred" and keys[j + 1] in _UNITS_EN
    if keys[j] == "y":
        return words[-1] in _TENS_ES and keys[j + 1] in _UNIT_DIGITS
    return False


def find_amounts(text: str) -> list[Amount]:
    """Money amounts and price percentages in ``text``, in order."""
    return list(_find_amounts(text))


@lru_cache(maxsize=4096)
def _find_amounts(text: str) -> tuple[Amount, ...]:
    tokens = list(_TOKEN.finditer(text))
    keys = [fold(m.group()) for m in tokens]
    pricey = any(k in PRICE_WORDS for k in keys)
    out: list[Amount] = []
    i = 0
    while i < len(tokens):
        j, value = i, None
        words: list[str] = []
        nxt = keys[i + 1] if i + 1 < len(keys) else ""
        if keys[i] in _ARTICLES and nxt not in _MAGNITUDES:
            i += 1  # "un ocho por ciento": the article is no number; "un millón" is
            continue
        if i > 0 and keys[i - 1] in _DECIMAL_MARKS:
            i += 1  # the tail of "noventa y nueve coma nueve"
            continue
        if keys[i][0].isdigit():
            value = _digits(keys[i])
            j = i + 1
        while j < len(tokens) and (
            keys[j] in NUMBER_WORDS or keys[j] == "k" or _joins(keys, j, words)
        ):
            words.append(keys[j])
            j += 1
        if value is None and words:
            value = _spelled(words)
        elif value is not None and words:
            mult = _spelled(["one", *words]) if words[0] in _MAGNITUDES else None
            value = value * (mult or 1)
        if value is None or (j == i + 1 and keys[i] in ("un", "una", "uno", "one")):
            i += 1
            continue
        start, end = tokens[i].start(), tokens[j - 1].end()
        currency = None
        if i > 0 and tokens[i - 1].group() in _SYMBOLS:
            currency, start = _SYMBOLS[tokens[i - 1].group()], tokens[i - 1].start()
        if j < len(tokens) and (keys[j] in _CURRENCY_WORDS or tokens[j].group() in _SYMBOLS):
            currency = _CURRENCY_WORDS.get(keys[j]) or _SYMBOLS[tokens[j].group()]
            end, j = tokens[j].end(), j + 1
        rest = fold(text[end : end + 12])
        percent = any(rest.lstrip().startswith(p) for p in _PERCENT_WORDS)
        big = value >= 1_000 and any(k in _MAGNITUDES or "," in k or "." in k for k in keys[i:j])
        after_raw = keys[j] if j < len(keys) else ""
        noun_after = after_raw.isalpha() and after_raw not in _AFTER_AMOUNT | BOTH
        if big and not currency and noun_after:
            big = False  # "six thousand invoices", "seis mil facturas": a count, not money
        after = keys[j] if j < len(keys) else ""
        per_unit = pricey and value >= 10 and after in _PER_WORDS and not percent
        if currency or big or per_unit or (percent and pricey):
            if percent:
                word = next(p for p in _PERCENT_WORDS if rest.lstrip().startswith(p))
                end = end + (len(rest) - len(rest.lstrip())) + len(word)
            out.append(Amount(text[start:end], value, currency, percent))
        i = max(j, i + 1)
    return tuple(out)
