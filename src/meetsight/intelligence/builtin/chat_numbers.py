"""Numbers said in a sentence, as runs of words ("a hundred and eighty", "three forty nine",
"mil quinientos", "1,800"), with what follows each: what tells an amount of money from a count
of things or a bare figure.

* a count: the run is followed by a noun ("a hundred and eighty seats", "three-year term",
  "two quarters"): it counts that thing;
* money: the run is followed by a currency ("mil quinientos pesos", "a hundred fifty bucks") or
  by a rate ("five ninety a month", "ochenta mil al mes", "twelve per user");
* bare: anything else ("net forty-five", "Twenty-five.", "five times fees").

Spoken text written without digits or currency signs (speech recognition, "three forty nine a
month") is the case this serves: :func:`amounts.find_amounts` needs a currency or a magnitude.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import fold

_JOINERS = frozenset(("and", "y"))  # "a hundred and eighty", "treinta y cinco"
_ONE = frozenset(("one", "un", "una", "uno", "a"))
CURRENCIES = wordset(
    """dollar dollars usd bucks buck euro euros eur pound pounds gbp quid pesos peso dolar
    dolares libras soles sol reais real francs yen rupees cents centavos"""
)
_RATE_LEAD = wordset("a per an al por each every cada the el la /")
PERIODS = wordset(
    """month months year years week weeks day days hour hours quarter annum seat seats user
    users license licence licenses licences agent agents employee employees head vehicle
    vehicles truck trucks driver drivers unit units screen screens location locations mes meses
    ano anos semana dia hora trimestre usuario usuarios licencia licencias trabajador
    trabajadores empleado empleados vehiculo vehiculos sucursal unidad unidades"""
)
# Words after a figure that do not make it a count of things.
_NOT_COUNTED = wordset(
    """percent per cent times x off net points point basis bps plus more less extra over
    under total each every up down ish por ciento veces mas menos puntos
    across throughout overall apiece flat all altogether combined tops max maximum minimum"""
)
_TOKEN = re.compile(r"\d[\d,.]*\d|\d|[a-z]+(?:'[a-z]+)?|/")


@dataclass(frozen=True)
class NumberRun:
    text: str  # the run as said, folded: "a hundred and eighty"
    start: int  # character offsets in the folded sentence
    end: int
    after: tuple[str, ...]  # the next words (up to three), folded

    @property
    def last(self) -> str:
        return self.text.split()[-1]

    @property
    def counted(self) -> bool:
        """Followed by a noun: it counts something ("a hundred and eighty seats")."""
        if not self.after or self.money:
            return False
        word = self.after[0]
        return word.isalpha() and word not in BOTH and word not in _NOT_COUNTED

    @property
    def money(self) -> bool:
        """Said as an amount: with a currency or as a rate."""
        if self.after and self.after[0] in CURRENCIES:
            return True
        return len(self.after) >= 2 and self.after[0] in _RATE_LEAD and self.after[1] in PERIODS


def _is_number(token: str) -> bool:
    return token[0].isdigit() or token in NUMBER_WORDS


def number_runs(sentence: str) -> list[NumberRun]:
    """The runs of number words and digits in ``sentence`` (folded), in order; a lone "one" or
    "a" is not a number."""
    folded = fold(sentence).replace("-", " ")
    tokens = list(_TOKEN.finditer(folded))
    runs: list[NumberRun] = []
    i = 0
    while i < len(tokens):
        if not _is_number(tokens[i].group()):
            i += 1
            continue
        j = i + 1
        while j < len(tokens):
            word = tokens[j].group()
            if _is_number(word):
                j += 1
            elif word in _JOINERS and j + 1 < len(tokens) and _is_number(tokens[j + 1].group()):
                j += 2
            else:
                break
        words = [t.group() for t in tokens[i:j]]
        if not (len(words) == 1 and words[0] in _ONE):
            after = tuple(t.group() for t in tokens[j : j + 3])
            runs.append(NumberRun(" ".join(words), tokens[i].start(), tokens[j - 1].end(), after))
        i = j
    return runs
