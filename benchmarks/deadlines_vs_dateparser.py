"""Deadline phrases resolved by meetsight's rules (`deadlines.py`) and by the `dateparser`
package, against the same meeting day, on phrases written for this comparison (English and
Spanish, the conventions of docs/intelligence.md).

    pip install dateparser   # not a meetsight dependency: it lost this comparison
    python benchmarks/deadlines_vs_dateparser.py

Prints each phrase with both answers and the totals (docs/intelligence.md records them).
"""

from __future__ import annotations

import sys
import time
from datetime import date, datetime

from meetsight.intelligence.builtin.deadlines import find_deadline

DAY = date(2026, 10, 14)  # a Wednesday

PHRASES: list[tuple[str, str, date]] = [
    ("en", "I'll send it by Friday", date(2026, 10, 16)),
    ("en", "I'll send it tomorrow", date(2026, 10, 15)),
    ("en", "you'll have it by next Tuesday", date(2026, 10, 20)),
    ("en", "by the end of next week", date(2026, 10, 23)),
    ("en", "by end of day Monday", date(2026, 10, 19)),
    ("en", "we'll get it done this week", date(2026, 10, 16)),
    ("en", "in two weeks", date(2026, 10, 28)),
    ("en", "before the end of the month", date(2026, 10, 31)),
    ("en", "on October 20th", date(2026, 10, 20)),
    ("en", "on the 22nd", date(2026, 10, 22)),
    ("en", "Thursday the 22nd", date(2026, 10, 22)),
    ("en", "within five business days", date(2026, 10, 21)),
    ("en", "later today", date(2026, 10, 14)),
    ("en", "first thing tomorrow morning", date(2026, 10, 15)),
    ("en", "the day after tomorrow", date(2026, 10, 16)),
    ("en", "by Monday", date(2026, 10, 19)),
    ("en", "this Thursday", date(2026, 10, 15)),
    ("en", "next week", date(2026, 10, 23)),
    ("en", "within a week", date(2026, 10, 21)),
    ("en", "by 11/3", date(2026, 11, 3)),
    ("en", "by November third", date(2026, 11, 3)),
    ("en", "in ten days", date(2026, 10, 24)),
    ("en", "tonight", date(2026, 10, 14)),
    ("en", "Wednesday next week", date(2026, 10, 21)),
    ("es", "te lo mando el viernes", date(2026, 10, 16)),
    ("es", "mañana", date(2026, 10, 15)),
    ("es", "el próximo martes", date(2026, 10, 20)),
    ("es", "antes del jueves", date(2026, 10, 15)),
    ("es", "esta semana", date(2026, 10, 16)),
    ("es", "la semana que viene", date(2026, 10, 23)),
    ("es", "a fin de mes", date(2026, 10, 31)),
    ("es", "el 20 de octubre", date(2026, 10, 20)),
    ("es", "en dos semanas", date(2026, 10, 28)),
    ("es", "dentro de diez días", date(2026, 10, 24)),
    ("es", "hoy mismo", date(2026, 10, 14)),
    ("es", "pasado mañana", date(2026, 10, 16)),
    ("es", "el martes 27", date(2026, 10, 27)),
    ("es", "el lunes que viene", date(2026, 10, 19)),
    ("es", "antes del día 3", date(2026, 11, 3)),
    ("es", "en una semana", date(2026, 10, 21)),
]


def main() -> int:
    try:
        from dateparser.search import search_dates
    except ImportError:
        print("dateparser is not installed: pip install dateparser", file=sys.stderr)
        return 1
    base = datetime(DAY.year, DAY.month, DAY.day, 12)
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future"}
    ours = theirs = 0
    spent = 0.0
    for language, text, want in PHRASES:
        found = find_deadline(text, language, DAY)
        mine = found.due if found else None
        started = time.perf_counter()
        hits = search_dates(text, languages=[language], settings=settings)
        spent += time.perf_counter() - started
        other = hits[0][1].date() if hits else None
        ours += mine == want
        theirs += other == want
        print(f"{language} {text!r:38} want {want}  meetsight {mine}  dateparser {other}")
    count = len(PHRASES)
    print(f"meetsight {ours}/{count}, dateparser {theirs}/{count} ({spent / count * 1000:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
