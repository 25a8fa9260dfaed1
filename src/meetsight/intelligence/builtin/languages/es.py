"""Spanish: what the built-in engine reads a Spanish conversation with (pack.LanguagePack).

The commitment rules themselves are long and stay in ``commitments_es.py``; the words and
patterns below moved here from the modules that used them (cleanup, chat_passages,
commitment_now, commitment_context, chat_facts, chat_slots).
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.commitments_es import CUT_ES, ES_TIME, es_hit, es_later_verbs
from meetsight.intelligence.builtin.languages.pack import LanguagePack
from meetsight.intelligence.builtin.stopwords import SPANISH, wordset

_SHORT_WORDS = wordset(
    "mal mar mes mil ojo pan paz red rey sal sol tal ver vez voz dar dia uno dos son"
)

# Verb and noun endings, longest first: "usamos", "usan" -> "us"; "costaría", "cuesta" -> "cost".
_SUFFIXES = tuple(
    sorted(
        wordset(
            """amos emos imos aron ieron eron aban abas aba ian ias ia ando iendo endo ado ada ados
            adas ido ida idos idas ar er ir an en as es os a o e"""
        ),
        key=lambda suffix: (-len(suffix), suffix),
    )
)


def _stem(word: str) -> str:
    """Fold the changing vowels ("cuesta", "costaría" -> "cost"; "quieren" -> "quer"), drop
    the verb endings and keep at most five letters."""
    word = word.replace("ue", "o").replace("ie", "e")
    for least in (2, 4):  # "costaria" -> "costar" -> "cost"; "quieren" -> "quer"
        suffix = next(
            (x for x in _SUFFIXES if len(word) >= len(x) + least and word.endswith(x)),
            "",
        )
        if not suffix:
            break
        word = word[: -len(suffix)]
    return word[:5]


def _tidy(text: str, first_names: dict[str, str]) -> str:
    return es_later_verbs(text)  # "... y le respondo" -> "... y responder"


# Promises kept during the call (commitment_now.py says how they are read).
_NOW = re.compile(
    r"\b(?:ahora mismo|ahorita mismo|en este momento|en esta llamada|mientras (?:hablamos"
    r"|estamos (?:en la llamada|al telefono|hablando)|te tengo al telefono|le tengo al telefono"
    r"))\b"
)
_CALL_ITSELF = re.compile(
    r"\b(?:le|te) (?:paso|transfiero|comunico) con\b|\b(?:le|te) (?:dejo|pongo) en espera\b"
)
# A short sentence that reports it done: "Listo, ya está."
_DONE = re.compile(
    r"^(?:(?:vale|bueno|ya|pues|perfecto|listo)[ ,]+)*"
    r"(?:listo|hecho|ya esta(?: hecho| enviado| activado)?|enviado|activado|solucionado"
    r"|ya lo tiene[s]?(?: en (?:el|su|tu) correo)?)[.!]?$"
)

# Noun phrases (commitment_context.py).
_DETERMINERS = wordset(
    """
    el la los las un una unos unas mi mis tu tus su sus nuestro nuestra nuestros nuestras
    vuestro vuestra vuestros vuestras este esta estos estas ese esa esos esas al del
    """
)
_PHRASE_STOP = wordset(
    """
    yo tu el ella usted nosotros nosotras vosotros vosotras ellos ellas ustedes me te se
    nos os le les lo la los las que quien cual cuando donde como porque pues si y o e u ni
    pero sino a ante bajo con contra de desde en entre hacia hasta para por segun sin
    sobre tras es son era fue ser estar esta estan esta estoy hay ha han he hemos tiene
    tienen tengo tenemos va van voy vamos puede pueden puedo podemos hoy manana ya muy mas
    menos tambien solo no claro vale bueno entonces aqui ahi eso esto ello algo nada todo
    """
)
_PHRASE_LINKS = frozenset({"de", "del", "para", "con", "sobre", "por"})

# "me" is also "to me" ("me parece"): the speaker doing something says so with a verb.
_FIRST_PERSON = re.compile(
    r"\b(?:yo|me encargo|me ocupo|lo hago|lo preparo|lo mando|lo envio|tengo|hago|preparo|"
    r"mando|envio|reviso|llamo|traigo|paso|voy a|puedo|nos encargamos|lo hacemos)\b"
)

PACK = LanguagePack(
    code="es",
    name="Spanish",
    stopwords=SPANISH,
    short_words=_SHORT_WORDS,
    stem=_stem,
    promise=es_hit,
    action_cut=CUT_ES,
    action_time=ES_TIME,
    tidy_action=_tidy,
    said_now=_NOW,
    call_itself=_CALL_ITSELF,
    reported_done=_DONE,
    determiners=_DETERMINERS,
    phrase_stop=_PHRASE_STOP,
    phrase_links=_PHRASE_LINKS,
    participles_end_phrases=False,
    not_covered="La conversación no trata ese tema.",
    first_person=_FIRST_PERSON,
)
