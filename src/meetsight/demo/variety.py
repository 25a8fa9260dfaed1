"""Spoken texture: openers, tags and hedges added to some turns, so that a phrasing used in many
conversations rarely produces the very same line twice."""

from __future__ import annotations

import random

BACKCHANNEL_RATE = 0.12

OPENERS = {
    "en": (
        "So, ", "Honestly, ", "Yeah, ", "Right, ", "Okay, ", "Well, ", "I mean, ", "Look, ",
        "To be fair, ", "Sure, ", "Good point. ", "Mm, ", "Yes, ", "Actually, ", "Fair enough. ",
        "Okay, so ", "And ", "Yeah, so ", "Right, so ", "I'd say ", "Hmm, ", "You know, ",
    ),
    "es": (
        "Pues ", "Mira, ", "Bueno, ", "Sí, ", "La verdad, ", "Claro, ", "A ver, ", "Vale, ",
        "O sea, ", "Exacto, ", "Fíjate que ", "Sinceramente, ", "Y ", "Bueno, pues ", "Oye, ",
    ),
}
QUESTION_OPENERS = {
    "en": ("And ", "So ", "Quick question: ", "Okay, and ", "Out of curiosity, ", "One thing: "),
    "es": ("Y ", "Oye, ", "Una pregunta: ", "Por curiosidad, ", "Entonces, "),
}
TAGS = {
    "en": (
        ", I think.", ", to be honest.", ", more or less.", ", at least for now.",
        ", if that makes sense.", ", for what it's worth.", ", roughly.", ", as far as I know.",
        ", in my experience.", ", basically.",
    ),
    "es": (
        ", la verdad.", ", más o menos.", ", creo yo.", ", por ahora.", ", digamos.",
        ", que yo sepa.", ", básicamente.",
    ),
}
# First words that lose their capital after an opener; anything else (names, products) keeps it.
_LOWER = set(
    """the that this it it's its we we're we've we'd we'll yes no and so but if what how can could
    do does is are our my let let's there they a an not that's here here's every most sure okay
    good thanks thank great perfect hm oh yeah just in on for from with about mostly ideally around
    honestly one three two last before when at nothing exactly completely fair understood usually
    any which who where why would should will then all everyone everything since some people each
    roughly twice you your that'll those these very really also same quick welcome ha
    el la los las lo un una unos es está están son hay que qué cómo cuál cuánto cuántos cada se
    si sí no nos nosotros yo tengo tenemos con para por en de del al muy todo todos esto eso ahora
    hablemos gracias perfecto bien igual normalmente desde creo hoy antes después""".split()
)


def vary(text: str, lang: str, rng: random.Random) -> str:
    """Maybe put an opener in front of a line and a tag at its end; questions keep their '?'."""
    if len(text.split()) < 3:
        return text
    question = text.rstrip().endswith("?")
    if rng.random() < (0.3 if question else 0.5):
        opener = rng.choice((QUESTION_OPENERS if question else OPENERS)[lang])
        text = opener + _decapitalize(text, lang)
    if not question and text.endswith(".") and rng.random() < 0.3:
        text = text[:-1] + rng.choice(TAGS[lang])
    return text


def _decapitalize(text: str, lang: str) -> str:
    if lang == "es" and text[:1] in "¿¡":
        return text[0] + _decapitalize(text[1:], lang)
    first = text.split(" ", 1)[0].strip(",.:;!?").lower()
    return text[0].lower() + text[1:] if first in _LOWER else text
