"""Deadlines said in English and Spanish sales talk, resolved against the conversation's day.

Resolution conventions (read from the labelled development conversations; weeks start on Monday):

- a bare weekday ("by Friday", "el lunes", "antes del viernes") is its next occurrence after the
  conversation's day, never the day itself: on a Wednesday "Friday" is two days later and
  "Wednesday" a week later;
- "this <weekday>" / "este <día>" is that day of the current week, or its next occurrence once
  the day has passed;
- "next <weekday>", "el próximo <día>", "el <día> que viene", "<weekday> next week" and
  "el <día> de la próxima semana" are that day of the following week: said on Wednesday
  12 August, "next Friday" is 21 August (not the 14th) and "next Tuesday" is 18 August;
- "this week", "end of (the) week", "esta semana", "a final de semana": Friday of the current
  week (of the next one on a weekend); "next week", "la semana que viene", "la próxima semana":
  Friday of the following week, the latest day the phrase allows (as "end of the month" is the
  month's last day); "early next week": its Monday; "the week after next": Friday a week later;
- "end of (the) month", "a final(es) de mes": the last calendar day, even on a weekend;
- "in N days/weeks", "en / dentro de N días/semanas": N days or 7N days later ("quince días" is
  two weeks); "N days/weeks from <a date>" ("two weeks from Monday", "a week from today"): that
  many after the date;
- a month and day ("October 20th", "el 20 de octubre") is that day this year, next year once it
  has passed; a bare day ("on the 20th", "el veinticinco") is that day this month, next month
  once passed; with a weekday ("Thursday the first") the first such day on that weekday;
- today, tonight, this afternoon, end of day, right after this call, hoy (mismo), esta tarde,
  ahora mismo: the day itself;
  tomorrow / mañana: the next day; the day after tomorrow / pasado mañana: two days later.

Not deadlines: times of day ("ten a.m.", "a las diez"), past days ("last Friday",
"el viernes pasado") and recurring ones ("every Monday", "los lunes").
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["Deadline", "find_deadline", "find_deadlines", "fold_same_length"]


@dataclass(frozen=True, slots=True)
class Deadline:
    phrase: str  # as said, with its preposition: "by Friday", "el próximo martes"
    due: date | None  # resolved against the conversation's day; None when it cannot be
    span: tuple[int, int]  # [start, end) of the phrase in the text


def fold_same_length(text: str) -> str:
    """Lowercase, accents removed, curly apostrophes straightened, one char for one char, so
    that match positions on the folded text are positions in the original."""
    if text.isascii():
        return text.lower()
    return text.translate(_FOLD_TABLE)


class _FoldTable(dict[int, str]):
    """A str.translate table that fills itself on first sight of each character."""

    def __missing__(self, code: int) -> str:
        folded = self[code] = _fold_char(chr(code))
        return folded


_FOLD_TABLE = _FoldTable()


def _fold_char(c: str) -> str:
    if c in "\u2019\u2018":
        return "'"
    base = [x for x in unicodedata.normalize("NFKD", c) if not unicodedata.combining(x)]
    low = (base[0] if base else c).lower()
    return low if len(low) == 1 else c


# --- dates ------------------------------------------------------------------------------------

_FRIDAY = 4


def _next_weekday(day: date, weekday: int) -> date:
    return day + timedelta(days=(weekday - day.weekday()) % 7 or 7)


def _this_weekday(day: date, weekday: int) -> date:
    delta = weekday - day.weekday()
    return day + timedelta(days=delta if delta >= 0 else delta + 7)


def _weekday_of_next_week(day: date, weekday: int, weeks: int = 1) -> date:
    return day - timedelta(days=day.weekday()) + timedelta(days=7 * weeks + weekday)


def _end_of_this_week(day: date) -> date:
    return _this_weekday(day, _FRIDAY) if day.weekday() <= _FRIDAY else _next_weekday(day, _FRIDAY)


def _end_of_month(day: date, months_ahead: int = 0) -> date:
    year, month = (
        day.year + (day.month - 1 + months_ahead) // 12,
        (day.month - 1 + months_ahead) % 12 + 1,
    )
    return date(year, month, calendar.monthrange(year, month)[1])


def _safe_date(year: int, month: int, dom: int) -> date | None:
    try:
        return date(year, month, dom)
    except ValueError:
        return None


def _month_day(day: date, month: int, dom: int, year: int | None = None) -> date | None:
    if year is not None:
        return _safe_date(year, month, dom)
    found = _safe_date(day.year, month, dom)
    if found is not None and found < day:
        found = _safe_date(day.year + 1, month, dom)
    return found


def _day_of_month(day: date, dom: int, weekday: int | None = None) -> date | None:
    """First date on or after ``day`` with that day of the month (and weekday when given)."""
    for months in range(0, 15 if weekday is not None else 3):
        year = day.year + (day.month - 1 + months) // 12
        month = (day.month - 1 + months) % 12 + 1
        found = _safe_date(year, month, dom)
        if found is not None and found >= day and (weekday is None or found.weekday() == weekday):
            return found
    return _day_of_month(day, dom) if weekday is not None else None


def _add_business_days(day: date, count: int) -> date:
    while count > 0:
        day += timedelta(days=1)
        if day.weekday() < 5:
            count -= 1
    return day


# --- vocabulary (folded: lowercase, no accents) ------------------------------------------------

_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ES_WEEKDAYS = ("lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo")
_EN_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_ES_MONTHS = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
]

_EN_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_EN_TEENS = [
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_EN_ORD_UNITS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
]
_EN_ORD_TEENS = [
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
]


def _en_numbers() -> tuple[dict[str, int], dict[str, int]]:
    cardinals = {w: i + 1 for i, w in enumerate(_EN_UNITS)}
    cardinals |= {w: i + 10 for i, w in enumerate(_EN_TEENS)}
    ordinals = {w: i + 1 for i, w in enumerate(_EN_ORD_UNITS)}
    ordinals |= {w: i + 10 for i, w in enumerate(_EN_ORD_TEENS)}
    for tens, value, ord_word in (("twenty", 20, "twentieth"), ("thirty", 30, "thirtieth")):
        cardinals[tens] = value
        ordinals[ord_word] = value
        for i, unit in enumerate(_EN_UNITS if value == 20 else _EN_UNITS[:1]):
            for sep in ("-", " "):
                cardinals[f"{tens}{sep}{unit}"] = value + i + 1
        for i, unit in enumerate(_EN_ORD_UNITS if value == 20 else _EN_ORD_UNITS[:1]):
            for sep in ("-", " "):
                ordinals[f"{tens}{sep}{unit}"] = value + i + 1
    return cardinals, ordinals


_EN_CARDINALS, _EN_ORDINALS = _en_numbers()
_EN_CARDINALS |= {"a": 1, "an": 1, "a couple of": 2, "couple of": 2}

_ES_NUMBERS: dict[str, int] = {
    w: i + 1
    for i, w in enumerate(
        [
            "uno",
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "once",
            "doce",
            "trece",
            "catorce",
            "quince",
            "dieciseis",
            "diecisiete",
            "dieciocho",
            "diecinueve",
            "veinte",
            "veintiuno",
            "veintidos",
            "veintitres",
            "veinticuatro",
            "veinticinco",
            "veintiseis",
            "veintisiete",
            "veintiocho",
            "veintinueve",
            "treinta",
        ]
    )
} | {"primero": 1, "un": 1, "una": 1, "treinta y uno": 31, "veintiun": 21, "un par de": 2}


def _alternation(words: Iterable[str]) -> str:
    items = sorted(words, key=len, reverse=True)
    return "|".join(re.escape(w) for w in items)


def _number(token: str, table: dict[str, int]) -> int | None:
    token = token.strip()
    digits = re.match(r"\d+", token)
    if digits:
        return int(digits.group())
    return table.get(re.sub(r"\s+", " ", token))


# --- patterns ----------------------------------------------------------------------------------

Resolver = Callable[[re.Match[str], date], date | None]


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: re.Pattern[str]
    resolve: Resolver
    needs: frozenset[str]  # one of these words must be in the text; empty: no such word


def _rule(pattern: str, resolve: Resolver) -> _Rule:
    # A rule that names a weekday or a month cannot match a text without one: skip it there.
    needs: frozenset[str] = frozenset()
    if re.search(r"\(\?P<wd2?>(?:wednesday|miercoles)", pattern):
        needs = frozenset(_EN_WEEKDAYS + _ES_WEEKDAYS)
    elif "(?P<mon>" in pattern:
        needs = frozenset([*_EN_MONTHS, *_ES_MONTHS, "sept", "setiembre"])
    # a match starts a word: "comparison next week" is not "on next week"
    return _Rule(re.compile(rf"(?<!\w)(?:{pattern})"), resolve, needs)


def _g(m: re.Match[str], name: str) -> str:
    return m.group(name) or ""


_EN_WD = _alternation(_EN_WEEKDAYS)
_EN_MON = _alternation([*_EN_MONTHS, "sept"])
_EN_ORD = _alternation(_EN_ORDINALS)
_EN_CARD = _alternation(_EN_CARDINALS)
_EN_DOM = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?|{_EN_ORD})"
_EN_EOD = r"(?:end of (?:the )?(?:day|business)|close of business|eod|cob)"
_EN_PREP = (
    r"(?:(?:no later than|at the latest by|by|on|before|until|till|for|due|sometime|around)\s+)?"
)


def _en_weekday(m: re.Match[str]) -> int:
    return _EN_WEEKDAYS.index(_g(m, "wd"))


def _en_month(m: re.Match[str]) -> int:
    name = _g(m, "mon")
    return 9 if name == "sept" else _EN_MONTHS.index(name) + 1


def _resolve_month_day(month_of: Callable[[re.Match[str]], int], table: dict[str, int]) -> Resolver:
    def resolve(m: re.Match[str], day: date) -> date | None:
        dom = _number(_g(m, "dom"), table)
        year = int(m.group("year")) if m.group("year") else None
        return _month_day(day, month_of(m), dom, year) if dom else None

    return resolve


def _resolve_dom(
    weekday_of: Callable[[re.Match[str]], int] | None, table: dict[str, int]
) -> Resolver:
    def resolve(m: re.Match[str], day: date) -> date | None:
        dom = _number(_g(m, "dom"), table)
        if not dom or dom > 31:
            return None
        return _day_of_month(day, dom, weekday_of(m) if weekday_of and m.group("wd") else None)

    return resolve


def _resolve_in(table: dict[str, int]) -> Resolver:
    def resolve(m: re.Match[str], day: date) -> date | None:
        count = _number(_g(m, "n"), table)
        unit = _g(m, "unit")
        if not count:
            return None
        if unit.startswith(("business", "working", "habil")) or "habiles" in unit:
            return _add_business_days(day, count)
        if unit.startswith(("week", "semana")):
            return day + timedelta(days=7 * count)
        if unit.startswith(("month", "mes")):
            return None  # "in two months" is too loose to pin to a day
        return day + timedelta(days=14 if count == 15 and unit.startswith("dia") else count)

    return resolve


def _numeric(day_first: bool) -> Resolver:
    def resolve(m: re.Match[str], day: date) -> date | None:
        a, b = int(m.group("a")), int(m.group("b"))
        month, dom = (b, a) if day_first else (a, b)
        year = m.group("year")
        if year is None:
            return _month_day(day, month, dom) if 1 <= month <= 12 else None
        full = int(year) + (2000 if len(year) == 2 else 0)
        return _safe_date(full, month, dom)

    return resolve


def _iso(m: re.Match[str], day: date) -> date | None:
    return _safe_date(int(m.group("y")), int(m.group("mo")), int(m.group("d")))


_ISO = r"\b(?P<y>\d{4})-(?P<mo>\d{1,2})-(?P<d>\d{1,2})\b"
_NUMERIC = r"\b(?P<a>\d{1,2})/(?P<b>\d{1,2})(?:/(?P<year>\d{4}|\d{2}))?\b"


def _en_rules() -> tuple[_Rule, ...]:
    p, wd, mon, dom = _EN_PREP, _EN_WD, _EN_MON, _EN_DOM
    year = r"(?:,?\s+(?P<year>\d{4}))?"
    wd_opt = rf"(?:(?:{wd}),?\s+)?"
    return (
        _rule(p + _ISO, _iso),
        _rule(p + _NUMERIC, _numeric(day_first=False)),
        # "Tuesday, October 20th", "October twentieth", "the 20th of October"
        _rule(
            rf"{p}{wd_opt}(?:the\s+)?(?P<mon>{mon})\s+(?:the\s+)?(?P<dom>{dom})\b{year}",
            _resolve_month_day(_en_month, _EN_ORDINALS),
        ),
        _rule(
            rf"{p}{wd_opt}(?:the\s+)?(?P<dom>{dom})\s+of\s+(?P<mon>{mon})\b{year}",
            _resolve_month_day(_en_month, _EN_ORDINALS),
        ),
        # "Thursday the first", "on the twentieth", "by the 20th"
        _rule(
            rf"{p}(?P<wd>{wd}),?\s+the\s+(?P<dom>{dom})\b",
            _resolve_dom(_en_weekday, _EN_ORDINALS),
        ),
        _rule(
            rf"(?:no later than|by|on|before|until|till|for)\s+the\s+(?P<dom>{dom})\b(?P<wd>)"
            r"(?:\s+of\s+(?:the|this)\s+month)?(?=\s*(?:$|[.,;:!?)]|(?:at|and|or|so|to|with|"
            r"then|if|when|but|because|which|that|please|in|before|after|latest)\b))",
            _resolve_dom(None, _EN_ORDINALS),
        ),
        _rule(
            r"(?:no later than|by|on|before|until|till|for)\s+the\s+"
            r"(?P<dom>\d{1,2}(?:st|nd|rd|th))\b(?P<wd>)",
            _resolve_dom(None, _EN_ORDINALS),
        ),
        # "end of day Monday", "EOD tomorrow", "Friday end of day": the day named, not today
        _rule(
            rf"{p}(?:the\s+)?{_EN_EOD}\s+(?:on\s+)?(?P<wd>{wd})\b|{p}(?P<wd2>{wd})\s+{_EN_EOD}",
            lambda m, day: _next_weekday(day, _EN_WEEKDAYS.index(m.group("wd") or m.group("wd2"))),
        ),
        _rule(
            rf"{p}(?:the\s+)?{_EN_EOD}\s+tomorrow|{p}tomorrow\s+{_EN_EOD}",
            lambda m, day: day + timedelta(days=1),
        ),
        # "before Thursday's workshop": the Thursday of the event
        _rule(
            rf"(?:before|by|for|until|till|ahead of)\s+(?P<wd>{wd})'s\b",
            lambda m, day: _next_weekday(day, _en_weekday(m)),
        ),
        # today and tomorrow
        _rule(
            rf"{p}(?:the\s+)?(?:end of (?:the )?(?:day|business)|close of business|\beod\b|\bcob\b"
            r"|later today|today|tonight|this (?:morning|afternoon|evening))"
            r"|(?:right |straight )?after (?:this|the|our) (?:call|meeting)|right away"
            # "as soon as we hang up", "once we're off the phone": the end of this call
            r"|(?:(?:right |straight )?after|as soon as|once|when) we(?:'re| are)? (?:hang up"
            r"|get off (?:the|this) (?:phone|call)|off (?:the|this) (?:phone|call))",
            lambda m, day: day,
        ),
        _rule(rf"{p}the day after tomorrow", lambda m, day: day + timedelta(days=2)),
        _rule(
            rf"{p}(?:first thing\s+)?tomorrow(?:\s+(?:morning|afternoon|evening|night))?",
            lambda m, day: day + timedelta(days=1),
        ),
        # weeks, with or without a weekday
        _rule(
            rf"{p}(?P<wd>{wd})\s+(?:of\s+)?(?:next week|the following week|the week after)",
            lambda m, day: _weekday_of_next_week(day, _en_weekday(m)),
        ),
        _rule(
            rf"{p}(?:next week|the following week),?\s+(?:on\s+)?(?P<wd>{wd})",
            lambda m, day: _weekday_of_next_week(day, _en_weekday(m)),
        ),
        _rule(
            rf"{p}(?P<wd>{wd})\s+(?:of\s+)?this week",
            lambda m, day: _this_weekday(day, _en_weekday(m)),
        ),
        _rule(
            rf"{p}(?:the\s+)?end of next week|{p}next week'?s end",
            lambda m, day: _weekday_of_next_week(day, _FRIDAY),
        ),
        _rule(
            rf"{p}(?:the\s+)?(?:end of (?:the|this) (?:work\s*)?week|(?:later\s+)?this week"
            r"|week'?s end)",
            lambda m, day: _end_of_this_week(day),
        ),
        _rule(
            rf"{p}the week after next",
            lambda m, day: _weekday_of_next_week(day, _FRIDAY, weeks=2),
        ),
        _rule(
            rf"{p}early next week|{p}the start of next week",
            lambda m, day: _weekday_of_next_week(day, 0),
        ),
        _rule(
            rf"{p}(?:(?:later|sometime)\s+)?next week",
            lambda m, day: _weekday_of_next_week(day, _FRIDAY),
        ),
        # months
        _rule(
            rf"{p}(?:the\s+)?end of next month",
            lambda m, day: _end_of_month(day, 1),
        ),
        _rule(
            rf"{p}(?:the\s+)?(?:end of (?:the|this) month|month[- ]end|end of month)",
            lambda m, day: _end_of_month(day),
        ),
        _rule(
            rf"{p}(?:the\s+)?end of (?P<mon>{mon})\b",
            lambda m, day: _end_of_month(day, (_en_month(m) - day.month) % 12),
        ),
        # "in two weeks", "within 10 business days"
        _rule(
            rf"(?:in|within)\s+(?:the next\s+)?(?P<n>\d{{1,2}}|{_EN_CARD})\s+"
            r"(?P<unit>(?:business |working )?days?|weeks?|months?)(?:'? time)?",
            _resolve_in(_EN_CARDINALS),
        ),
        # weekdays
        _rule(
            rf"{p}(?:this coming|coming|this)\s+(?P<wd>{wd})",
            lambda m, day: (
                _this_weekday(day, _en_weekday(m))
                if "coming" not in m.group(0)
                else _next_weekday(day, _en_weekday(m))
            ),
        ),
        _rule(
            rf"{p}next\s+(?P<wd>{wd})",
            lambda m, day: _weekday_of_next_week(day, _en_weekday(m)),
        ),
        _rule(
            rf"(?<!every )(?<!last )(?<!past )(?<!previous ){p}(?P<wd>{wd})\b(?!\s*'?s\b)",
            lambda m, day: _next_weekday(day, _en_weekday(m)),
        ),
    )


_ES_WD = _alternation(_ES_WEEKDAYS)
_ES_MON = _alternation([*_ES_MONTHS, "setiembre"])
_ES_NUM = _alternation(_ES_NUMBERS)
_ES_DOM = rf"(?:\d{{1,2}}|{_ES_NUM})"
_ES_PREP = (
    r"(?:(?:antes del?|para el|para|hasta el|a mas tardar el|como muy tarde el|el|este|del|a)\s+)?"
)
_ES_NEXT_WEEK = r"(?:la semana que viene|la proxima semana|la semana proxima|la siguiente semana)"


def _es_weekday(m: re.Match[str]) -> int:
    return _ES_WEEKDAYS.index(_g(m, "wd"))


def _es_month(m: re.Match[str]) -> int:
    name = _g(m, "mon")
    return 9 if name == "setiembre" else _ES_MONTHS.index(name) + 1


def _es_rules() -> tuple[_Rule, ...]:
    p, wd, mon, dom = _ES_PREP, _ES_WD, _ES_MON, _ES_DOM
    art = r"(?:(?:antes del|para el|hasta el|a mas tardar el|como muy tarde el|el)\s+)"
    return (
        _rule(rf"{art}?" + _ISO, _iso),
        _rule(rf"{art}?" + _NUMERIC, _numeric(day_first=True)),
        # "el 20 de octubre", "el martes veinte de octubre"
        _rule(
            rf"{art}?(?:(?:{wd})\s+)?(?:dia\s+)?(?P<dom>{dom})\s+de\s+(?P<mon>{mon})\b"
            r"(?:\s+(?:de|del)\s+(?P<year>\d{4}))?",
            _resolve_month_day(_es_month, _ES_NUMBERS),
        ),
        # "el jueves 1", "el jueves dia uno", "el dia 25", "el veinticinco"
        _rule(
            rf"{art}(?P<wd>{wd})\s+(?:dia\s+)?(?P<dom>{dom})\b(?!\s*(?:%|por ciento|de\b))",
            _resolve_dom(_es_weekday, _ES_NUMBERS),
        ),
        _rule(
            rf"{art}(?:dia\s+)?(?P<dom>{dom})\b(?P<wd>)(?=\s*(?:$|[.,;:!?)]|y\b|a las\b|para\b|"
            r"por la\b|que\b|como\b|antes\b|sin falta\b))",
            _resolve_dom(None, _ES_NUMBERS),
        ),
        # today and tomorrow
        _rule(
            r"(?:(?:antes de que (?:acabe|termine) el dia)|(?:a lo largo de |antes de |para )?"
            r"(?:hoy(?: mismo)?|esta (?:tarde|noche|manana)|(?:a |al )?final del dia))"
            r"|ahora mismo|en cuanto (?:colguemos|terminemos)|(?:justo )?(?:despues de|al terminar)"
            r" (?:la|esta) (?:llamada|reunion)",
            lambda m, day: day,
        ),
        _rule(r"(?:para\s+)?pasado manana", lambda m, day: day + timedelta(days=2)),
        _rule(
            r"(?<!esta )(?<!la )(?<!las )(?<!cada )(?<!pasado )(?:(?:para|antes de)\s+)?"
            r"\bmanana\b(?:\s+(?:por la (?:manana|tarde)|a primera hora|mismo))?",
            lambda m, day: day + timedelta(days=1),
        ),
        # weeks, with or without a weekday
        _rule(
            rf"{p}(?P<wd>{wd})\s+(?:de\s+)?{_ES_NEXT_WEEK}",
            lambda m, day: _weekday_of_next_week(day, _es_weekday(m)),
        ),
        _rule(
            rf"(?:(?:para|antes de|durante)\s+)?{_ES_NEXT_WEEK},?\s+(?:el\s+)?(?P<wd>{wd})",
            lambda m, day: _weekday_of_next_week(day, _es_weekday(m)),
        ),
        _rule(
            r"(?:(?:a|antes de|para)\s+)?(?:finales|final|fin) de (?:la\s+)?(?:semana que viene|"
            r"proxima semana|semana proxima)",
            lambda m, day: _weekday_of_next_week(day, _FRIDAY),
        ),
        _rule(
            r"(?:(?:a lo largo de|antes de que (?:acabe|termine))\s+)?esta (?:misma )?semana"
            r"|(?:(?:a|antes de|para)\s+)?(?:finales|final) de "
            r"(?:la |esta )?semana",
            lambda m, day: _end_of_this_week(day),
        ),
        _rule(
            rf"(?:(?:a lo largo de|durante|para|antes de)\s+)?{_ES_NEXT_WEEK}",
            lambda m, day: _weekday_of_next_week(day, _FRIDAY),
        ),
        # months
        _rule(
            r"(?:(?:a|antes de|para)\s+)?(?:finales|final|fin) del? (?:mes que viene|proximo mes)",
            lambda m, day: _end_of_month(day, 1),
        ),
        _rule(
            r"(?:(?:a|antes de|para)\s+)?(?:finales|final|fin) de(?:l| este)? mes\b"
            r"|antes de que (?:acabe|termine) el mes",
            lambda m, day: _end_of_month(day),
        ),
        _rule(
            rf"(?:(?:a|antes de|para)\s+)?(?:finales|final|fin) de (?P<mon>{mon})\b",
            lambda m, day: _end_of_month(day, (_es_month(m) - day.month) % 12),
        ),
        # "en dos semanas", "dentro de 10 dias habiles"
        _rule(
            rf"(?:en|dentro de)\s+(?:los proximos\s+)?(?P<n>\d{{1,2}}|{_ES_NUM})\s+"
            r"(?P<unit>dias? habiles|dias? laborables|dias?|semanas?|mes(?:es)?)",
            _resolve_in(_ES_NUMBERS),
        ),
        # weekdays
        _rule(
            rf"{art}?(?:proximo|siguiente)\s+(?P<wd>{wd})"
            rf"|{art}(?P<wd2>{wd})\s+(?:que viene|proximo)",
            lambda m, day: _weekday_of_next_week(
                day, _ES_WEEKDAYS.index(m.group("wd") or m.group("wd2"))
            ),
        ),
        _rule(
            rf"(?:(?:antes de|para|hasta)\s+)?este\s+(?P<wd>{wd})",
            lambda m, day: _this_weekday(day, _es_weekday(m)),
        ),
        _rule(
            rf"{art}(?P<wd>{wd})\b(?! pasado)",
            lambda m, day: _next_weekday(day, _es_weekday(m)),
        ),
    )


_RULES: dict[str, tuple[_Rule, ...]] = {"en": _en_rules(), "es": _es_rules()}

# Words without which no rule can match: one set lookup spares the rules most sentences.
_ANCHORS: dict[str, frozenset[str]] = {
    "en": frozenset(
        {*_EN_WEEKDAYS, *_EN_MONTHS, "sept", *_EN_ORD_UNITS, *_EN_ORD_TEENS, "twentieth"}
        | {"thirtieth", "today", "tonight", "tomorrow", "eod", "cob", "week", "month"}
        | {"morning", "afternoon", "evening", "business", "call", "meeting", "away", "day"}
        | {"days", "weeks", "months", "hang", "phone"}
    ),
    "es": frozenset(
        {*_ES_WEEKDAYS, *_ES_MONTHS, "setiembre", *(k for k in _ES_NUMBERS if " " not in k)}
        | {"hoy", "manana", "semana", "mes", "dia", "dias", "ahora", "tarde", "noche"}
        | {"colguemos", "terminemos", "llamada", "reunion", "semanas", "meses"}
    ),
}
_TOKEN = re.compile(r"[a-z]+")


def _may_hold_a_date(tokens: set[str], folded: str, language: str) -> bool:
    return any(c.isdigit() for c in folded) or not _ANCHORS[language].isdisjoint(tokens)


def find_deadlines(text: str, language: str, day: date) -> list[Deadline]:
    """Every deadline in ``text``, in order, overlapping matches resolved to the longest."""
    folded = fold_same_length(text)
    language = language if language in _RULES else "en"
    tokens = set(_TOKEN.findall(folded))
    if not _may_hold_a_date(tokens, folded, language):
        return []
    found: list[tuple[int, int, date | None]] = []
    for rule in _RULES[language]:
        if rule.needs and rule.needs.isdisjoint(tokens):
            continue
        for m in rule.pattern.finditer(folded):
            start, end = m.span()
            if start == end or not _word_bounded(folded, start, end):
                continue
            if folded.startswith("'s", end) and not folded[end + 2 : end + 3].isalnum():
                continue  # "a recap of today's call": a possessive names an event, not a date
            if "mon" in m.re.groupindex and m.group("mon") == "may" and not _capital_may(text, m):
                continue
            counted = _COUNTED.search(folded, 0, start)
            if (
                _SINCE.search(folded, 0, start)
                and not folded.startswith(_NEAR, start)
                and not counted
            ):
                continue  # "the fee from March second": when something happened, not a deadline
            due = rule.resolve(m, day)
            if counted is not None:  # "two weeks from Monday": the count is added to the day
                start, due = counted.start(), _counted_from(counted, due)
            found.append((start, end, due))
    found.sort(key=lambda f: (f[0], -(f[1] - f[0])))
    chosen: list[tuple[int, int, date | None]] = []
    for start, end, due in found:
        if any(start < c_end and c_start < end for c_start, c_end, _ in chosen):
            continue
        chosen.append((start, end, due))
    chosen.sort()
    return [Deadline(text[s:e].strip(), due, (s, _latest(folded, e))) for s, e, due in chosen]


# "the fee from March second", "broken since Monday"; not "two weeks from today", "from now".
_SINCE = re.compile(r"\b(?:from|since)\s+(?:(?:the|on|back|last)\s+)?$")
# "two weeks from Monday", "a day from now": a count of days before "from" makes it a date.
_COUNTED = re.compile(
    r"\b(?P<n>\d+|(?:a\s+)?couple of|(?:a\s+)?few|a|an|one|two|three|four|five|six|seven|eight"
    r"|nine|ten)\s+"
    r"(?P<unit>(?:business |working )?(?:days?|weeks?|months?))\s+from\s+$"
)
_COUNTS = {"a": 1, "an": 1, "few": 3, "couple of": 2}


def _counted_from(counted: re.Match[str], due: date | None) -> date | None:
    """The day a count of days or weeks after ``due`` ("two weeks from Monday"); a count of
    months is too loose to pin to a day, as "in two months" is."""
    if due is None:
        return None
    word = re.sub(r"^a\s+(?=couple|few)", "", counted.group("n"))
    count = _COUNTS.get(word) or _number(word, _EN_CARDINALS)
    unit = counted.group("unit")
    if not count or "month" in unit:
        return None
    if unit.startswith(("business", "working")):
        return _add_business_days(due, count)
    return due + timedelta(days=7 * count if "week" in unit else count)


_NEAR = ("today", "tonight", "tomorrow", "now")


# "before Friday at the latest", "el lunes como muy tarde": the date's own words (the span
# covers them, so an action cut around the date keeps none of them).
_AT_THE_LATEST = re.compile(
    r"\s*,?\s*(?:at the (?:very )?latest|como (?:muy )?tarde|a mas tardar)\b"
)


def _latest(folded: str, end: int) -> int:
    m = _AT_THE_LATEST.match(folded, end)
    return m.end() if m else end


def find_deadline(text: str, language: str, day: date) -> Deadline | None:
    """The first deadline said in ``text`` ("by Friday", "el 20 de octubre"), or None."""
    for deadline in find_deadlines(text, language, day):
        if deadline.due is not None:
            return deadline
    return None


def _word_bounded(folded: str, start: int, end: int) -> bool:
    before = folded[start - 1] if start > 0 else " "
    after = folded[end] if end < len(folded) else " "
    return not (before.isalnum() or after.isalnum())


def _capital_may(text: str, m: re.Match[str]) -> bool:
    """ "May" the month is written with a capital; "may" the verb is not."""
    start = m.start("mon")
    return text[start : start + 1] == "M"
