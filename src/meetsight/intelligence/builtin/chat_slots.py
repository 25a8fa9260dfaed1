"""Values of the type a factual question asks for, found in a sentence (English and Spanish).

* money: an amount (:func:`amounts.find_amounts` on the whole line, so "390 al mes." after
  "¿Cuánto costaría?" counts), not a percentage; failing that, a number said together with one
  of the question's own words ("one sixty base" for "what base salary");
* share: any number (digits that start a word, or a number word other than "one"): a
  percentage, a margin, payment terms ("net 45"), a multiple ("five times fees");
* count: a number, when the thing counted is said in the same sentence or in the question it
  answers ("roughly six hundred devices, endpoint-wise");
* duration: a number (or "a", "a couple of") and a unit of time;
* date: a weekday, a month, "tomorrow", "next week", "the 19th", "the tenth", "12/3";
* person: a name (capitalised, see below) or a role ("our CFO", "la gerente"); failing that, a
  speaker speaking for themselves ("I'll write it up");
* name: a capitalised name that is not a person, a month, a day, a place, nor what the question
  itself names; place: a capitalised name, preferring one said as a place ("in our Frankfurt
  region", "at the Tacoma yard"). A capitalised word at the start of a sentence is a name only
  when the conversation also writes it capitalised inside a sentence ("Sage 50, desde hace
  años" after "lo que pagamos por Sage").

Text without capitals (raw speech recognition) has no names to find: a name or place is then
taken to be there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS, find_amounts
from meetsight.intelligence.builtin.bounded_cache import per_conversation
from meetsight.intelligence.builtin.chat_numbers import NumberRun, number_runs
from meetsight.intelligence.builtin.chat_passages import stem, terms
from meetsight.intelligence.builtin.chat_question import ROLE as _ROLE
from meetsight.intelligence.builtin.chat_question import Plan, Slot, asks_number, counted_head
from meetsight.intelligence.builtin.cues import DATE, is_common_word, proper_names
from meetsight.intelligence.builtin.languages import pack_for
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation

# A number: digits that start a word (not "Q4", "P1"), or a number word other than "one".
_NUMBER = re.compile(
    r"(?<![a-z])\d|\b(?:"
    + "|".join(sorted(NUMBER_WORDS - {"one", "un", "una", "uno"}, key=len, reverse=True))
    + r"|dozen|docena)\b"
)
_PAY_WORDS = re.compile(
    r"\b(?:price|pricing|cost|costs|pay|paid|paying|salary|base|bonus|comp|compensation|"
    r"rate|fee|fees|budget|quote|quoted|band|spend|invoice|precio|coste|costo|pago|pagar|"
    r"sueldo|salario|tarifa|cuota|presupuesto|factura)\b"
)
# A figure that is plainly no price: a time of day, a year, a count of people or months.
_MAYBE_NOT_MONEY = re.compile(
    r"\b(?:o'clock|am|pm|percent|por ciento|years?|months?|weeks?|days?|hours?|minutes?|"
    r"anos?|meses|semanas|dias|horas)\b"
)
# A question about how much something changed: its answer may be a percentage.
_CHANGE_ASKED = re.compile(
    r"\b(?:rais\w*|increas\w*|hik\w*|uplift|went up|go(?:es)? up|gone up|jump\w*|discount\w*"
    r"|cut|cuts|drop\w*|lower\w*|reduc\w*|cheaper|off|more expensive|sub(?:e|i|io|ieron|ir)"
    r"|aument\w*|baj\w*|descuento|rebaj\w*|mas barato|mas caro)\b"
)
# Any number word, the longest first so that "seventeen" is not read as "seven".
_NUMBER_WORD = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_PERCENT = re.compile(r"%|\bpercent\b|\bper cent\b|\bpor ciento\b|\bporcentaje\b")
_PERCENT_TERMS = frozenset(terms("percent percentage percentages")) | frozenset(
    terms("porcentaje porcentajes ciento", "es")
)
_PERCENT_ASKED = re.compile(r"%|\bpercent(?:age)?s?\b|\bper cent\b|\bpor ciento\b|\bporcentajes?\b")
_UNITS = (
    r"seconds?|minutes?|hours?|days?|weeks?|months?|years?|segundos?|minutos?|horas?|dias?"
    r"|semanas?|mes|meses|anos?"
)
# A number that counts something ("three-year term", "forty users"): not an amount of money.
_COUNTED = re.compile(
    r"(?:\d|\b(?:" + _NUMBER_WORD + r"))[\s-]+"
    r"(?:" + r"seconds?|minutes?|hours?|days?|weeks?|months?|years?|users?|people|seats?|"
    r"licen[cs]es?|trucks?|vehicles?|employees?|times|dias?|semanas?|meses|anos?|usuarios?" + r")\b"
)
_DURATION = re.compile(
    r"\b(?:\d+|"
    + _NUMBER_WORD
    + r"|a|an|un|una|couple|few|several|varios|varias)[\s-]+(?:[\w-]+\s+)?(?:"
    + _UNITS
    + r")\b"
)
_ORDINAL_DATE = re.compile(
    r"\b(?:the|el|dia)\s+(?:\d{1,2}(?:st|nd|rd|th)?|(?:twenty|thirty)[- ]?\w+|second|third|"
    r"fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    r"fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\b|"
    r"\b\d{1,2}/\d{1,2}\b|\b(?:next|this|last) (?:week|month|quarter|year)\b|"
    r"\b(?:proximo|proxima|que viene)\b|"
    # a year: "until 2028", "hasta dos mil veintiocho", "in twenty twenty-seven"
    r"\b(?:19|20)\d{2}\b(?!\s*(?:%|percent|por ciento|euros?|dollars?|pounds?|pesos?|"
    r"users?|usuarios?))|"
    r"\btwenty[- ](?:twenty|thirty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?\b|"
    r"\b(?:dos mil|two thousand(?: and)?)\s+(?:veinti\w+|treinta|"
    r"(?:twenty|thirty)(?:[- ]\w+)?|(?:one|two|three|four|five|six|seven|eight|nine|ten|"
    r"eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen))\b"
    r"(?!\s*(?:mil|thousand|hundred|euros?|dollars?|pounds?|pesos?|percent|por ciento))"
)
_OF_THEM = frozenset(("of them", "of those", "of these", "de ellos", "de ellas"))
_MAYBE = re.compile(r"\b(?:could|might|podriamos|podria|quizas)\b")
_ASKS_PAST = re.compile(
    r"\bwhen (?:was|were|did)\b|\bcuando (?:fue|fueron|firmaron|empezaron|compraron|hicieron)\b"
)
_FUTURE = re.compile(
    r"\b(?:will|i'll|we'll|you'll|they'll|he'll|she'll|it'll|going to|gonna|tomorrow|next|"
    r"manana|proxim[oa]|que viene)\b"
)
# "Who is their CFO?", "¿Quién es el jefe de compras?": who holds a role
_WHO_HOLDS = re.compile(
    r"^(?:and\s+|y\s+)?(?:(?:who is|who's|who are)\s+(?:the|their|our|your|his|her|its"
    r"|[a-z]+'s)|(?:what is|what's) the name of|(?:quien es|quienes son)\s+(?:el|la|los|las"
    r"|su|sus|tu|vuestr[oa])|como se llama|cual es el nombre de)\b"
)
_SELF_NAMED = re.compile(r"\b(?:i'm|i am|i run|i head|i lead|soy|yo llevo|yo dirijo)\b")
_ONCE = re.compile(r"\bonce\b", re.IGNORECASE)  # Spanish eleven, English "when"
_MONTHS_AND_DAYS = wordset(
    """january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday enero febrero marzo abril mayo
    junio julio agosto septiembre octubre noviembre diciembre lunes martes miercoles jueves
    viernes sabado domingo"""
)
# "in Frankfurt", "from Monterrey", "at the Tacoma yard" (not "looked at Metricly").
_PLACE_NOUNS = (
    r"sites?|offices?|plants?|warehouses?|depots?|stores?|shops?|branch(?:es)?|locations?|"
    r"cities|countries|regions?|hotels?|clinics?|campus(?:es)?|sedes?|oficinas?|plantas?|"
    r"almacen(?:es)?|tiendas?|sucursal(?:es)?|ciudades|paises|clinicas?|f[aá]bricas?|"
    r"factory|factories"
)
_PLACE_BEFORE = re.compile(
    r"\b(?:(?:in|from|near|en|desde|cerca de)\s+(?:the\s+|our\s+|their\s+|el\s+|la\s+|"
    r"nuestra\s+|nuestro\s+)?|at\s+(?:the|our|their)\s+)$|"
    # "la fábrica de Alcalá", "the plant of Leeds"
    rf"\b(?:{_PLACE_NOUNS})\s+(?:de|of|del)\s+$|"
    # a list after a place noun: "across three depots: Stoke, Warrington and Carlisle"
    rf"\b(?:{_PLACE_NOUNS})\s*[:,-]\s*(?:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?,?\s+(?:and\s+|y\s+)?)*$",
    re.IGNORECASE,
)
# What a demo, a quote or a salesperson comes "from" is a vendor, not a place ("we had a demo
# from Radius", "una oferta de Holded").
_VENDOR_FROM = re.compile(
    r"\b(?:demo|demos|call|quote|quotes|offer|pitch|email|proposal|contract|invoice|reps?"
    r"|salesperson|someone|somebody|people|guys|team|presupuesto|oferta|propuesta|demostracion"
    r"|comercial)\s+(?:from|de|desde)\s+$",
    re.IGNORECASE,
)
_PLACE_AFTER = re.compile(
    r"^\s+(?:yard|office|site|plant|warehouse|region|branch|facility|campus|city|area|county|"
    r"state|headquarters|hq|data ?cent(?:er|re)|depot|store|clinic|hospital|oficina|planta|"
    r"almacen|sede|region|nave|tienda|fabrica)\b",
    re.IGNORECASE,
)


_NOT_NAMES = NUMBER_WORDS | BOTH


@dataclass(frozen=True)
class Setting:
    """What slot detection needs from the conversation, whatever the question."""

    cased: bool  # the transcript writes capitals (names can be told)
    people: frozenset[str]  # the speakers' names, word by word, folded
    names: frozenset[str]  # words written capitalised inside a sentence somewhere, folded


@per_conversation(16)
def setting(conversation: Conversation) -> Setting:
    texts = [line.text for line in conversation.lines]
    return Setting(
        cased=any(c.isupper() for text in texts[:200] for c in text),
        people=frozenset(w for s in conversation.speakers for w in words(s.name)),
        names=frozenset(fold(n) for text in texts for n in proper_names(text)) - _NOT_NAMES,
    )


def has_number(folded: str) -> bool:
    return bool(_NUMBER.search(folded))


_LEADING_NUMBER = re.compile(
    r"^(?:(?:we're|we are|we have|we've got|there are|there's|it's|it is|that's|somos|son|"
    r"tenemos|hay|seremos)\s+)?(?:about|around|roughly|approximately|maybe|just|over|under|"
    r"almost|nearly|unos|unas|casi|mas de|menos de|alrededor de|cerca de)?\s*(?P<number>"
    # "a hundred eighty", "a couple hundred"
    r"(?:(?:a|an)\s+(?:couple\s+(?:of\s+)?)?(?=hundred|thousand|dozen))?(?:\d[\d,.]*|"
    + _NUMBER_WORD
    + r")\b(?:[\s-]+(?:and\s+|y\s+)?(?:"
    + _NUMBER_WORD
    + r")\b)*)"
)
# Spoken openers before a reply's number ("um about one eighty", "oh maybe twelve").
_FILLERS = re.compile(
    r"^(?:(?:um+|uh+|erm|er|ah|oh|so|well|yeah|yes|no|mm+|hmm+|eh|pues|este|"
    r"bueno|o sea|si|like)[\s,.]+)+"
)


def _without_fillers(folded: str) -> str:
    return _FILLERS.sub("", folded)


# After a bare figure: nothing that makes it a count of another thing, an amount or a share.
_BARE_AFTER = wordset(
    """a an al per por each every cada in en of de and y or o so then that which we they it
    total roughly give take more less than maybe tops at"""
)


def _bare(run: NumberRun) -> bool:
    """A figure said without what it counts: "about six hundred a month", "maybe fourteen
    hundred.", not "six hundred dollars", "twelve percent", "three sites"."""
    if not run.after:
        return True
    first, *rest = run.after
    second = tuple(w for w in rest if w not in ("la", "el", "the"))[:1]  # "a la semana"
    if first not in _BARE_AFTER or (first == "por" and second == ("ciento",)):
        return False
    # "a month", "al mes", "per week": a rate in time; "per user" counts users
    return first not in _RATE or (bool(second) and second[0] in _TIME)


_RATE = wordset("a an al per por each every cada")
_TIME = wordset("day days week weeks month months year years quarter dia semana mes ano trimestre")


_SHARE_AFTER = re.compile(r"^\s*(?:%|percent\b|per cent\b|por ciento\b)")
# A spoken decimal's "point" ("ninety-nine point six"), and the rest of a number run
_DECIMAL = re.compile(r"\b(\d+|" + _NUMBER_WORD + r") point (?=(?:\d|" + _NUMBER_WORD + r")\b)")
_NUMBER_RUN_REST = re.compile(
    r"^[\d,.]*(?:[\s-]+(?:and |y )?(?:\d[\d,.]*|" + _NUMBER_WORD + r")\b)*"
)
# A number that points back at things already named: "those two", "estas tres"
_POINTS_BACK = re.compile(
    r"\b(?:those|these|the other|both|esos|esas|estos|estas|los otros|las otras)\s*$"
)


def _is_share(run: NumberRun, folded: str) -> bool:
    """A percentage ("seventy-eight percent of the shipments") counts nothing."""
    return bool(_SHARE_AFTER.match(folded[run.end :]))


def _lasts(folded: str) -> bool:
    """Whether a sentence says a duration ("three weeks"), not a rate ("six hundred a month")."""
    for m in _DURATION.finditer(folded):
        said = m.group(0).split()
        rate = said[0] in _RATE and _NUMBER.search(folded[max(0, m.start() - 15) : m.start()])
        if not rate and not _RATE & set(said[1:-1]):
            return True
    return False


def _prior_terms(sentence: str, line: str, language: str) -> set[str]:
    """The terms of the sentence said just before ``sentence`` in its line."""
    at = line.find(sentence) if line else -1
    if at <= 0:
        return set()
    prior = re.split(r"(?<=[.!?])\s+", line[:at].strip())
    return {stem(w, language) for w in words(prior[-1])} if prior and prior[-1] else set()


_APPROXIMATELY = wordset(
    "about around roughly approximately nearly almost over under some like unos unas casi como "
    "aproximadamente cerca"
)


def _said_with(
    wanted_text: str, sentence: str, before: str, skip: set[str], language: str = ""
) -> bool:
    """Whether the sentence says one of the wanted words, or is a reply that starts with the
    number to a question that says one ("How many people?" "Six, including me.")."""
    wanted = set(terms(wanted_text, language)) - skip
    if not wanted:
        return False
    if wanted & set(terms(sentence, language)):
        return True
    return bool(wanted & set(terms(before, language))) and bool(
        _LEADING_NUMBER.match(fold(sentence))
    )


_ROLE_WORDS = (
    r"cfo|ceo|coo|cto|ciso|cio|vp|president|director|manager|head|owner|founder|counsel|"
    r"controller|engineer|lawyer|assistant|colleague|boss|mr|mrs|ms|dr|lead|technician|"
    r"accountant|consultant|supervisor|coordinator|analyst|specialist|gerente|director[a]?|"
    r"jefe|jefa|socio|socia|abogad[oa]|companer[oa]|sr|sra"
)
_PERSON_BEFORE = re.compile(
    rf"\b(?:{_ROLE_WORDS})\.?,?\s+(?:of\s+\w+,?\s+)?$|\b(?:ask|call|tell|email|ping|meet with|"
    r"talk(?:ed)? to|sp(?:oke|eak) (?:to|with))\s+$",
    re.IGNORECASE,
)
_PERSON_AFTER = re.compile(
    rf"^,?\s+(?:(?:is\s+)?(?:our|their|the|his|her|your|my|nuestr[oa]|su|el|la)\s+)?"
    rf"(?:{_ROLE_WORDS})\b",
    re.IGNORECASE,
)
_SURNAME_AFTER = re.compile(r"^\s+[A-Z][a-z]+\b")  # "Rachel Kim": a first name
# "Dmitri will review it", "Kendra's going to test": someone who will do something
_DOES_AFTER = re.compile(
    r"^(?:\s+(?:will|can|could|should|is going to|is gonna|would|va a|puede|se encarga|se ocupa)"
    r"|'ll|\u2019ll|'s going to|\u2019s going to)\s",
    re.IGNORECASE,
)


# A sentence made only of capitalised words: a name said as a reply.
_ONLY_NAMES = re.compile(r"(?:[A-ZÁÉÍÓÚÑ][\w'&-]*\s*){1,4}[.!]?")


def names_in(
    sentence: str, setting: Setting, skip: set[str], reply: bool = False
) -> list[tuple[str, str]]:
    """Capitalised names in ``sentence`` with what each is said as: "place" ("in our Frankfurt
    region"), "person" ("our CFO, Gregory", "Rachel Kim"), or "thing" (a company, product,
    system). ``reply``: the sentence opens a line that answers a question, so a sentence
    made only of capitalised words is a name ("Procurify.", not a greeting's "Morning.")."""
    found = set(proper_names(sentence))
    for m in re.finditer(r"(?:^|[.!?¿¡]\s+)([A-ZÁÉÍÓÚÑ][\w'-]+)", sentence):
        word = m.group(1)
        key = fold(word)
        if key in _NOT_NAMES or is_common_word(word):
            continue
        if (
            key in setting.names
            or _DOES_AFTER.match(sentence[m.end(1) :])
            or (
                reply
                and m.start(1) == len(sentence) - len(sentence.lstrip())
                and _ONLY_NAMES.fullmatch(
                    re.split(r"(?<=[.!?])\s", sentence.strip(), maxsplit=1)[0]
                )
            )
        ):
            # a sentence-initial name the conversation writes as a name, someone said to be
            # doing something ("Anneliese will review it"), or a reply that is only a name
            # ("Procurify.", "Harrow County.")
            found.add(word)
    out = []
    for name in found:
        key = fold(re.sub(r"['\u2019]s$", "", name))
        if key in skip or key in _MONTHS_AND_DAYS or key in _NOT_NAMES:
            continue
        at = sentence.find(name)
        before, after = sentence[:at], sentence[at + len(name) :]
        vendor = _VENDOR_FROM.search(before)
        if not vendor and (_PLACE_BEFORE.search(before) or _PLACE_AFTER.match(after)):
            kind = "place"
        elif (
            key in setting.people
            or _PERSON_BEFORE.search(before)
            or _PERSON_AFTER.match(after)
            or _DOES_AFTER.match(after)
            or (
                _SURNAME_AFTER.match(after)
                and not is_common_word(after.split()[0])
                and fold(after.split()[0]) not in NUMBER_WORDS  # "Type Two" is no surname
            )
        ):
            kind = "person"
        else:
            kind = "thing"
        out.append((name, kind))
    return out


# Generic words for people, and the nouns that count people ("employees", "técnicos").
_ANY_PEOPLE = {
    False: frozenset(stem(w, "en") for w in ("people", "person", "staff", "headcount")),
    True: frozenset(stem(w, "es") for w in ("personas", "persona", "gente", "personal")),
}
# ... when the question asks how many there are or someone has ("people are on the payroll",
# "people does the firm have"), not how many do something ("people work at the depot": the
# organisation's headcount is no answer).
_BEING_OR_HAVING = re.compile(
    r"^(?:are|were|is|was|do|does|did|have|has|had|will|would|on|in|at|there|total|"
    r"hay|tiene|tienen|son|tenemos|en)\b|^$"
)
_PERSON_NOUNS = {
    False: frozenset(
        stem(w, "en")
        for w in wordset(
            """people persons staff employees employee workers staffers users members
        agents technicians drivers nurses doctors teachers engineers reps
        volunteers students patients"""
        )
    ),
    True: frozenset(
        stem(w, "es")
        for w in wordset(
            """personas empleados empleadas trabajadores usuarios miembros agentes
        tecnicos conductores choferes enfermeras medicos profesores ingenieros
        voluntarios alumnos pacientes"""
        )
    ),
}


def slot_values(
    plan: Plan,
    sentence: str,
    setting: Setting,
    line: str = "",
    before: str = "",
    turn_before: str = "",
) -> list[str]:
    """The values of ``plan.slot`` that ``sentence`` holds ("" stands for "something"):
    ``line`` is the whole line the sentence is part of, ``before`` the question it answers,
    ``turn_before`` the line before when the same speaker said it (one turn cut in two)."""
    slot = plan.slot
    folded = fold(sentence)
    language = plan.language
    subject = {t for e in plan.entities for t in terms(e, language)}
    if slot is Slot.MONEY:
        # "How much did they raise prices?" "Six percent.": a change is said as a share too
        change = bool(_CHANGE_ASKED.search(fold(plan.text)))
        amounts = [a.text for a in find_amounts(line or sentence) if change or not a.percent]
        found = [a for a in amounts if a in sentence]
        if change:
            found += [
                r.text
                for r in number_runs(sentence)
                if r.after[:1] in (("percent",), ("%",), ("por",)) and r.text not in found
            ]
        # "three forty nine a month", "mil quinientos pesos": spoken amounts with no sign
        found += [r.text for r in number_runs(sentence) if r.money and r.text not in found]
        if found or not has_number(folded) or _PERCENT.search(folded):
            return found
        # "Today they pay two dollars eighty per user. At five thousand users we'd be at two
        # ten across the group.": a figure after an amount of the same line, counting nothing,
        # is priced the same way
        rest = f"{turn_before} {line.replace(sentence, ' ')}" if line else turn_before
        if any(r.money for r in number_runs(rest)) and not _MAYBE_NOT_MONEY.search(folded):
            priced = [r.text for r in number_runs(sentence) if not r.counted and not r.money]
            if priced and _said_with(plan.focus, sentence, before, subject, language):
                return priced[-1:]
        if _COUNTED.search(folded):
            return found
        # "one sixty plus bonus" for "what base salary": a bare number said about pay and
        # about what is asked.
        paid = _PAY_WORDS.search(folded) or _PAY_WORDS.search(fold(before))
        # (not a figure that counts something: "if we had the budget, I'd buy six devices")
        uncounted = any(not r.counted for r in number_runs(sentence))
        said = _said_with(plan.focus, sentence, before, subject, language)
        return [""] if paid and uncounted and said else []
    if slot is Slot.SHARE:
        # a rate, a margin, terms ("net 45", "five times fees"); not a count of things ("two
        # quarters", "a hundred and eighty seats")
        runs = [r for r in number_runs(sentence) if not r.counted]
        if _PERCENT_ASKED.search(fold(plan.text)):
            # "What discount percentage?": a percentage, not the prices it was taken off, of
            # what is asked ("a four percent uplift" is no discount), said in the sentence or
            # in the question it answers or just before it ("Y el otro problema son las entregas
            # fallidas. Estamos en un doce por ciento.")
            spaced = folded.replace("-", " ")
            runs = [r for r in runs if _is_share(r, spaced) or r.after[:2] == ("por", "ciento")]
            wanted = set(terms(plan.focus, language)) - _PERCENT_TERMS - subject
            measured = set(terms(sentence, language)) | set(terms(before, language))
            measured |= _prior_terms(sentence, line, language)
            if wanted and not wanted & measured:
                return []
        return [r.text for r in runs]
    if slot is Slot.COUNT:
        if language != "es":  # "once the tablets arrive" counts nothing
            folded = _ONCE.sub("at one time", folded)
            sentence = _ONCE.sub("at one time", sentence)
        if not has_number(folded):
            return []
        if not plan.counted:
            if asks_number(plan.text):
                # "What is her case number?": a number said as such, not an amount, a share or
                # a count of something else ("thirty-five dollars", "thirty minutes")
                spaced = folded.replace("-", " ")
                return [
                    r.text
                    for r in number_runs(sentence)
                    if not r.money and not r.counted and not _is_share(r, spaced)
                ][:1]
            return [""]
        if _MAYBE.search(folded):
            return []  # "we could get two or three customers to talk" counts nothing there is
        # "six depots", "endpoint-wise, roughly six hundred devices": the thing counted right
        # after the number, or just before it; not "twelve dollars per driver".
        counted = set(terms(plan.counted, language))
        # right after the number, the noun itself ("five working days" counts no dentists)
        # (stemmed without the retrieval's stopwords: "customers" is counted as well)
        head = {stem(w, language) for w in words(counted_head(plan.counted))}
        counted |= head
        if head & _ANY_PEOPLE[language == "es"] and _BEING_OR_HAVING.match(
            plan.counted.partition(" ")[2]  # the word after the noun: "people [are]"
        ):
            # "How many people are on the payroll?" "Twenty-three employees.": people are
            # counted under whatever name they have there (a named kind stays itself)
            counted |= _PERSON_NOUNS[language == "es"]
            head = head | _PERSON_NOUNS[language == "es"]
        # "ninety-nine point six percent": a spoken decimal and a percentage count nothing
        scan = _DECIMAL.sub(r"\1 ", folded)
        for m in _NUMBER.finditer(scan):
            if _SHARE_AFTER.match(_NUMBER_RUN_REST.sub("", scan[m.end() :])):
                continue
            following = [w for w in scan[m.end() :].split()[:4] if w not in NUMBER_WORDS]
            after = [stem(w, language) for w in words(" ".join(following[:2]))]
            ahead = [w for w in scan[: m.start()].split()[-2:] if w not in _APPROXIMATELY]
            before_number = terms(ahead[-1], language) if ahead else []
            if (after and after[0] in head) or counted & set(before_number):
                return [m.group(0)]
            # "forty-seven of them have come in", the thing counted said just before
            if " ".join(w.strip(".,;:!?") for w in following[:2]) in _OF_THEM and counted & set(
                terms(line or sentence, language)
            ):
                return [m.group(0)]
        # "How many people work there?" "We're twelve.": a reply that starts with the number.
        replied = bool(counted & {stem(w, language) for w in words(before)})
        leading = _LEADING_NUMBER.match(_without_fillers(folded))
        if replied and leading:
            # said outright when the line before asks how many ("what about volunteers how
            # many do you have" / "um about a hundred eighty")
            asked_count = bool(re.search(r"\bhow many\b|\bcuant[oa]s\b", fold(before)))
            return [leading.group("number") if asked_count else ""]
        # "The supplier invoices. We get about six hundred a month.": the thing counted said
        # in the sentence before, the number bare (no noun, currency, unit or percent after it)
        if head & _prior_terms(sentence, line, language) and not _lasts(folded):
            bare = [r.text for r in number_runs(sentence) if _bare(r) and not _is_share(r, folded)]
            if bare:
                return bare[:1]
        # "weekly attendance is about twenty four hundred": the thing counted elsewhere in the
        # sentence, and a figure that counts nothing else (implied).
        # (a duration counts time: "three to five working days" is no count of dentists)
        if (
            counted & set(terms(scan, language))
            and not _DURATION.search(folded)
            and any(
                not r.counted
                and not r.money
                and not _is_share(r, folded)
                # "the door counts for those two": a number pointing back counts nothing asked
                and not _POINTS_BACK.search(folded.replace("-", " ")[: r.start])
                for r in number_runs(sentence)
            )
        ):
            return [""]
        return []
    if slot is Slot.DURATION:
        # "sixty-two thousand a year" is a rate, not a duration.
        return [
            m.group(0)
            for m in _DURATION.finditer(folded)
            if not (
                m.group(0).split()[0] in ("a", "an", "un", "una")
                and _NUMBER.search(folded[max(0, m.start() - 12) : m.start()])
            )
            and not _RATE & set(m.group(0).split()[1:-1])
        ]
    if slot is Slot.DATE:
        if _ASKS_PAST.search(fold(plan.text)) and _FUTURE.search(folded):
            return []  # "When was the last pen test?" is not "I'll send it by tomorrow"
        return [m.group(0) for m in DATE.finditer(folded)] + [
            m.group(0) for m in _ORDINAL_DATE.finditer(folded)
        ]
    return _name_values(plan, sentence, folded, setting, line or sentence, before)


def _role_said(asked: str, said: str, skip: set[str]) -> bool:
    """Whether the role a "who is their X?" question asks about is said ("our finance director,
    Ramos" for "who is the finance director?"): one of its words whole, not a word sharing its
    first letters ("account" is no accountant)."""
    m = _WHO_HOLDS.match(asked)
    rest = asked[m.end() :] if m else asked
    role = [w for w in words(rest) if w not in BOTH and w not in skip and len(w) > 2]
    if not role:
        return True
    told = set(words(said))
    return any(w in told or f"{w}s" in told or w.rstrip("s") in told for w in role)


def _name_values(
    plan: Plan, sentence: str, folded: str, setting: Setting, line: str = "", before: str = ""
) -> list[str]:
    skip = {fold(w) for e in plan.entities for w in e.split()} | {fold(x) for x in plan.exclude}
    # "Who does Brian have to justify the price to?": the speaker asked about is not the answer
    skip |= {w for name in plan.speakers for w in words(name)}
    reply = bool(before) and (line or sentence).lstrip().startswith(sentence.strip()[:20])
    named = names_in(sentence, setting, skip, reply) if setting.cased else []
    if plan.slot is Slot.PERSON:
        found = [n for n, kind in named if kind == "person"]
        # "Who is their head of purchasing?" asks who holds the role: the role said again
        # ("I spoke to their head of purchasing") does not answer it
        asked = fold(plan.text).strip(" ¿?¡!.")
        found += [m.group(0) for m in _ROLE.finditer(folded) if m.group(0) not in asked]
        found += [w for w in words(sentence) if w in setting.people and w not in skip]
        # Otherwise a name that may be a person's, or someone speaking for themselves.
        speaking = pack_for(plan.language).first_person
        if _WHO_HOLDS.match(asked):
            speaking = _SELF_NAMED  # "who is their CFO?": only "I'm the CFO" speaks for oneself
            if not _role_said(asked, f"{line} {before}", skip | {f"{w}'s" for w in skip}):
                return []  # a name said about something else holds no role
        weak = speaking.search(folded)
        return found or ([""] if weak else [])
    if not setting.cased:
        return [""]
    if plan.slot is Slot.PLACE:
        places = [n for n, kind in named if kind == "place"]
        return places or ([""] if any(kind == "thing" for _, kind in named) else [])
    return [n for n, kind in named if kind == "thing"]
