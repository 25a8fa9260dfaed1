"""Spanish commitment rules: "te envío ... el viernes", "voy a", "enviaré", "agendamos",
"quedamos en", "me comprometo a", "me encargo de", "nuestro equipo preparará"; hypotheticals
("si ...", "podríamos"), past actions ("ya te envié", "hace un mes"), negations and hedges
("igual", "quizás") are not promises.

The present tense ("reviso la propuesta") only commits with a date in the same clause, or when it
hands a thing to someone ("le mando el caso de éxito"): otherwise it tells what people usually do.
Matching runs on folded text (lowercase, no accents); the synthetic future keeps its accent check
on the original ("prepararé" is a promise, "prepare" a subjunctive).
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.commitment_hits import (
    EACH,
    OTHER,
    WORD,
    Hit,
    named_owner,
    opens_with_deadline,
)
from meetsight.intelligence.builtin.deadlines import fold_same_length

# stem, conjugation: the verbs people commit with in the present tense ("te envío").
_ES_VERBS: dict[str, str] = {
    "envi": "ar", "mand": "ar", "pas": "ar", "prepar": "ar", "revis": "ar", "organiz": "ar",
    "llam": "ar", "confirm": "ar", "agend": "ar", "reserv": "ar", "program": "ar", "mont": "ar",
    "configur": "ar", "activ": "ar", "traslad": "ar", "present": "ar", "consult": "ar",
    "adjunt": "ar", "facilit": "ar", "avis": "ar", "habl": "ar", "contest": "ar", "mir": "ar",
    "redact": "ar", "actualiz": "ar", "ajust": "ar", "calcul": "ar", "coordin": "ar",
    "gestion": "ar", "complet": "ar", "rellen": "ar", "firm": "ar", "valid": "ar",
    "comunic": "ar", "reenvi": "ar", "cerr": "ar", "fij": "ar", "document": "ar", "busc": "ar",
    "respond": "er", "remit": "ir", "compart": "ir", "escrib": "ir", "sub": "ir",
}  # fmt: skip


_ES_IRREGULAR_1SG = {"hago": "hacer", "digo": "decir", "doy": "dar", "pongo": "poner"}


_ES_IRREGULAR_FUTURE = {
    "hare": "hacer", "haremos": "hacer", "dire": "decir", "diremos": "decir",
    "pondre": "poner", "pondremos": "poner",
}  # fmt: skip


_ES_1PL_ENDING = {"ar": "amos", "er": "emos", "ir": "imos"}


def _es_present_forms() -> dict[str, str]:
    forms = dict(_ES_IRREGULAR_1SG)
    for stem, conj in _ES_VERBS.items():
        forms[stem + "o"] = stem + conj
        forms[stem + _ES_1PL_ENDING[conj]] = stem + conj
    forms.pop("pasamos", None)  # "pasamos a ..." moves the conversation on
    return forms


_ES_PRESENT = _es_present_forms()


_ES_YOU_ENDINGS = {"ar": ("as", "a", "ais"), "er": ("es", "e", "eis"), "ir": ("es", "e", "is")}


_ES_YOU_FORMS = {
    stem + ending: stem + conj
    for stem, conj in _ES_VERBS.items()
    for ending in _ES_YOU_ENDINGS[conj]
}


_ES_FUTURE_ENDINGS = ("are", "ere", "ire", "aremos", "eremos", "iremos")


_ES_FUTURE_END = re.compile(r"[aei]r(?:e|emos)\b")


_ES_COMMIT_WORDS = (
    frozenset(_ES_PRESENT) | frozenset(_ES_IRREGULAR_FUTURE) | frozenset(_ES_YOU_FORMS)
)


_ES_OBJECTS = frozenset({"lo", "la", "los", "las"})


_ES_CLITICS = frozenset({"te", "le", "les", "os"}) | _ES_OBJECTS


_ES_CLITICS_FIRST = frozenset({"se", "te", "le", "les", "os", "nos", "me"})


_ES_CLITIC = (
    r"(?:(?:se|te|le|les|os|nos|me)\s+(?:lo|la|los|las)\s+|(?:te|le|les|os|lo|la|los|las)\s+)"
)


_ES_INFINITIVE = r"[a-zn]+(?:ar|er|ir)(?:(?:se|lo|la|los|las|le|les|te|me|nos|os)){0,2}"


_ES_GOING_TO = re.compile(
    rf"\b(?P<clitic>{_ES_CLITIC})?(?P<aux>voy|vamos) a (?P<verb>{_ES_INFINITIVE})\b"
)


_ES_OUR_FUTURE = re.compile(
    r"\b(?:mi|nuestro|nuestra|nuestros|nuestras)\s+(?:[a-z]+\s+){0,3}?"
    rf"(?P<clitic>{_ES_CLITIC})?(?P<verb>[a-z]+(?:ara|era|ira|aran|eran|iran))\b"
)


_ES_AGREED = re.compile(
    r"\b(?P<verb>quedamos en(?: que)?|me comprometo a|nos comprometemos a|(?:yo )?me encargo de"
    r"|nos encargamos de|(?:yo )?me ocupo de|nos ocupamos de|(?:yo )?me apunto(?: a)?"
    r"|nos apuntamos(?: a)?|quedo pendiente de|quedamos pendientes de)\s+"
)


# "Te lo tengo listo antes del día 3": ready for someone, with a date.
_ES_READY = re.compile(
    r"\b(?:te|os|se|le|les) (?:lo|la|los|las) (?:tengo|tendre) (?:listo|lista|listos|listas"
    r"|preparado|preparada|preparados|preparadas|hecho|hecha)\b"
)

# "El reembolso se hará en cinco días hábiles": the speaker's side promises it (with a date).
_ES_PASSIVE = re.compile(
    r"\b(?P<subject>(?:el|la|los|las|su|tu) [a-z ]{2,30}?) se (?P<verb>[a-z]+)\b"
)
_ES_FUTURE_3 = {
    "hara": "hacer", "enviara": "enviar", "procesara": "procesar", "abonara": "abonar",
    "devolvera": "devolver", "activara": "activar", "resolvera": "resolver",
    "corregira": "corregir", "aplicara": "aplicar", "mandara": "mandar",
}  # fmt: skip


# "Lo tienes el viernes", "la tendréis mañana": the speaker promises a delivery (with a date).
_ES_YOU_HAVE = re.compile(
    r"\b(?:lo|la|los|las) (?:tienes|tiene|teneis|tienen|tendras|tendra|tendreis|tendran)\b"
)


# "Me gustaría organizar una sesión con el técnico": a proposal, a step once it is taken.
_ES_PROPOSE = re.compile(
    rf"\b(?:me gustaria|nos gustaria|quisiera|quisieramos|(?:os |le |les |te )?propongo)\s+"
    rf"(?P<verb>{_ES_INFINITIVE})\b"
)


# "quedamos en que cada uno actualiza ...": everyone who agrees does it.
_ES_EACH = re.compile(
    r"(?:cada uno|cada una|todos|todas)(?: de nosotros)?\s+(?:(?:va|vamos) a\s+)?"
    r"(?:se\s+)?(?P<verb>[a-z]+)\b"
)


def _es_third_infinitive(verb: str) -> str:
    """ "actualiza" -> "actualizar", "revisa" -> "revisar", "escribe" -> "escribir"."""
    if verb.endswith(("ar", "er", "ir")):
        return verb
    stem = verb[:-1]
    if verb.endswith("a"):
        return stem + "ar"
    return stem + (_ES_VERBS.get(stem) or "er")


# "quedamos en que (usted) me envía X": the one spoken to does it.
_ES_YOU_DO = re.compile(
    r"(?:tu |usted |vosotros |ustedes )?(?:me |nos )?(?P<verb>[a-z]+?)(?:as|a|es|e|ais|eis|an|en)\b"
)


# Substrings the agreement patterns need: "in" checks cost far less than a regex search.
_ES_AGREED_WORDS = (
    "quedamos", "comprometo", "comprometemos", "encarg", "ocupo", "ocupamos", "apunt", "quedo",
)  # fmt: skip


_ES_MEET = re.compile(r"\bquedamos\b(?! (?:en|asi|entonces|de acuerdo|en contacto|pendientes)\b)")


ES_REQUEST = re.compile(
    r"\b(?:me|nos)\s+(?P<you>pasas|mandas|envias|reenvias|compartes|preparas|confirmas"
    r"|pasais|mandais|enviais|compartis|preparais)\b(?=.*\?)"
    r"|\b(?:me|nos)\s+(?:puede|puedes|podria|podrias|pueden|podeis|podrian)\s+"
    r"(?P<verb>enviar|mandar|pasar|preparar|reenviar|compartir|confirmar|llamar|escribir)"
    r"|\b(?P<imp>envia|mande|envie|manda|pasa|pase|prepara|prepare|reenvia|reenvie|comparte"
    r"|comparta|escribe|escriba)(?:me|nos)\b"
)


_ES_OFFER = re.compile(
    rf"(?:quiere|quieres|quereis|quieren|prefiere|prefieres)\s+que\s+(?P<clitic>{_ES_CLITIC})?"
    r"(?P<verb>[a-z]+e)\b"
)


# Infinitives that never make a next step after "voy a" / "vamos a" or a future.
_ES_NOT_ACTIONS = {
    "ser", "estar", "tener", "ver", "poder", "necesitar", "querer", "pensar", "pensarlo",
    "pensarnoslo", "dejar", "dejarlo", "seguir", "hablar", "reunir", "reunirnos", "ir",
    "intentar", "esperar", "saber", "quedar", "estudiar", "estudiarlo", "valorar", "valorarlo",
}  # fmt: skip


# "me gustaría entender cómo trabajáis": what the speaker wants to learn now, not a step.
_ES_NOT_PROPOSALS = frozenset(
    {"entender", "conocer", "saber", "escuchar", "preguntar", "comentar", "decir", "aclarar"}
)


_ES_IN_CALL = {
    "contar", "mostrar", "ensenar", "explicar", "empezar", "comenzar", "compartir", "volver",
}  # fmt: skip


_ES_SUBORDINATORS = {
    "que", "cuando", "si", "donde", "como", "porque", "aunque", "mientras", "cuanto", "ya",
    "no", "nunca", "tampoco", "igual", "quizas", "quiza", "vez", "mejor",
}  # fmt: skip


_ES_CONDITION = re.compile(r"\b(?:si|a menos que|en caso de que|salvo que)\b")


_ES_POLITE_IF = re.compile(
    r"\bsi (?:le|te|os|les) (?:parece|viene bien|va bien|interesa|quiere|apetece)|"
    r"\bsi (?:quiere|quieres|quereis|prefiere|prefieres|no le importa|no te importa)"
)


_ES_HEDGE = re.compile(r"\b(?:quizas?|tal vez|a lo mejor|igual|posiblemente|probablemente)\b")


_ES_PAST = re.compile(r"\bhace (?:un|una|unos|unas|dos|tres|[0-9]+)\b|\bayer\b")


CUT_ES = re.compile(
    r",?\s*(?:para que|porque|ya que|una vez|en cuanto|cuando|asi|si le|si te|si os|si les)\b"
    r"|,?\s*\?|,?\s*¿"
)


ES_TIME = re.compile(r"\ba las? \w+(?: y media| y cuarto)?(?: de la (?:manana|tarde))?")


def _talks_with(folded: str, infinitive: str, end: int) -> bool:
    """ "Voy a hablar con sistemas para configurar el SSO, como muy tarde el lunes": talking
    with someone is a step when it has a date (like the verbs of the call itself); a plain
    "vamos a hablar de precios" is the call."""
    return infinitive == "hablar" and folded.startswith(" con ", end)


def _es_blocked(folded: str, start: int) -> bool:
    """A subordinate, negated, hedged or past clause before the verb ("lo que voy a", "no te
    envío", "ya os mandé")."""
    previous = re.findall(r"[a-z]+", folded[:start])[-2:]
    return any(word in _ES_SUBORDINATORS for word in previous)


def _es_condition(sentence: str) -> bool:
    lowered = sentence.lower()  # "sí" (yes) keeps its accent, "si" (if) has none
    if "si " not in lowered and " que" not in lowered:
        return False
    return bool(_ES_CONDITION.search(_ES_POLITE_IF.sub("", lowered)))


def es_hit(sentence: str, folded: str, speaker: str, first_names: dict[str, str]) -> Hit | None:
    past = ("hace " in folded or "ayer" in folded) and _ES_PAST.search(folded)
    if past or _es_condition(sentence):
        return None
    question = "?" in folded
    agreed = any(word in folded for word in _ES_AGREED_WORDS)
    m = _ES_AGREED.search(folded) if agreed else None
    if m and not _es_blocked(folded, m.start()):
        if m.group("verb").endswith("que"):
            each = _ES_EACH.match(folded, m.end())
            if each:  # "quedamos en que cada uno actualiza el CRM antes del viernes"
                verb = each.group("verb")
                return Hit(m.end(), each.end(), (EACH,), infinitive=_es_third_infinitive(verb))
            you = _ES_YOU_DO.match(folded, m.end())
            if you and you.group("verb") in _ES_VERBS:
                stem = you.group("verb")
                return Hit(m.end(), you.end(), (OTHER,), infinitive=stem + _ES_VERBS[stem])
        vague = re.match(r"(?:eso|esto|ello|todo|lo demas)\b", folded[m.end() :])
        return Hit(m.end(), m.end(), (speaker,), needs_deadline=bool(vague))
    m = _ES_MEET.search(folded) if "quedamos" in folded else None
    if m and not _es_blocked(folded, m.start()):
        return Hit(m.start(), m.end(), (speaker,), infinitive="quedar", needs_deadline=True)
    going_to = "voy a" in folded or "vamos a" in folded
    for m in _ES_GOING_TO.finditer(folded) if going_to else ():
        infinitive = _strip_enclitics(m.group("verb"))
        talk = _talks_with(folded, infinitive, m.end("verb"))
        if _es_blocked(folded, m.start()) or (infinitive in _ES_NOT_ACTIONS and not talk):
            continue
        if _ES_HEDGE.search(folded[: m.start()]):
            return None
        return Hit(
            m.start(),
            m.end("verb"),
            (speaker,),
            infinitive=infinitive,
            needs_deadline=infinitive in _ES_IN_CALL or talk,
            needs_acceptance=question,
        )
    lowered = sentence.lower()
    words = _es_verb_words(folded)
    for k, (start, end, verb) in enumerate(words):
        if not verb.endswith(_ES_FUTURE_ENDINGS) and verb not in _ES_IRREGULAR_FUTURE:
            continue
        future = _es_future_infinitive(verb)
        accented = verb in _ES_IRREGULAR_FUTURE or re.search(r"[áéí]", lowered[start:end])
        if future is None or (not accented and not verb.endswith("emos")):
            continue  # "prepare" (subjunctive) is not "prepararé"
        talk = _talks_with(folded, future, end)
        if (future in _ES_NOT_ACTIONS and not talk) or verb in ("queremos", "seremos", "veremos"):
            continue
        opening = _with_clitics(words, k)
        if _es_blocked(folded, opening) or _ES_HEDGE.search(folded[:opening]):
            continue
        return Hit(
            opening,
            end,
            (speaker,),
            infinitive=future,
            needs_deadline=future in _ES_IN_CALL or talk,
            needs_acceptance=question,
        )
    m = _ES_OUR_FUTURE.search(folded) if "mi " in folded or "nuestr" in folded else None
    if m and re.search(r"[áéí]", lowered[m.start("verb") : m.end("verb")]):
        infinitive = re.sub(r"(?:a|e|i)n?$", "", m.group("verb"))
        if infinitive not in _ES_NOT_ACTIONS:
            return Hit(
                m.start("clitic") if m.group("clitic") else m.start("verb"),
                m.end("verb"),
                named_owner(folded[m.start() : m.start("verb")], speaker, first_names),
                infinitive=infinitive,
            )
    for k, (_, end, verb) in enumerate(words):
        if verb not in _ES_PRESENT:
            continue
        opening = _with_clitics(words, k)
        if _es_blocked(folded, opening) or not _es_present_opens(folded, opening):
            continue
        return Hit(
            opening,
            end,
            (speaker,),
            infinitive=_ES_PRESENT[verb],
            # "lo preparo y os lo mando": handed over later in the sentence
            needs_deadline=not any(_es_handing_over(words, j) for j in range(k, len(words))),
            needs_acceptance=question,
        )
    for k, (_, end, verb) in enumerate(words):
        stem = _ES_YOU_FORMS.get(verb)
        if stem is None or k == 0 or words[k - 1][2] not in ("me", "nos"):
            continue
        opening = words[k - 1][0]
        if k >= 2 and words[k - 2][2] in ("tu", "usted", "vosotros", "ustedes"):
            opening = words[k - 2][0]
        if question or _es_blocked(folded, opening) or not _es_present_opens(folded, opening):
            continue
        # "y usted me envía los datos el lunes": the one spoken to, and only with a date
        return Hit(opening, end, (OTHER,), infinitive=stem, needs_deadline=True)
    m = _ES_READY.search(folded) if "tengo" in folded or "tendre" in folded else None
    if m and not question and not _es_blocked(folded, m.start()):
        return Hit(m.start(), m.end(), (speaker,), "preparar", needs_deadline=True)
    m = _ES_PASSIVE.search(folded) if " se " in folded else None
    if m and m.group("verb") in _ES_FUTURE_3 and not question:
        infinitive = f"{_ES_FUTURE_3[m.group('verb')]} {m.group('subject')}"
        return Hit(m.end(), m.end(), (speaker,), infinitive, needs_deadline=True)
    m = _ES_YOU_HAVE.search(folded) if "ten" in folded or "tien" in folded else None
    if m and not question and not _es_blocked(folded, m.start()):
        return Hit(m.start(), m.end(), (speaker,), "enviar", needs_deadline=True)
    m = _ES_PROPOSE.search(folded) if "gustaria" in folded or "propong" in folded else None
    if m and not _es_blocked(folded, m.start()) and not _ES_HEDGE.search(folded[: m.start()]):
        infinitive = _strip_enclitics(m.group("verb"))
        if infinitive not in _ES_NOT_ACTIONS | _ES_IN_CALL | _ES_NOT_PROPOSALS:
            return Hit(m.start(), m.end("verb"), (speaker,), infinitive, needs_acceptance=True)
    m = _ES_OFFER.search(folded)
    if m and question:
        offered = _es_subjunctive_infinitive(m.group("verb"))
        if offered:
            return Hit(
                m.start("clitic") if m.group("clitic") else m.start("verb"),
                m.end("verb"),
                (speaker,),
                infinitive=offered,
                needs_acceptance=True,
            )
    return None


def _es_verb_words(folded: str) -> list[tuple[int, int, str]]:
    """The sentence's words with their positions, or none when no verb form could commit."""
    if _ES_FUTURE_END.search(folded) is None and _ES_COMMIT_WORDS.isdisjoint(WORD.findall(folded)):
        return []
    return [(w.start(), w.end(), w.group()) for w in WORD.finditer(folded)]


_ES_HAND_OVER = frozenset({"envio", "mando", "paso", "preparo", "reenvio", "adjunto", "remito"})


_ES_DETERMINERS = frozenset(
    {"el", "la", "los", "las", "un", "una", "unos", "unas", "mi", "mis", "nuestro", "nuestra"}
    | {"nuestros", "nuestras", "tambien", "ahora", "enseguida", "ahorita"}
)


def _es_handing_over(words: list[tuple[int, int, str]], k: int) -> bool:
    """ "Le mando el caso de éxito", "os lo mando": a thing handed to someone commits without a
    date, where "lo hablo con Manuel" or "te paso con mi compañera" do not."""
    if words[k][2] not in _ES_HAND_OVER or k < 1:
        return False
    if k >= 2 and words[k - 1][2] in _ES_OBJECTS and words[k - 2][2] in ("te", "se", "os", "le"):
        return True  # a double clitic: "te lo mando"
    return (
        words[k - 1][2] in ("te", "le", "les", "os")
        and k + 1 < len(words)
        and words[k + 1][2] in _ES_DETERMINERS
    )


def _with_clitics(words: list[tuple[int, int, str]], k: int) -> int:
    """Where the verb's clause part starts, object pronouns included: "se lo envío"."""
    start = words[k][0]
    if k >= 1 and words[k - 1][2] in _ES_CLITICS:
        start = words[k - 1][0]
        if words[k - 1][2] in _ES_OBJECTS and k >= 2 and words[k - 2][2] in _ES_CLITICS_FIRST:
            start = words[k - 2][0]
    return start


_ES_OPENERS = {
    "y", "yo", "nosotros", "nosotras", "pues", "entonces", "vale", "bueno", "perfecto",
    "genial", "claro", "mire", "mira", "luego", "ahora", "tambien", "manana", "hoy",
    "mismo", "directamente", "personalmente", "enseguida", "primero", "despues",
}  # fmt: skip


def _es_present_opens(folded: str, start: int) -> bool:
    """A present-tense commitment opens its clause: "Le envío...", "Y yo os mando..."."""
    before = folded[:start].rstrip()
    if not before or before[-1] in ",;:.!?¿¡-(\u2014\u2013":
        return True
    previous = re.findall(r"[a-z]+", before)
    if previous and previous[-1] in _ES_OPENERS:
        return True
    if re.match(r"(?:se|te|os|le|les|me|nos) (?:lo|la|los|las) ", folded[start:]):
        return True  # "lo de VeriFactu os lo confirmo": a double clitic hands a thing over
    return opens_with_deadline(before, "es")


def _strip_enclitics(verb: str) -> str:
    m = re.match(r"^(.+?(?:ar|er|ir))(?:se|lo|la|los|las|le|les|te|me|nos|os)*$", verb)
    return m.group(1) if m else verb


def _es_future_infinitive(verb: str) -> str | None:
    if verb in _ES_IRREGULAR_FUTURE:
        return _ES_IRREGULAR_FUTURE[verb]
    m = re.match(r"^(.+(?:ar|er|ir))(?:e|emos)$", verb)
    return m.group(1) if m else None


def _es_subjunctive_infinitive(verb: str) -> str | None:
    stem = verb[:-1]
    if _ES_VERBS.get(stem) == "ar":
        return stem + "ar"
    return None


def es_imperative_infinitive(imperative: str) -> str:
    stem = imperative[:-1]
    return stem + (_ES_VERBS.get(stem) or "ar")


def es_later_verbs(text: str) -> str:
    """ "revisar la propuesta con Elena y le respondo" -> "... y responder"."""

    def infinitive(m: re.Match[str]) -> str:
        verb = fold_same_length(m.group("verb"))
        return f"{m.group('y')}{_ES_PRESENT.get(verb, m.group('verb'))}"

    return re.sub(
        rf"(?P<y>\by )(?:{_ES_CLITIC})?(?P<verb>\w+)",
        lambda m: infinitive(m) if fold_same_length(m.group("verb")) in _ES_PRESENT else m[0],
        text,
        flags=re.IGNORECASE,
    )
