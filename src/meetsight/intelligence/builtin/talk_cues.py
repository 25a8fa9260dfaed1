"""Cue words of English and Spanish sales talk: greetings and filler, problems, decisions,
agreement, sentiment and open questions. Stems are accent-folded prefixes ("frustrat" matches
"frustrated" and "frustrating"), an entry ending in "=" matches that exact word only, and entries
with a space are matched as phrases."""

from __future__ import annotations

import re
from functools import lru_cache

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS
from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import sentences


@lru_cache(maxsize=8192)
def folded_words(text: str) -> tuple[str, ...]:
    """:func:`text.words`, cached: every part asks for the same lines' words many times."""
    return tuple(words(text))


def _entries(text: str) -> list[str]:
    return [e.strip() for e in text.replace("\n", "|").split("|") if e.strip()]


class Cue:
    """A set of word stems and phrases; ``count`` says how many occur in a text."""

    def __init__(self, text: str) -> None:
        entries = _entries(text)
        self.exact = frozenset(e[:-1] for e in entries if e.endswith("="))
        self.stems = frozenset(e for e in entries if " " not in e and not e.endswith("="))
        self.phrases = tuple(e for e in entries if " " in e)
        self._lengths = sorted({len(s) for s in self.stems})
        self._seen: dict[str, bool] = {}

    def matches_word(self, word: str) -> bool:
        hit = self._seen.get(word)
        if hit is None:
            hit = word in self.exact or any(
                word[:n] in self.stems for n in self._lengths if n <= len(word)
            )
            if len(self._seen) < 100_000:  # bounded: vocabularies are small, but be safe
                self._seen[word] = hit
        return hit

    def count(self, text: str) -> int:
        tokens = folded_words(text)
        hits = sum(1 for w in tokens if self.matches_word(w))
        if not self.phrases:
            return hits
        folded = " " + " ".join(tokens) + " "
        return hits + sum(1 for p in self.phrases if f" {p} " in folded)

    def count_affirmed(self, text: str) -> int:
        """Word hits not negated by one of the two words before ("let's not worry")."""
        tokens = folded_words(text)
        return sum(
            1
            for i, w in enumerate(tokens)
            if self.matches_word(w) and not any(t in NEGATORS for t in tokens[max(0, i - 2) : i])
        )


GREETING = Cue(
    """hi|hello|hey|bye|goodbye|thanks|thank|cheers|morning|afternoon|evening|welcome|nice to|
    talk soon|talk to you|see you|speak soon|have a good|take care|good to|
    hola|adios|gracias|buenos dias|buenas tardes|buenas|hasta luego|hasta pronto|un saludo|
    encantad|bienvenid|nos vemos|hablamos"""
)
FILLER = BOTH | wordset(
    """yeah yes yep ok okay sure right perfect great cool fine understood absolutely exactly
    gotcha nice lovely wonderful excellent mhm uh um vale genial perfecto claro bueno entendido
    exacto estupendo fenomenal"""
)
PROBLEM = Cue(
    """problem|issue|pain|struggl|frustrat|lose|losing|lost=|late=|slow|manual|by hand|waste|
    wasting|delay|broken|fail|complain|error|mistake|risk|churn|costly|expensive|nightmare|
    hard to|difficult|stuck|bottleneck|idle|penalt|fees|overtime|can't|cannot|couldn't|
    problema|perd|perdida|llega tarde|lento|lenta|a mano|queja|quej|retras|fallo|falla|equivoc|
    riesgo|
    caro|cara|dificil|atasc|cuello de botella|multa|penaliz|no podemos|no funciona|agobi"""
)
DECISION = Cue(
    """decid|decision|approv|sign=|signs=|signed=|signing=|sign-off|signoff|go ahead|
    move forward|commit|budget|cfo|ceo|
    board|legal|procurement|aprob|decisi|firm|visto bueno|adelante|comprometer|presupuesto|
    director|junta|consejo|compras|juridic|direccion"""
)
AGREEMENT = Cue(
    """agree|agreed|deal|works for|that works|sounds good|makes sense|let's do|we'll go|
    de acuerdo|trato|nos vale|me vale|me parece bien|nos parece bien|encaja|hecho|acordado|
    acordamos|adelante|cerrado"""
)
POSITIVE = Cue(
    """good|great|excellent|love|happy|glad|excit|impress|helpful|useful|valuable|
    perfect|fantastic|awesome|amazing|nice|easy|fast|solid|promising|interest|confident|
    works|improv|benefit|save|saving|win=|wins=|success|clear=|better|best|
    buen|bien|genial|excelente|encant|gusta|gusto|contento|contenta|feliz|util|valios|perfect|
    fantastic|facil|rapid|interesa|interesant|confianza|confiamos|mejor|ahorr|exito|estupend|
    me parece bien"""
)
NEGATIVE = Cue(
    """bad|worse|worst|problem|issue|concern|worr|afraid|doubt|expensive|costly|
    difficult|hard=|slow|late=|lost=|lose|losing|fail|broken|frustrat|annoy|disappoint|unhappy|
    pain|risk|complain|waste|hate|terrible|awful|confus|too much|too long|not sure|
    mal=|malo|mala|peor|problema|preocup|miedo|duda|caro|cara|dificil|lent|tarde|perd|fallo|
    frustr|molest|decepcion|descontent|riesgo|queja|desastre|terrible|horrible|confus|
    demasiado|no estoy seguro|no estamos seguros"""
)
CONCERN = Cue(
    """concern|worr|afraid|doubt|not sure|hesita|skeptic|sceptic|too expensive|too long|
    objection|risk|preocup|miedo|duda|dudas|objecion|no estoy seguro|no estamos seguros|
    demasiado caro|riesgo|reticen"""
)
BUDGET = Cue(
    """budget|budgeted|afford|price|pricing|cost|costs|pay|paying|expensive|discount|
    set aside|allocated|hoping to spend|looking to spend|we expected|we were expecting|
    presupuesto|gastar|gasto|precio|coste|costo|pagar|pagamos|caro|descuento|contabamos con|
    contamos con|nos podemos permitir|esperabamos"""
)
NEGATORS = wordset(
    "not no never n't don't doesn't didn't isn't wasn't won't can't cannot nunca tampoco ni sin "
    "dont doesnt didnt isnt wasnt wont cant"
)

_OPEN_EN = wordset("what how why which where who when whom whose")
_OPEN_ES_ACCENTED = wordset(
    "qué cómo cuál cuáles cuánto cuánta cuántos cuántas dónde quién quiénes cuándo"
)
_OPEN_ES_START = wordset(
    "que como cual cuales cuanto cuanta cuantos cuantas donde quien quienes cuando"
)
_OPEN_IMPERATIVES = Cue(
    """tell me|tell us|walk me through|walk us through|describe|explain|help me understand|
    cuentame|cuentenme|cuentanos|cuenteme|explicame|expliqueme|describe|describeme|
    por que"""
)
_LEADING = wordset("and so but ok okay then also y e pero entonces vale bueno")
_RAW_WORD = re.compile(r"[\w'\u2019]+", re.UNICODE)


def content_words(text: str) -> list[str]:
    """Folded words that are neither stopwords nor filler, at least three letters long."""
    return [w for w in folded_words(text) if len(w) >= 3 and w not in FILLER]


def is_filler(text: str) -> bool:
    """Greetings, thanks and acknowledgements: fewer than three content words once greetings
    are set aside ("Thanks, Chris, talk to you Tuesday." is filler)."""
    content = [w for w in content_words(text) if not GREETING.matches_word(w)]
    return len(content) < 3


def sentiment_hits(text: str) -> tuple[int, int]:
    """(positive, negative) word hits; a negator among the two words before flips a hit."""
    tokens = folded_words(text)
    pos = neg = 0
    for i, w in enumerate(tokens):
        p, n = POSITIVE.matches_word(w), NEGATIVE.matches_word(w)
        if p == n:
            continue
        negated = any(t in NEGATORS or t.endswith("n't") for t in tokens[max(0, i - 2) : i])
        if p != negated:
            pos += 1
        else:
            neg += 1
    folded = " " + " ".join(tokens) + " "
    neg += sum(1 for ph in NEGATIVE.phrases if f" {ph} " in folded)
    pos += sum(1 for ph in POSITIVE.phrases if f" {ph} " in folded)
    return pos, neg


def questions(text: str) -> list[str]:
    """The sentences of ``text`` that are questions (they hold a "?")."""
    return [s for s in sentences(text) if "?" in s]


def is_open_question(question: str) -> bool:
    """An open question starts (after "and", "so", "y", "pero"...) with an interrogative word,
    or asks to tell, walk through, describe or explain."""
    raw = [w.lower() for w in _RAW_WORD.findall(question)]
    while raw and fold(raw[0]) in _LEADING:
        raw = raw[1:]
    if not raw:
        return False
    head = raw[:3]
    if raw[0] in _OPEN_EN or fold(raw[0]) in _OPEN_ES_START:
        return True
    if any(w in _OPEN_ES_ACCENTED for w in head):
        return True
    return _OPEN_IMPERATIVES.count(" ".join(raw[:6])) > 0


def lang(language: str) -> str:
    """The language our wording uses: Spanish for "es", English for everything else."""
    return "es" if language == "es" else "en"


def has_number(text: str) -> bool:
    """Digits or a spelled number that is not just "one"/"un" (quantities make key moments)."""
    ws = folded_words(text)
    return any(c.isdigit() for c in text) or any(
        w in NUMBER_WORDS and w not in ("one", "un", "una", "uno") for w in ws
    )
