"""Name candidates in lowercase speech-to-text transcripts, where no capital marks a vendor.

Recognised speech comes without capitals or punctuation ("we're on echoes for inventory", "me
habló una muchacha de dental link"), so :mod:`competitors` finds no capitalised runs. Vendors
in sales talk sit in a few syntactic slots (after "using", "been on", "looking at", "a quote
from", "demo with", "than", "usamos", "estamos con", "cotización de"...): the words right after
such a slot, up to ``MAX_WORDS`` and stopping at stopwords, fillers and generic words, are the
candidates. The slot list is syntax; whether a candidate is a rival stays with the
``competitor`` head, read on every mention with the candidate masked.

A vendor that courts the customer is the subject of its verb, so no slot comes before it
("crescent wireless is offering me four lines"): the words before such a verb count as after
a strong slot, unless a possessive opens them ("my sister called me").

A candidate must either come from a slot that evaluates a vendor (``looked at``, ``demo
with``, ``cotización de``...: ``STRONG``) or be found after a slot at least twice: broad slots
("on", "with", "from") alone are weak evidence.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from meetsight.intelligence.builtin.folding import fold
from meetsight.intelligence.builtin.keyphrases import GENERIC_WORDS
from meetsight.intelligence.builtin.stopwords import BOTH, wordset

MAX_WORDS = 3
LOWERCASE_SHARE = 0.15  # at most this share of lines with a capital: a lowercase transcript

# Slots that name a vendor being weighed: one mention is enough to read the name.
_STRONG_EN = r"""
looking at|looked at|look at|looking into|looked into|evaluating|considering|
quote from|quotes from|quoted by|quote by|bid from|proposal from|pricing from|price from|
demo with|demo from|demo of|trial with|trial of|call with|
talking to|talked to|talking with|talked with|spoke to|spoke with|spoken to|speaking with|
compared to|compared with|comparing|versus|vs|
switch to|switch from|switching to|switching from|switched to|switched from|
move to|moving to|moved to|move from|moving from|moved from|migrate from|migrating from|
went with|going with|go with|signed with|tried|trying|trialed|
replace|replacing|rip out|ripping out|leave|leaving|
guys at|folks at|people at|team at|rep from|guy from|guys from|folks from|
more than|less than|cheaper than|better than|pricier than|worse than|
pay|paying|paid|we pay|we paid
"""
_STRONG_ES = r"""
cotización de|cotizacion de|propuesta de|precio de|demo de|demo con|prueba de|
probé|probe|probamos|probando|probaron|comparando con|comparado con|contra|
cambiarnos a|cambiar a|cambiarnos de|cambiar de|migrar a|migrar de|nos pasamos a|
muchacha de|muchacho de|chava de|chavo de|señor de|señora de|senor de|senora de|
vendedor de|vendedora de|ejecutivo de|ejecutiva de|gente de|alguien de|los de|
más caro que|mas caro que|más barato que|mas barato que|mejor que|peor que|más que|mas que|
pagamos|pagamos a|pagamos en|le pagamos a|dejar|salirnos de
"""
# Broad slots: a name here counts when the conversation names it so at least twice.
_BROAD = r"""
using|use|we use|on|been on|with|from|out of|in|
usamos|usan|usa|usando|con|estamos con|trabajamos con|en|tenemos
"""


def _alternation(text: str) -> str:
    options = sorted((o.strip() for o in text.split("|") if o.strip()), key=len, reverse=True)
    return "|".join(re.escape(o).replace(r"\ ", r"\s+") for o in options)


_SLOT = re.compile(
    rf"(?<![\w'])(?:(?P<strong>{_alternation(_STRONG_EN + '|' + _STRONG_ES)})"
    rf"|(?P<broad>{_alternation(_BROAD)}))\s+",
    re.UNICODE,
)
_WORD = re.compile(r"[^\W_][\w'\u2019.-]*\w|[^\W_]", re.UNICODE)
# A vendor courting the customer, said after its name: the name is the subject before it
# ("crescent wireless is offering me four lines", "veloxa keeps calling us", "los de telcel
# me ofrecieron"). One mention is enough to read the name, as after a strong slot.
_COURTING = re.compile(
    r"\s+(?:(?:has|have|had) been |is |are |was |were |keeps? |kept |already |also )*"
    r"(?:offer(?:ed|ing|s)? (?:me|us)|pitch(?:ed|es|ing) (?:me|us)|quot(?:ed|es|ing) (?:me|us)"
    r"|call(?:ed|s|ing) (?:me|us)|knock(?:ed|s|ing) on (?:my|our) door"
    r"|(?:me|nos) (?:ofrec|cotiz|llam)\w*)\b"
)

# Words that fill these slots without naming anything: fillers, time and place words, the
# everyday nouns of "on top", "on board", "with us", "from scratch", "en línea".
_NOT_NAMES = wordset(
    """um uh uhm hmm mm eh er ah oh okay ok yeah yes no nope right so well just like kind sort
    actually basically honestly literally really pretty maybe probably also too either
    top board site call phone paper hand hands scratch time times day days week weeks month
    months year years today tomorrow yesterday now then here there everything anything
    something nothing everyone anyone someone somebody anybody nobody guys folks people team
    stuff thing things way ways lot bit part side end point line email mail spreadsheet
    spreadsheets excel sheet sheets notebook whiteboard calendar budget price prices pricing cost
    costs money double triple half twice contract renewal quote quotes demo trial paperwork
    hold track average
    pues este bueno sea osea mire oiga ahorita orita nomás nomas luego tiempo vez veces dia
    dias semana semanas mes meses año años hoy mañana ayer ahora aquí aqui allá alla línea
    linea papel mano cuaderno libreta hoja hojas todo todos nada algo alguien nadie gente
    equipo cosa cosas precio precios costo contrato demo prueba mas más menos muy"""
)
_SPELLED = re.compile(r"^[a-z]$")  # "l m n": letters spelled out make one acronym
_NOT_LETTERS = frozenset("aioye")  # one-letter words of English and Spanish
_FILLERS = wordset("um uh uhm eh er like este pues o sea")


@dataclass(frozen=True, slots=True)
class SpokenName:
    key: str  # folded words, as they are found in the text
    shown: str  # title-cased for display ("Service Auto Pilot")
    strong: bool  # seen after a slot that evaluates a vendor
    slots: int  # how many times it was found after a slot


def is_lowercase(texts: Sequence[str]) -> bool:
    """Whether a transcript comes without capitals: few of its lines hold a capital other
    than a lone "I" (speech-to-text output)."""
    if not texts:
        return False
    capped = sum(1 for t in texts if re.search(r"[A-ZÀ-Þ]", re.sub(r"\bI\b", "", t)))
    return capped <= LOWERCASE_SHARE * len(texts)


def _usable(word: str, excluded: set[str]) -> bool:
    key = fold(word)
    return (
        key not in BOTH
        and key not in GENERIC_WORDS
        and key not in _NOT_NAMES
        and key not in excluded
        and "'" not in key
        and "\u2019" not in key
        and not any(c.isdigit() for c in key)
    )


def _run_after(
    text: str,
    start: int,
    excluded: set[str],
    parties: frozenset[str] = frozenset(),
    strong: bool = False,
) -> list[str]:
    """The name-like words right after a slot (a filler or two skipped): up to ``MAX_WORDS``,
    or letters spelled out ("l m n"). A word of the parties' names (the title) may stand in a
    longer run ("dental link" beside "Clínica Dental Galindo"), never alone."""
    tokens: list[str] = []
    for m in _WORD.finditer(text, start):
        if text[start : m.start()].strip() or len(tokens) > 8:
            break
        tokens.append(m.group().rstrip("."))
        start = m.end()
    while tokens and tokens[0] in _FILLERS and len(tokens) > 1:
        tokens.pop(0)
    letters = [t for t in _prefix(tokens, lambda t: bool(_SPELLED.match(t)))]
    if letters and letters[0] not in _NOT_LETTERS:
        return letters if len(letters) >= 2 else []
    run = _prefix(tokens, lambda t: _usable(t, excluded))[:MAX_WORDS]
    if all(fold(w) in parties for w in run):
        return []
    if run and _VERB_FORM.search(fold(run[0])) and not (strong and len(run) >= 2):
        return []
    return run


def _run_before(
    text: str, end: int, excluded: set[str], parties: frozenset[str] = frozenset()
) -> list[str]:
    """The name-like words right before ``end`` (a verb that only a vendor's subject takes), up
    to ``MAX_WORDS``: read backwards until a stopword, a filler or a person's name."""
    tokens = [m.group().rstrip(".") for m in _WORD.finditer(text[:end])][-8:]
    run: list[str] = []
    for token in reversed(tokens):
        if not _usable(token, excluded) or len(run) >= MAX_WORDS:
            break
        run.insert(0, token)
    if not run or all(fold(w) in parties for w in run) or _VERB_FORM.search(fold(run[0])):
        return []
    before = tokens[len(tokens) - len(run) - 1] if len(tokens) > len(run) else ""
    return [] if fold(before) in _POSSESSIVES else run  # "my sister called me": a relation


_POSSESSIVES = wordset("my our your his her their mi mis nuestro nuestra tu su sus")


# A run that opens with a verb form is the rest of a clause ("on managing the crews", "con
# llevando"), not a product: lowercase speech gives no capital to tell them apart. After a
# slot that weighs a vendor, a longer run is read as a name ("a demo with planning center",
# "we looked at orchestrated beer"): the head still reads every mention.
_VERB_FORM = re.compile(r"^\w{3,}(?:ing|ed|ando|iendo)$")


def _prefix(tokens: list[str], keep: object) -> list[str]:
    out: list[str] = []
    for t in tokens:
        if not keep(t):  # type: ignore[operator]
            break
        out.append(t)
    return out


def _spelled(run: list[str]) -> bool:
    return all(_SPELLED.match(w) for w in run)


def spoken_names(
    texts: Sequence[str], excluded: set[str], parties: frozenset[str] = frozenset()
) -> list[SpokenName]:
    """The candidates of a lowercase transcript, in order of first sight. ``excluded`` words
    (people) end a run; ``parties`` words (the title, the organization) only when alone."""
    slots: Counter[str] = Counter()
    strong: set[str] = set()
    order: list[str] = []
    for text in texts:
        low = fold(text)
        for m in _SLOT.finditer(low):
            run = _run_after(low, m.end(), excluded - parties, parties, bool(m.group("strong")))
            if not run:
                continue
            key = " ".join(run)
            if key not in slots:
                order.append(key)
            slots[key] += 1
            if m.group("strong"):
                strong.add(key)
        for m in _COURTING.finditer(low):
            run = _run_before(low, m.start(), excluded - parties, parties)
            if run:
                key = " ".join(run)
                if key not in slots:
                    order.append(key)
                slots[key] += 1
                strong.add(key)
    # a run that goes on past a name seen alone elsewhere is that name ("from paylocity
    # weekly" and "on paylocity")
    for key in list(order):
        shorter = [k for k in order if k != key and f"{key} ".startswith(f"{k} ")]
        if shorter:
            base = max(shorter, key=len)
            slots[base] += slots.pop(key)
            if key in strong:
                strong.add(base)
            order.remove(key)
    out: list[SpokenName] = []
    for key in order:
        if key in strong or slots[key] >= 2:
            out.append(SpokenName(key, _title(key), key in strong, slots[key]))
    return out


def _title(key: str) -> str:
    if _spelled(key.split()):
        return key.replace(" ", "").upper()
    return " ".join(w[:1].upper() + w[1:] for w in key.split())


def occurrences(text: str, key: str) -> list[tuple[int, int]]:
    """Where ``key``'s words stand in the folded ``text``, as whole words."""
    pattern = r"\s+".join(re.escape(w) for w in key.split())
    return [m.span() for m in re.finditer(rf"(?<![\w'])\b{pattern}\b(?!['\w])", text)]
