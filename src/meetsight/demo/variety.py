"""Spoken texture: openers and names put in front of some turns, so that a phrasing used in many
conversations rarely produces the very same line twice."""

from __future__ import annotations

import random

from meetsight.demo.cast import COMPANIES, OUR_COMPANY, TEAM

BACKCHANNEL_RATE = 0.1

OPENERS = {
    "en": (
        "So, ",
        "Honestly, ",
        "Yeah, ",
        "Right, ",
        "Okay, ",
        "Well, ",
        "I mean, ",
        "Look, ",
        "To be fair, ",
        "Sure, ",
        "Good point. ",
        "Mm, ",
        "Yes, ",
        "Actually, ",
        "Fair enough. ",
        "Okay, so ",
        "Yeah, so ",
        "Right, so ",
        "I'd say ",
        "Hmm, ",
        "You know, ",
    ),
    "es": (
        "Pues ",
        "Mira, ",
        "Bueno, ",
        "Sí, ",
        "La verdad, ",
        "Claro, ",
        "A ver, ",
        "Vale, ",
        "O sea, ",
        "Exacto, ",
        "Fíjate que ",
        "Sinceramente, ",
        "Y ",
        "Bueno, pues ",
        "Oye, ",
    ),
}
QUESTION_OPENERS = {
    "en": ("And ", "So ", "Quick question: ", "Okay, and ", "Out of curiosity, ", "One thing: "),
    "es": ("Y ", "Oye, ", "Una pregunta: ", "Por curiosidad, ", "Entonces, "),
}


def _words(text: str) -> set[str]:
    return set(text.split())


# Words a line already opens with that make an opener redundant ("Honestly, hi," or "Yeah, so
# sure." read as generated): greetings, answers and the openers themselves.
_OPENS_ALREADY = {
    "en": _words(
        "hi hello hey morning good welcome thanks thank sorry yes yeah yep no nope sure right "
        "okay ok so well honestly look mm hmm actually exactly absolutely perfect great fair "
        "true oh and but anyway also immediately of"
    ),
    "es": _words(
        "hola buenos buenas bienvenidos gracias perdona perdón sí si no claro vale bueno pues "
        "mira exacto perfecto oye y pero entonces a ver la o fíjate sinceramente genial"
    ),
}
OPENER_RATE = 0.5  # half the lines start straight away
NAME_RATE = 0.08  # and say the other's name now and then, not in every other line
# First words that keep their capital after an opener: names, products, "I".
_KEEP = {
    "I",
    "I'm",
    "I'll",
    "I've",
    "I'd",
    "Excel",
    "QuickBooks",
    "Xero",
    "Okta",
    "Entra",
    "Power",
    "Spanish",
    "Enterprise",
    "Business",
    "Team",
    "Analytics",
    "Scheduling",
    "Inventory",
    "Field",
    "Integrations",
    "Thursday",
    "Monday",
    "Friday",
    "WhatsApp",
    "ERP",
    "API",
    "SSO",
    "SOC",
    "EU",
    "Rutanet",
    "Opsly",
    "Stackwise",
    "Tallybook",
    "GridOps",
    "CareRoster",
    "Routemaster",
    *(p.name.split()[0] for p in TEAM.values()),
    *(c.first for company in COMPANIES for c in company.contacts),
    *(company.name.split()[0] for company in COMPANIES),
    OUR_COMPANY,
}


def vary(text: str, lang: str, rng: random.Random, listener: str | None = None) -> str:
    """Maybe put a spoken opener ("So, ", "Honestly, ") or the listener's first name in front of
    a line, so that a phrasing used in many conversations rarely gives the very same line twice.

    Nothing is added at the end of a line: hedges tacked on as tails ("Daniel speaking, as far
    as I know.") are what made the lines sound generated. A line that already opens with a
    greeting, an answer word or an opener, or is only a few words long, is left as written.
    """
    words = text.split()
    if len(words) < 4 or _first_word(text) in _OPENS_ALREADY[lang]:
        return text
    question = text.rstrip().endswith("?")
    if listener and listener not in text and len(words) >= 6 and rng.random() < NAME_RATE:
        return f"{listener}, {_decapitalize(text, lang)}"
    if rng.random() < OPENER_RATE:
        opener = rng.choice((QUESTION_OPENERS if question else OPENERS)[lang])
        return opener + _decapitalize(text, lang)
    return text


def _first_word(text: str) -> str:
    return text.split(" ", 1)[0].strip(",.:;!?¿¡").lower()


def _decapitalize(text: str, lang: str) -> str:
    if lang == "es" and text[:1] in "¿¡":
        return text[0] + _decapitalize(text[1:], lang)
    first = text.split(" ", 1)[0].strip(",.:;!?")
    return text if first in _KEEP or first.isupper() else text[0].lower() + text[1:]
