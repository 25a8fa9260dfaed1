"""What the English and Spanish commitment rules share: the hit they report and the checks
both languages make."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from meetsight.intelligence.builtin.deadlines import find_deadlines

ANY_DAY = date(2026, 1, 5)  # finding a deadline phrase does not depend on the day
OTHER = "\x00other"  # the actor is whoever the speaker talks to ("quedamos en que me envías")
EACH = "\x00each"  # everyone who agrees ("quedamos en que cada uno actualiza ...")


@dataclass(frozen=True, slots=True)
class Hit:
    start: int  # where the action begins in the sentence (its verb, or a clitic before it)
    verb_end: int  # end of the conjugated verb, replaced by ``infinitive`` when one is given
    actors: tuple[str, ...]
    infinitive: str | None = None  # Spanish: the action is told in the infinitive
    needs_deadline: bool = False  # only a deadline makes it a commitment
    needs_acceptance: bool = False  # an offer or proposal: the other side has to take it


WORD = re.compile(r"[a-z]+")


def opens_with_deadline(before: str, language: str) -> bool:
    """ "By Friday I'll send ...", "El viernes te envío ...": a date said first opens the clause."""
    clause = re.split(r"[,;:.!?¿¡]", before)[-1]
    if len(clause.split()) > 6:
        return False  # longer than any date phrase
    lead = len(clause) - len(clause.lstrip())
    return any(
        deadline.span[0] <= lead + 4 and deadline.span[1] >= len(clause.rstrip())
        for deadline in find_deadlines(clause, language, ANY_DAY)
    )


def named_owner(subject: str, speaker: str, first_names: dict[str, str]) -> tuple[str, ...]:
    """ "Our engineer Sam will ...", "mi compañero Sam enviará ...": Sam when he takes part,
    else the speaker, who answers for the team."""
    for word in re.findall(r"[a-z]+", subject):
        name = first_names.get(word)
        if name is not None and name != speaker:
            return (name,)
    return (speaker,)
