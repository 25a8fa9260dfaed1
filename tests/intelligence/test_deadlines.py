"""Deadline phrases in English and Spanish, resolved against the conversation's day."""

from __future__ import annotations

from datetime import date

import pytest

from meetsight.intelligence.builtin.deadlines import Deadline, find_deadline, find_deadlines

MON = date(2026, 10, 12)
TUE = date(2026, 9, 22)
WED = date(2026, 10, 14)
FRI = date(2026, 10, 16)
SAT = date(2026, 10, 17)

CASES: list[tuple[str, str, date, str, date]] = [
    # (language, text, conversation day, phrase, due)
    ("en", "I'll send it today.", WED, "today", WED),
    ("en", "You'll have it tonight.", WED, "tonight", WED),
    ("en", "I'll send it by end of day.", WED, "by end of day", WED),
    # the day named after "end of day" is the day meant, not today
    ("en", "by end of day Monday", WED, "by end of day Monday", date(2026, 10, 19)),
    ("en", "EOD tomorrow", WED, "EOD tomorrow", date(2026, 10, 15)),
    ("en", "Friday end of day", WED, "Friday end of day", FRI),
    (
        "en",
        "by close of business on Thursday",
        WED,
        "by close of business on Thursday",
        date(2026, 10, 15),
    ),
    ("en", "I'll get it to you this afternoon.", WED, "this afternoon", WED),
    ("en", "I'll do it right after this call.", WED, "right after this call", WED),
    ("en", "I'll send it tomorrow morning.", WED, "tomorrow morning", date(2026, 10, 15)),
    ("en", "the day after tomorrow", WED, "the day after tomorrow", FRI),
    ("en", "I'll send it by Friday.", WED, "by Friday", FRI),
    ("en", "Let's meet on Wednesday.", WED, "on Wednesday", date(2026, 10, 21)),
    ("en", "this Friday works", WED, "this Friday", FRI),
    ("en", "by next Friday", WED, "by next Friday", date(2026, 10, 23)),
    ("en", "next Tuesday, say ten a.m.?", WED, "next Tuesday", date(2026, 10, 20)),
    ("en", "next Thursday", TUE, "next Thursday", date(2026, 10, 1)),
    ("en", "next Monday", SAT, "next Monday", date(2026, 10, 19)),
    ("en", "Tuesday next week", WED, "Tuesday next week", date(2026, 10, 20)),
    ("en", "by the end of the week", WED, "by the end of the week", FRI),
    ("en", "by the end of the week", SAT, "by the end of the week", date(2026, 10, 23)),
    ("en", "sometime this week", MON, "sometime this week", FRI),
    ("en", "I'll send it next week.", WED, "next week", date(2026, 10, 23)),
    ("en", "early next week", WED, "early next week", date(2026, 10, 19)),
    ("en", "in two weeks", WED, "in two weeks", date(2026, 10, 28)),
    ("en", "within 3 days", WED, "within 3 days", SAT),
    ("en", "in five business days", WED, "in five business days", date(2026, 10, 21)),
    ("en", "before the end of the month", WED, "before the end of the month", date(2026, 10, 31)),
    (
        "en",
        "by the end of the month",
        date(2026, 2, 3),
        "by the end of the month",
        date(2026, 2, 28),
    ),
    ("en", "on October 20th", WED, "on October 20th", date(2026, 10, 20)),
    ("en", "by September eighth", date(2026, 8, 12), "by September eighth", date(2026, 9, 8)),
    ("en", "the 3rd of March", WED, "the 3rd of March", date(2027, 3, 3)),
    ("en", "on the twentieth.", date(2026, 11, 3), "on the twentieth", date(2026, 11, 20)),
    ("en", "by the 5th", WED, "by the 5th", date(2026, 11, 5)),
    ("en", "for Thursday the first", TUE, "for Thursday the first", date(2026, 10, 1)),
    ("en", "on the second.", date(2026, 12, 28), "on the second", date(2027, 1, 2)),
    ("en", "by 10/20", WED, "by 10/20", date(2026, 10, 20)),
    ("en", "on 2026-11-02", WED, "on 2026-11-02", date(2026, 11, 2)),
    ("en", "by January 5th", date(2026, 12, 20), "by January 5th", date(2027, 1, 5)),
    ("en", "next week", date(2026, 12, 30), "next week", date(2027, 1, 8)),
    ("es", "Se lo envío hoy mismo.", WED, "hoy mismo", WED),
    ("es", "Te lo mando ahora mismo.", WED, "ahora mismo", WED),
    ("es", "Te lo paso mañana.", WED, "mañana", date(2026, 10, 15)),
    ("es", "pasado mañana", WED, "pasado mañana", FRI),
    ("es", "le envío la propuesta el viernes", WED, "el viernes", FRI),
    ("es", "antes del viernes", WED, "antes del viernes", FRI),
    ("es", "este viernes", WED, "este viernes", FRI),
    ("es", "el próximo martes", WED, "el próximo martes", date(2026, 10, 20)),
    ("es", "el viernes que viene", WED, "el viernes que viene", date(2026, 10, 23)),
    (
        "es",
        "el martes de la próxima semana",
        WED,
        "el martes de la próxima semana",
        date(2026, 10, 20),
    ),
    (
        "es",
        "la semana que viene, el jueves",
        WED,
        "la semana que viene, el jueves",
        date(2026, 10, 22),
    ),
    ("es", "esta semana", WED, "esta semana", FRI),
    ("es", "la semana que viene", WED, "la semana que viene", date(2026, 10, 23)),
    ("es", "la próxima semana", SAT, "la próxima semana", date(2026, 10, 23)),
    ("es", "a finales de mes", WED, "a finales de mes", date(2026, 10, 31)),
    ("es", "a final de mes", date(2026, 12, 2), "a final de mes", date(2026, 12, 31)),
    ("es", "en dos semanas", WED, "en dos semanas", date(2026, 10, 28)),
    ("es", "dentro de 3 días", WED, "dentro de 3 días", SAT),
    ("es", "en quince días", WED, "en quince días", date(2026, 10, 28)),
    ("es", "el 20 de octubre", WED, "el 20 de octubre", date(2026, 10, 20)),
    ("es", "el veinte de octubre", WED, "el veinte de octubre", date(2026, 10, 20)),
    ("es", "antes del uno de enero", WED, "antes del uno de enero", date(2027, 1, 1)),
    ("es", "el 3 de octubre", WED, "el 3 de octubre", date(2027, 10, 3)),
    ("es", "al consejo el veinticinco.", date(2026, 6, 10), "el veinticinco", date(2026, 6, 25)),
    ("es", "el día 5", date(2026, 12, 20), "el día 5", date(2027, 1, 5)),
    ("es", "el 20/10", WED, "el 20/10", date(2026, 10, 20)),
]


@pytest.mark.parametrize(("language", "text", "day", "phrase", "due"), CASES)
def test_resolves(language: str, text: str, day: date, phrase: str, due: date) -> None:
    found = find_deadline(text, language, day)
    assert found is not None
    assert found.phrase == phrase
    assert found.due == due
    assert text[found.span[0] : found.span[1]] == phrase


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Ten is fine, say ten a.m. or at 10:30."),
        ("en", "A bad day is every Monday."),
        ("en", "We met last Friday."),
        ("en", "We want it live the first week of February."),
        ("en", "You may 5 times try."),
        ("en", "Thanks, talk soon."),
        ("en", "in a few days"),
        ("es", "a las diez de la mañana"),
        ("es", "los lunes tenemos reunión"),
        ("es", "ya os mandé el resumen el viernes pasado"),
        ("es", "dos veces a la semana"),
        ("es", "subimos un dos por ciento"),
        ("es", "Muchas gracias, que tenga buen día."),
    ],
)
def test_no_date(language: str, text: str) -> None:
    assert find_deadline(text, language, WED) is None


def test_first_of_several() -> None:
    text = "I'll send it tomorrow so you can present it on the twentieth."
    found = find_deadlines(text, "en", WED)
    assert [d.phrase for d in found] == ["tomorrow", "on the twentieth"]
    assert [d.due for d in found] == [date(2026, 10, 15), date(2026, 10, 20)]
    first = find_deadline(text, "en", WED)
    assert first == found[0]


def test_unresolvable_phrase_is_kept_but_not_returned_first() -> None:
    # "in two months" is a deadline phrase too loose for a single day
    found = find_deadlines("We'll go live in two months.", "en", WED)
    assert found == [Deadline("in two months", None, (14, 27))]
    assert find_deadline("We'll go live in two months.", "en", WED) is None


def test_unknown_language_uses_english() -> None:
    found = find_deadline("by Friday", "de", WED)
    assert found is not None and found.due == FRI


def test_invalid_dates() -> None:
    assert find_deadline("on February 30th", "en", WED) is None
    assert find_deadline("el 31 de abril", "es", WED) is None
    # the 31st skips months that do not have one
    found = find_deadline("by the 31st", "en", date(2026, 11, 5))
    assert found is not None and found.due == date(2026, 12, 31)
