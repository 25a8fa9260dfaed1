"""A spoken sentence told in reported speech: "I think we should go with rubber" said by the
Industrial Designer becomes "The Industrial Designer thought they should go with rubber."

Shared by chat answers and the summary. Three functions:

* :func:`speaker_label` names a speaker in running text: a role gets "the" ("Project Manager"
  -> "the Project Manager"), a parenthesised riding or party is dropped;
* :func:`reported` turns one (already cleaned, see :mod:`cleanup`) sentence into reported speech
  attributed to its speaker;
* :func:`third_person` applies the same pronoun and tense changes without the attribution.

English rules (where simple; a sentence they do not fit is still attributed, with "said"):

* The opening names the reporting verb: "I think / believe / guess / feel (that) X" ->
  "S thought X" (each verb its own past), "I don't think X" -> "S did not think X", "I'd like
  to X" / "I want to X" -> "S wanted to X", "I'd suggest / I suggest / I propose X" -> "S
  suggested X", "I agree ..." -> "S agreed ...", "Let's X" -> "S suggested that they X",
  "My guess is X" / "In my opinion, X" -> "S thought X"; anything else -> "S said X".
* Questions become indirect: "What are you using?" -> "S asked what they were using", "Do
  you have SSO?" -> "S asked whether they have SSO"; one whose subject is not a pronoun is
  quoted ("S asked: "Is the price per seat?"").
* Pronouns of the speaker and of those spoken to: I/we/you -> they, me/us -> them, my/our/your
  -> their, mine/ours/yours -> theirs, myself/ourselves -> themselves.
* Tenses shift back where it is mechanical: will -> would, can -> could, shall -> should,
  am/is -> was, are -> were, have/has -> had, do/does -> did (with their negations and
  contractions: "I'm" -> "they were", "it's" -> "it was", "we'll" -> "they would"), and common
  verbs right after a pronoun subject ("we need" -> "they needed").

Spanish: "Creo / pienso que X" -> "S opinó que X", "Quiero / me gustaría X" -> "S quería X",
"Propongo / sugiero X" -> "S propuso X", otherwise "S dijo que X"; first-person verbs become
third person (a table of common verbs and the regular endings: "usamos" -> "usan", "teníamos"
-> "tenían", "tengo" -> "tiene") and nos/nuestro/mi/me -> les/su/su/le. Other languages get
"S: X".

Three things hold in either language: fillers ("you know" without commas) go before pronouns
are shifted, so none becomes "them know"; the clause after "said" / "dijo que" / "thought" starts
in lower case unless it starts with a name, "I" or an acronym (a pronoun or other common word is
never a name, even where the conversation writes it with a capital); a word repeated right after
itself is written once ("get the the minutes" -> "get the minutes").
"""

from __future__ import annotations

import re
from collections.abc import Collection

from meetsight.intelligence.builtin.cleanup import without_doubled_words, without_fillers
from meetsight.intelligence.builtin.cues import is_common_word
from meetsight.intelligence.builtin.stopwords import ENGLISH, SPANISH, wordset
from meetsight.intelligence.builtin.text import fold

_ROLE_NOUNS = wordset(
    """manager designer director lead officer engineer analyst chair chairman chairwoman
    chairperson president secretary consultant specialist coordinator representative rep
    architect administrator admin owner executive developer minister interviewer moderator
    facilitator host customer client seller agent advisor adviser assistant supervisor head
    vp cfo ceo cto coo ciso cio controller counsel recruiter candidate presenter speaker
    researcher student professor postdoc"""
)
_PARENTHESISED = re.compile(r"\s*\(.*$")


def speaker_label(name: str) -> str:
    """How a speaker is named inside a sentence: "Project Manager" -> "the Project Manager",
    "Helena Lindqvist" stays, "Mr. Paul Manly (Nanaimo, GP)" -> "Mr. Paul Manly"."""
    name = _PARENTHESISED.sub("", name or "").strip() or (name or "").strip()
    if not name:
        return "someone"
    words = name.split()
    if words[0].lower() == "the":
        return "the " + " ".join(words[1:]) if len(words) > 1 else name
    last = words[-1].lower().strip(".,")
    if last in _ROLE_NOUNS and not any(w[0].isdigit() for w in words):
        # "Professor C", "PhD A": a title with a letter is a name, not a role.
        return "the " + name if len(words[-1]) > 1 else name
    return name


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# --- English --------------------------------------------------------------------------------

_OPINION_VERBS = {
    "think": "thought", "believe": "believed", "guess": "guessed", "feel": "felt",
    "suppose": "supposed", "reckon": "reckoned", "assume": "assumed", "expect": "expected",
    "figure": "figured", "hope": "hoped", "know": "knew", "doubt": "doubted",
    "agree": "agreed", "understand": "understood", "recommend": "recommended",
    "suggest": "suggested", "propose": "proposed", "prefer": "preferred", "like": "liked",
    "want": "wanted", "love": "loved", "worry": "worried", "wonder": "wondered",
    "mean": "meant", "remember": "remembered", "imagine": "imagined", "noticed": "noticed",
}  # fmt: skip
_OPENING = re.compile(
    r"^(?:personally|honestly|frankly|actually|really)?,?\s*(?:i|we)\s+"
    r"(?:(?:really|do|still|also|just|kind of|sort of|definitely|would|'d)\s+)*"
    r"(" + "|".join(_OPINION_VERBS) + r")\b(?:\s+that\b)?,?\s*(.*)$",
    re.IGNORECASE,
)
_NEGATED_OPENING = re.compile(
    r"^(?:i|we)\s+(?:don't|do not|didn't|did not)\s+(" + "|".join(_OPINION_VERBS) + r")\b"
    r"(?:\s+that\b)?,?\s*(.*)$",
    re.IGNORECASE,
)
_WANT = re.compile(r"^(?:i|we)(?:'d| would) (?:like|love)\b\s*(.*)$", re.IGNORECASE)
_SUGGEST = re.compile(
    r"^(?:i|we)(?:'d| would)? (?:suggest|propose|recommend)\b(?:\s+that\b)?\s*(.*)$",
    re.IGNORECASE,
)
_LETS = re.compile(r"^let's\s+(.*)$", re.IGNORECASE)
_GUESS = re.compile(
    r"^(?:my (?:guess|feeling|view|opinion|sense|suggestion) is(?: that)?|"
    r"in my (?:opinion|view)|i'd say|i would say)\b,?\s*(.*)$",
    re.IGNORECASE,
)
_SUGGESTION_NOUN = re.compile(r"^my suggestion", re.IGNORECASE)

_AUX = r"is|are|was|were|do|does|did|can|could|will|would|should|have|has|had"
# "what", "which price", "how many drivers": the question word and the noun it asks about.
_WH = (
    rf"(?:how\s+(?:much|many|long|often|soon)|what|which|whose)(?:\s+(?!(?:{_AUX})\b)\w+)?"
    r"|who|whom|where|when|why|how"
)
_WH_QUESTION = re.compile(rf"^({_WH})\s+({_AUX})\s+(\S+)\s*(.*)$", re.IGNORECASE)
_YES_NO = re.compile(rf"^({_AUX})\s+(\S+)\s*(.*)$", re.IGNORECASE)
_SUBJECTS = wordset("i you we they he she it there")

_PRONOUNS = {
    "i": "they", "we": "they", "you": "they", "me": "them", "us": "them", "my": "their",
    "our": "their", "your": "their", "mine": "theirs", "ours": "theirs", "yours": "theirs",
    "myself": "themselves", "ourselves": "themselves", "yourself": "themselves",
    "yourselves": "themselves",
}  # fmt: skip
# "you" after these is the subject of what follows ("if you want"); elsewhere an object.
_BEFORE_SUBJECT = wordset(
    """that if when and but so because as since or unless whether what which how where why
    before after until once do does did can could will would should are were than"""
)
_CONTRACTIONS = {
    "i'm": "they were", "we're": "they were", "you're": "they were", "they're": "they were",
    "i've": "they had", "we've": "they had", "you've": "they had", "they've": "they had",
    "i'll": "they would", "we'll": "they would", "you'll": "they would",
    "they'll": "they would", "i'd": "they would", "we'd": "they would", "you'd": "they would",
    "it's": "it was", "that's": "that was", "there's": "there was", "what's": "what was",
    "he's": "he was", "she's": "she was", "here's": "here was", "it'll": "it would",
    "that'll": "that would", "there'll": "there would", "isn't": "was not",
    "aren't": "were not", "don't": "did not", "doesn't": "did not", "won't": "would not",
    "can't": "could not", "haven't": "had not", "hasn't": "had not", "shouldn't": "should not",
    "let's": "they should",
}  # fmt: skip
_SHIFT = {
    "will": "would", "can": "could", "shall": "should", "am": "was", "is": "was",
    "are": "were", "have": "had", "has": "had", "do": "did", "does": "did",
}  # fmt: skip
_PAST = {
    "need": "needed", "want": "wanted", "think": "thought", "know": "knew", "use": "used",
    "like": "liked", "see": "saw", "get": "got", "go": "went", "make": "made", "say": "said",
    "mean": "meant", "pay": "paid", "sell": "sold", "run": "ran", "plan": "planned",
    "expect": "expected", "hope": "hoped", "prefer": "preferred", "feel": "felt",
    "believe": "believed", "agree": "agreed", "understand": "understood", "try": "tried",
    "spend": "spent", "buy": "bought", "send": "sent", "keep": "kept", "find": "found",
    "work": "worked", "look": "looked", "seem": "seemed", "love": "loved", "hate": "hated",
    "suggest": "suggested", "propose": "proposed", "recommend": "recommended",
    "guess": "guessed", "wonder": "wondered", "worry": "worried", "lose": "lost",
    "take": "took", "give": "gave", "come": "came", "tell": "told", "ask": "asked",
    "decide": "decided", "wonders": "wondered",
}  # fmt: skip
_PRONOUN_SUBJECT = wordset("they he she it")
_ADVERBS = wordset(
    """just really also still probably definitely actually maybe even never always not only
    already certainly simply basically perhaps"""
)
# After these the verb stays as it is ("could do", "would have", "to pay").
_MODALS = wordset(
    """will would can could shall should may might must to 'll 'd i'll we'll you'll they'll
    i'd we'd you'd they'd won't wouldn't can't couldn't shouldn't let's"""
)
_WORD = re.compile(r"[A-Za-z']+|[^A-Za-z']+")


def _swap_pronoun(word: str, previous: str) -> str:
    low = word.lower()
    if low in _CONTRACTIONS:
        return _CONTRACTIONS[low]
    if low == "you":
        return "they" if not previous or previous in _BEFORE_SUBJECT else "them"
    if low in _PRONOUNS:
        return _PRONOUNS[low]
    return word


def third_person(clause: str, language: str = "en") -> str:
    """``clause`` with the speaker's and the listeners' pronouns in the third person and its
    auxiliaries shifted back ("we'll send our quote" -> "they would send their quote")."""
    if language == "es":
        return without_doubled_words(_third_person_es(clause))
    if language not in ("en", ""):
        return clause
    return without_doubled_words(_third_person_en(without_fillers(clause)))


def _third_person_en(clause: str) -> str:
    out: list[str] = []
    previous = ""  # the last word, lowercased
    subject_before = False
    for token in _WORD.findall(clause):
        if not token[0].isalpha() and token[0] != "'":
            out.append(token)
            continue
        low = token.lower()
        word = _swap_pronoun(token, previous)
        if word == token and previous not in _MODALS:
            if low in _SHIFT:
                word = _SHIFT[low]
            elif subject_before and low in _PAST:
                word = _PAST[low]
        if token[0].isupper() and word[0].islower() and token != "I":
            word = _capitalised(word)
        subject_before = word.lower().split()[-1] in _PRONOUN_SUBJECT | {"they"}
        if low not in _ADVERBS:  # "should just do": the verb after the modal stays
            previous = low
        out.append(word)
    return "".join(out)


_ASK_OPENER = re.compile(
    r"^(?:(?:can|could|may) i ask(?: you)?|let me ask(?: you)?|i wanted to ask(?: you)?|"
    r"quick question|i was wondering|i wonder)\b[,:]?\s*",
    re.IGNORECASE,
)
_EMBEDDED_WH = re.compile(rf"^(?:{_WH}|whether|if)\b", re.IGNORECASE)


def _question(sentence: str, label: str) -> str:
    body = sentence.rstrip("?").strip()
    opened = _ASK_OPENER.sub("", body)
    if opened != body and _EMBEDDED_WH.match(opened):
        # "Can I ask how much of your business is Acronis?": the question is already indirect.
        return f"{label} asked {third_person(opened[:1].lower() + opened[1:])}."
    if opened != body and opened:
        body = opened[:1].upper() + opened[1:]
    wh = _WH_QUESTION.match(body)
    if wh and wh.group(3).lower() in _SUBJECTS:
        aux = "" if wh.group(2).lower() in ("do", "does", "did") else " " + wh.group(2).lower()
        clause = third_person(f"{wh.group(3)}{aux} {wh.group(4)}".strip())
        return f"{label} asked {wh.group(1).lower()} {clause}."
    yes_no = _YES_NO.match(body)
    if yes_no and yes_no.group(2).lower() in _SUBJECTS:
        aux = (
            ""
            if yes_no.group(1).lower() in ("do", "does", "did")
            else " " + yes_no.group(1).lower()
        )
        clause = third_person(f"{yes_no.group(2)}{aux} {yes_no.group(3)}".strip())
        return f"{label} asked whether {clause}."
    return f'{label} asked: "{sentence}"'


def _framed(
    label: str, verb: str, clause: str, language: str = "en", names: Collection[str] = ()
) -> str:
    clause = _uncapitalised(clause.strip(), names)
    clause = third_person(clause, language).rstrip(" .!")
    if not clause:
        return f"{label} {verb}."
    return f"{label} {verb} {clause}."


def _reported_en(sentence: str, label: str, names: Collection[str] = ()) -> str:
    if sentence.endswith("?"):
        return _question(sentence, label)
    body = sentence.rstrip(".! ")
    if m := _NEGATED_OPENING.match(body):
        return _framed(label, f"did not {m.group(1).lower()}", m.group(2), "en", names)
    if m := _WANT.match(body):
        return _framed(label, "wanted", m.group(1), "en", names)
    if m := _SUGGEST.match(body):
        return _framed(label, "suggested", m.group(1), "en", names)
    if m := _OPENING.match(body):
        return _framed(label, _OPINION_VERBS[m.group(1).lower()], m.group(2), "en", names)
    if m := _LETS.match(body):
        return _framed(label, "suggested that they", m.group(1), "en", names)
    if m := _GUESS.match(body):
        verb = "suggested" if _SUGGESTION_NOUN.match(body) else "thought"
        return _framed(label, verb, m.group(1), "en", names)
    return _framed(label, "said", body, "en", names)


_DOES = re.compile(r"(?:will|can|could|should|is going to|is gonna)\s")


def _uncapitalised(text: str, names: Collection[str]) -> str:
    """``text`` with its first word in lower case inside the reported sentence, unless it is
    "I", an acronym or a name: one of ``names`` (folded) when the caller knows them, else any
    word that is not a common opener or a first-person verb."""
    first, _, rest = text.partition(" ")
    first = first.rstrip(",;:")
    if not first or not first[0].isupper() or first == "I":
        return text
    if first[1:] and not first[1:].islower():
        return text  # an acronym or a CamelCase name
    if rest[:1].isupper() and not _lower_ok(text):
        return text  # "Rachel Kim, our CFO, signs": a name of two words
    if _DOES.match(rest) and not is_common_word(first):
        return text  # "Anneliese will review it": someone said to be doing something
    if not rest.strip() and not is_common_word(first.rstrip(".!")):
        return text  # "Procurify.": a reply that is only a name
    key = fold(re.sub(r"['\u2019]s$", "", first))
    if first.lower() in _NEVER_NAMES:
        lower = True  # "Once", "They": a function word, whatever the conversation capitalises
    else:
        lower = key not in names if names else _lower_ok(text)
    return text[:1].lower() + text[1:] if lower else text


def _lower_ok(text: str) -> bool:
    """Whether the first word may lose its capital inside a sentence: a common opener or a
    first-person verb, never "I", a name or an acronym."""
    first = text.split(" ", 1)[0].rstrip(",;:")
    if not first or not first[0].isupper() or not first[1:].islower() or first == "I":
        return False
    low = first.lower()
    return (
        low in _NEVER_NAMES
        or is_common_word(first)
        or low in _ES_IRREGULAR
        or low.endswith(("amos", "emos", "imos"))
    )


_COMMON_OPENERS = wordset(
    """the a an this that these those there it we i you they he she our my your their its
    if when what which who how why where so but and because as all some any most many much
    one two three four five six seven eight nine ten no not then now also only just maybe
    perhaps probably everything everyone nothing something someone each every both either
    i'm i'll i'd i've we're we'll we've we'd you're you'll you've they're they'll it's that's
    there's here's what's don't didn't can't won't isn't wasn't doesn't
    unless once although though while whereas since until before after meanwhile otherwise
    instead besides however therefore anyway still yet hopefully obviously unfortunately
    mientras aunque luego después despues además ademas entonces hasta desde mañana ayer hoy
    el la los las un una unos unas este esta estos estas ese esa eso esto lo nosotros
    nuestro nuestra mi mis su sus si cuando que como ya tambien también no hay tenemos"""
)

# Words that open a clause and are no one's name: lowered after "said" even where the
# conversation happens to write them with a capital ("said Once the review is done").
_NEVER_NAMES = (_COMMON_OPENERS | ENGLISH | SPANISH) - {"i"}


# --- Spanish --------------------------------------------------------------------------------

_ES_IRREGULAR = {
    "tenemos": "tienen", "podemos": "pueden", "queremos": "quieren", "pensamos": "piensan",
    "empezamos": "empiezan", "volvemos": "vuelven", "preferimos": "prefieren",
    "sentimos": "sienten", "estamos": "están", "hemos": "han", "decimos": "dicen",
    "cerramos": "cierran", "contamos": "cuentan", "encontramos": "encuentran",
    "entendemos": "entienden", "mantenemos": "mantienen", "seguimos": "siguen",
    "pedimos": "piden", "servimos": "sirven", "probamos": "prueban",
    "recordamos": "recuerdan", "perdemos": "pierden", "jugamos": "juegan",
    "movemos": "mueven", "devolvemos": "devuelven", "resolvemos": "resuelven",
    "conseguimos": "consiguen", "elegimos": "eligen", "repetimos": "repiten",
    "medimos": "miden", "salimos": "salen", "venimos": "vienen", "somos": "son",
    "vamos": "van", "oímos": "oyen", "tengo": "tiene", "puedo": "puede", "quiero": "quiere",
    "creo": "cree", "pienso": "piensa", "voy": "va", "soy": "es", "estoy": "está",
    "he": "ha", "sé": "sabe", "hago": "hace", "digo": "dice", "necesito": "necesita",
    "prefiero": "prefiere", "mando": "manda", "envío": "envía", "llamo": "llama",
    "reviso": "revisa", "preparo": "prepara", "tenía": "tenía", "estaba": "estaba",
    "nos": "les", "nuestro": "su", "nuestra": "su", "nuestros": "sus", "nuestras": "sus",
    "mi": "su", "mis": "sus", "me": "le", "nosotros": "ellos", "nosotras": "ellas",
    "conmigo": "con él", "te": "le", "tu": "su", "tus": "sus", "contigo": "con él",
}  # fmt: skip
_ES_NOT_VERBS = wordset(
    "mismos primos ramos reclamos amos gamos tramos extremos supremos remos dos"
)
_ES_ENDINGS = (("ábamos", "aban"), ("íamos", "ían"), ("amos", "an"), ("emos", "en"), ("imos", "en"))
_ES_WORD = re.compile(r"[^\W\d_]+|[\W\d_]+")
_ES_OPINION = re.compile(
    r"^(?:yo\s+)?(?:creo|pienso|opino|me parece|considero)\s+que\s+(.*)$", re.IGNORECASE
)
_ES_WANT = re.compile(r"^(?:yo\s+)?(?:quiero|queremos|me gustaría|nos gustaría)\s+(.*)$", re.I)
_ES_SUGGEST = re.compile(
    r"^(?:yo\s+)?(?:propongo|sugiero|proponemos|sugerimos)\s+(?:que\s+)?(.*)$", re.IGNORECASE
)


def _third_person_es(clause: str) -> str:
    out = []
    for token in _ES_WORD.findall(clause):
        low = token.lower()
        word = _ES_IRREGULAR.get(low)
        if word is None and low not in _ES_NOT_VERBS:
            accented = any(c in "áéíóú" for c in low)
            for ending, replacement in _ES_ENDINGS:
                if low.endswith(ending) and len(low) > len(ending) + 1:
                    if accented == (ending in ("ábamos", "íamos")):
                        word = low[: -len(ending)] + replacement
                    break
        if word is None:
            out.append(token)
        else:
            out.append(_capitalised(word) if token[0].isupper() else word)
    return "".join(out)


def _reported_es(sentence: str, label: str, names: Collection[str] = ()) -> str:
    if sentence.rstrip().endswith("?"):
        return f"{label} preguntó: «{sentence.strip()}»"
    body = sentence.rstrip(".! ")
    if m := _ES_OPINION.match(body):
        return _framed(label, "opinó que", m.group(1), "es", names)
    if m := _ES_WANT.match(body):
        return _framed(label, "quería", m.group(1), "es", names)
    if m := _ES_SUGGEST.match(body):
        return _framed(label, "propuso", m.group(1), "es", names)
    return _framed(label, "dijo que", body, "es", names)


def reported(sentence: str, speaker: str, language: str = "en", names: Collection[str] = ()) -> str:
    """``sentence``, said by ``speaker``, in reported speech: "Helena said the carrier
    requires monitoring." The sentence should be cleaned first (:func:`cleanup.clean`).
    ``names`` (folded) are the words that keep their capital at the start of the sentence
    (the conversation's names); without them, common openers lose theirs."""
    sentence = " ".join((sentence or "").split())
    label = _capitalised(speaker_label(speaker))
    if not sentence:
        return ""
    if language == "es":
        return _reported_es(sentence, label, names)
    if language in ("en", ""):
        return _reported_en(sentence, label, names)
    return f"{label}: {sentence}"
