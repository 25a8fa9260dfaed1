"""Building blocks of conversation: turns with alternative phrasings and named slots.

A block is a short exchange (a question and its answer, a customer's story, a demo step). Each
turn lists several phrasings; the engine picks one and fills slots such as `{c1_first}`,
`{competitor}` or `{seats}` from the activity, so that the same block reads differently in every
conversation.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

# Who speaks a turn: the owner (`rep`), another internal person (`int`, the owner when alone),
# the sales director (`mgr`, else `int`), the customer the exchange is with (`c1`) and another
# customer (`c2`, or `c1` when alone).
ROLES = ("rep", "int", "mgr", "c1", "c2")

Turn = tuple[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Block:
    turns: tuple[Turn, ...]
    topic: str | None = None
    budget: bool = False  # the block talks about price or budget (DemoFacts.budget_mentioned)


def say(role: str, *phrasings: str) -> Turn:
    assert role in ROLES, role
    return role, phrasings


def block(*turns: Turn, topic: str | None = None, budget: bool = False) -> Block:
    return Block(turns, topic, budget)


class Slots(dict[str, str]):
    """Slot values for one exchange; an unknown slot is a bug in a block, so it raises."""

    def __missing__(self, key: str) -> str:
        raise KeyError(f"demo block uses unknown slot {{{key}}}")


def fill(template: str, slots: Slots) -> str:
    return template.format_map(slots)


_MONTHS = {
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    "es": (
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
    ),
}
_WEEKDAYS = {
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
    "es": ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"),
}


def spoken_date(day: date, lang: str) -> str:
    """'Friday, March 14' or 'viernes 14 de marzo'."""
    weekday = _WEEKDAYS[lang][day.weekday()]
    month = _MONTHS[lang][day.month - 1]
    if lang == "es":
        return f"{weekday} {day.day} de {month}"
    return f"{weekday}, {month} {day.day}"


def weekday_name(day: date, lang: str) -> str:
    return _WEEKDAYS[lang][day.weekday()]


def money(amount: float, lang: str) -> str:
    """Dollars as people say them in a call: '$118,800' or '118.800 dólares'."""
    whole = f"{round(amount):,}"
    if lang == "es":
        return whole.replace(",", ".") + " dólares"
    return "$" + whole
