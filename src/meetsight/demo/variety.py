"""Spoken texture: openers, tags and hedges added to some turns, so that a phrasing used in many
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
QUESTION_TAGS = {
    "en": (
        ", by the way?",
        ", in practice?",
        ", out of interest?",
        ", roughly?",
        ", in your case?",
    ),
    "es": (", por cierto?", ", en la práctica?", ", más o menos?", ", en vuestro caso?"),
}
TAGS = {
    "en": (
        ", I think.",
        ", to be honest.",
        ", more or less.",
        ", at least for now.",
        ", if that makes sense.",
        ", for what it's worth.",
        ", roughly.",
        ", as far as I know.",
        ", in my experience.",
        ", basically.",
    ),
    "es": (
        ", la verdad.",
        ", más o menos.",
        ", creo yo.",
        ", por ahora.",
        ", digamos.",
        ", que yo sepa.",
        ", básicamente.",
    ),
}
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
    """Maybe put an opener in front of a line and a tag at its end; questions keep their '?'.

    `listener` is the first name of the person spoken to, for an opener such as "Grace, ".
    """
    if len(text.split()) < 2:
        return text
    question = text.rstrip().endswith("?")
    if rng.random() < 0.7:
        if listener and listener not in text and rng.random() < 0.4:
            opener = f"{listener}, "
        else:
            opener = rng.choice((QUESTION_OPENERS if question else OPENERS)[lang])
        text = opener + _decapitalize(text, lang)
    if question and rng.random() < 0.3 and "," not in text[-25:]:
        text = text[:-1] + rng.choice(QUESTION_TAGS[lang])
    elif not question and text.endswith(".") and rng.random() < 0.25:
        text = text[:-1] + rng.choice(TAGS[lang])
    return text


def _decapitalize(text: str, lang: str) -> str:
    if lang == "es" and text[:1] in "¿¡":
        return text[0] + _decapitalize(text[1:], lang)
    first = text.split(" ", 1)[0].strip(",.:;!?")
    return text if first in _KEEP or first.isupper() else text[0].lower() + text[1:]
