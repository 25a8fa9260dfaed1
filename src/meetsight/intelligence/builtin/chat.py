"""Chat answers over one conversation: find the lines that answer a question and quote them.

A line's score adds up:
- the cosine between question and line (USE is multilingual: a Spanish question finds English
  lines) and IDF-weighted overlap of stemmed, accent-folded content words;
- for the line after someone else's question, part of that question's match: USE ranks a
  transcript question close to the user's, and its answer follows it;
- how well the line fits the sales topic the question is about (pain, price, competitors,
  decision, timeline...), scored as smart-category notes are;
- a bonus for what the question type asks for (who -> names and roles, when -> dates, how much
  -> amounts, which competitor -> product names) and for the side it names (customer, seller);
  less for lines that themselves ask.
The answer, in the conversation's language, quotes the best lines with speaker and time. A
question on none of the sales topics that no line matches well gets "not covered" and no
citation.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from meetsight.intelligence.builtin.bounded_cache import LineBudgetCache
from meetsight.intelligence.builtin.cues import DATE, MONEY, NUMBER, person_names, proper_names
from meetsight.intelligence.builtin.notes import DEFAULT_SPECS, category_scores, text_category
from meetsight.intelligence.builtin.prototypes import embed_one
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation, Question
from meetsight.intelligence.results import ChatAnswer, Citation

MIN_SCORE = 0.25  # the best line's score below which the conversation does not cover it
MIN_DIRECT = 0.45  # cosine plus lexical overlap that puts an off-topic question on topic
MIN_TOPIC = 0.33  # how clearly a question must be about a sales topic to use that topic
QUESTION_PENALTY = 0.15
SIDE_BONUS = 0.08
NEIGHBOUR_WITHIN = 0.4  # a same-speaker neighbour of a cited line is cited when this close
KEEP_WITHIN = 0.1  # further lines cited when within this of the best score
MAX_CITATIONS = 3
LEXICAL_WEIGHT = 0.45
TYPE_BONUS = 0.12
ANSWER_WEIGHT = 0.5
ANSWER_FLOOR = 0.25  # a transcript question must match at least this well to pass relevance on
TOPIC_WEIGHT = 0.4

_STOPWORD_TEXT = (
    "the a an and or but of to in on at for from with by about as is are was were be been do "
    "does did have has had it its this that these those there their they them we our us you "
    "your i me my he she his her what which who whom whose when where why how much many any "
    "some all can could would should will shall may might not no yes so if then than also just "
    "up out into over more most very get got customer customers client seller said say says "
    "tell came come mention mentioned talk talked discuss discussed did describe described "
    "el la los las un una unos unas de del al a en con por para sin sobre y o u pero que se su "
    "sus lo le les nos me mi mis tu te es son fue era ser han ha hay como cual cuales quien "
    "quienes cuando donde por que porque cuanto cuanta cuantos cuantas muy mas menos ya este "
    "esta ese esa esto eso cliente vendedor dijo dice hablo hablaron menciono mencionaron"
)
_STOPWORDS = frozenset(_STOPWORD_TEXT.split())
_SUFFIXES = ("ing", "ed", "es", "s", "mente")


def _stem(word: str) -> str:
    """Crude but language-neutral: drop a plural or verb ending, keep at most five letters."""
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:5]


def _terms(text: str) -> list[str]:
    return [_stem(w) for w in words(text) if w not in _STOPWORDS and len(w) > 1]


_WHO = re.compile(r"\b(?:who|whom|quien|quienes)\b")
_WHEN = re.compile(r"\b(?:when|what date|which date|how soon|deadline|cuando|que fecha|plazo)\b")
_AMOUNT = re.compile(
    r"\b(?:how much|how many|price|prices|pricing|cost|costs|budget|quote|quoted|pay|paid|spend"
    r"|discount|offer|offered|cheaper|cuanto|cuanta|cuantos|cuantas|precio|precios|cuesta"
    r"|cuestan|costaria|presupuesto|pagan|pagar|descuento|oferta|ofrecio|ofrecieron)\b"
)
_DURATION = re.compile(r"\b(?:how long|cuanto tiempo|cuantos dias|cuanto tarda)\b")
_RIVAL = re.compile(
    r"\b(?:competitors?|competition|vendors?|alternatives?|tools?|competidor\w*|competencia"
    r"|proveedor\w*|herramientas?)\b"
)
_ROLE = re.compile(
    r"\b(?:cfo|ceo|coo|cto|vp|director\w*|manager|head of|owner\w*|board|committee|procurement"
    r"|legal|it|gerente|socio|socia|consejo|comite|jefe|responsable|dr)\b"
)
_FULL_NAME = re.compile(r"\b[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+")


_DURATION_UNIT = re.compile(r"\b(?:days?|weeks?|hours?|months?|dias|semanas|horas|meses)\b")


@dataclass(frozen=True)
class _Analysis:
    """What chat needs from each line whatever the question; cached per conversation."""

    bags: tuple[frozenset[str], ...]  # stemmed content words
    df: Counter[str]
    names_or_roles: np.ndarray  # who
    dates: np.ndarray  # when
    numbers: np.ndarray  # how much (0, 1, or 1.5 with money)
    durations: np.ndarray  # how long
    products: np.ndarray  # which competitor or tool
    asks: np.ndarray  # the line asks a question


_ANALYSES: LineBudgetCache[_Analysis] = LineBudgetCache(16)


def _analyse(conversation: Conversation) -> _Analysis:
    """Cached per conversation (conversations are frozen, so they hash by value)."""
    found = _ANALYSES.get(conversation)
    if found is None:
        found = _analysis(conversation)
        _ANALYSES.put(conversation, found, len(conversation.lines))
    return found


def _analysis(conversation: Conversation) -> _Analysis:
    people = person_names(s.name for s in conversation.speakers) | person_names(
        {line.speaker for line in conversation.lines}
    )
    folded = [fold(line.text) for line in conversation.lines]
    bags = tuple(frozenset(_terms(line.text)) for line in conversation.lines)

    def flags(values: Sequence[float]) -> np.ndarray:
        return np.asarray(values, dtype=np.float32)

    return _Analysis(
        bags=bags,
        df=Counter(t for bag in bags for t in bag),
        names_or_roles=flags(
            [
                bool(_FULL_NAME.search(line.text) or _ROLE.search(f))
                for line, f in zip(conversation.lines, folded, strict=True)
            ]
        ),
        dates=flags([bool(DATE.search(f)) for f in folded]),
        numbers=flags(
            [(1.5 if MONEY.search(f) else 1.0) if NUMBER.search(f) else 0.0 for f in folded]
        ),
        durations=flags([bool(_DURATION_UNIT.search(f)) for f in folded]),
        products=flags(
            [
                any(fold(n) not in people for n in proper_names(line.text))
                for line in conversation.lines
            ]
        ),
        asks=flags(["?" in line.text for line in conversation.lines]),
    )


def _type_bonus(question: str, analysis: _Analysis) -> np.ndarray:
    """(lines,) bonus for lines that hold what the question's type asks for."""
    q = fold(question)
    bonus = np.zeros_like(analysis.dates)
    for pattern, column in (
        (_WHO, analysis.names_or_roles),
        (_WHEN, analysis.dates),
        (_AMOUNT, analysis.numbers),
        (_DURATION, analysis.durations),
        (_RIVAL, analysis.products),
    ):
        if pattern.search(q):
            bonus += TYPE_BONUS * column
    return bonus


def _lexical(analysis: _Analysis, terms: Sequence[tuple[str, float]]) -> np.ndarray:
    """(lines,): IDF-weighted share of the question's terms that each line contains."""
    n = len(analysis.bags)
    weights = {t: w * (math.log((n + 1) / (analysis.df[t] + 0.5))) for t, w in terms}
    total = sum(weights.values())
    if total <= 0:
        return np.zeros(n, dtype=np.float32)
    return np.asarray(
        [sum(w for t, w in weights.items() if t in bag) / total for bag in analysis.bags],
        dtype=np.float32,
    )


def _question_terms(question: Question) -> list[tuple[str, float]]:
    """The question's terms; a short follow-up borrows the previous question's at half weight."""
    own = dict.fromkeys(_terms(question.text), 1.0)
    if len(own) < 3 and question.history:
        for term in _terms(question.history[-1][0]):
            own.setdefault(term, 0.5)
    return list(own.items())


def _clock(seconds: float) -> str:
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def _answers_to(conversation: Conversation, direct: np.ndarray) -> np.ndarray:
    """(lines,) for a line that follows someone else's question, how well that question matches
    the user's: it often says what the user asks better than its answer does."""
    out = np.zeros(len(conversation.lines), dtype=np.float32)
    for i in range(1, len(conversation.lines)):
        prev, line = conversation.lines[i - 1], conversation.lines[i]
        if prev.speaker != line.speaker and "?" in prev.text:
            out[i] = max(0.0, float(direct[i - 1]) - ANSWER_FLOOR)
    return out


# Every question looks like a product question, so that category cannot tell what one is about.
_TOPICS = tuple(spec for spec in DEFAULT_SPECS if spec.key != "product_questions")


def _topic_affinity(
    conversation: Conversation, question_vec: np.ndarray, text: str, vectors: np.ndarray
) -> np.ndarray | None:
    """(lines,) how well each line fits the sales topic the question is about; None when the
    question is about none of them."""
    found = text_category(text, question_vec, _TOPICS)
    if found is None or found[1] < MIN_TOPIC:
        return None
    return category_scores(conversation, [_TOPICS[found[0]]], vectors)[:, 0]


_CUSTOMER = re.compile(r"\b(?:customer|client|prospect|buyer|they|their|cliente|clientes)\b")
_SELLER = re.compile(
    r"\b(?:seller|sales ?rep|rep|vendor|we|our|us|account executive|vendedor|vendedora"
    r"|comercial|nosotros|nuestro|nuestra)\b"
)


def _side(conversation: Conversation, question: str) -> np.ndarray:
    """(lines,) +1 for lines of the side the question asks about (the customer's or the
    seller's), 0 otherwise; 0 everywhere when it names neither or both."""
    q = fold(question)
    customer, seller = bool(_CUSTOMER.search(q)), bool(_SELLER.search(q))
    if customer == seller:
        return np.zeros(len(conversation.lines), dtype=np.float32)
    return np.asarray(
        [conversation.is_internal(line.speaker) == seller for line in conversation.lines],
        dtype=np.float32,
    )


def score_lines(
    conversation: Conversation, question: Question, vectors: np.ndarray
) -> tuple[np.ndarray, bool]:
    """(lines,) relevance of every line to the question, and whether the question is on the
    conversation's topics at all: a sales topic it is about, or a line that matches it well."""
    qvec = embed_one(question.text)
    cosine = vectors @ qvec
    analysis = _analyse(conversation)
    direct = cosine + LEXICAL_WEIGHT * _lexical(analysis, _question_terms(question))
    topic = _topic_affinity(conversation, qvec, question.text, vectors)
    # A line that asks is rarely the answer; the line after it often is.
    scores = (
        direct
        + ANSWER_WEIGHT * _answers_to(conversation, direct)
        + _type_bonus(question.text, analysis)
        + SIDE_BONUS * _side(conversation, question.text)
        - QUESTION_PENALTY * analysis.asks
    )
    if topic is not None:
        scores = scores + TOPIC_WEIGHT * topic
    on_topic = topic is not None or float(direct.max()) >= MIN_DIRECT
    return scores, on_topic


def answer_question(
    conversation: Conversation, question: Question, vectors: np.ndarray
) -> ChatAnswer:
    spanish = conversation.language == "es"
    if not conversation.lines or not question.text.strip():
        return ChatAnswer(_not_covered(spanish))
    scores, on_topic = score_lines(conversation, question, vectors)
    best = float(scores.max())
    if not on_topic or best < MIN_SCORE:
        return ChatAnswer(_not_covered(spanish))
    chosen = _cited(conversation, scores)
    lines = [conversation.lines[i] for i in chosen]
    quotes = "\n".join(f'{line.speaker} ({_clock(line.start)}): "{line.text}"' for line in lines)
    intro = "Según la conversación:" if spanish else "From the conversation:"
    return ChatAnswer(
        f"{intro}\n{quotes}",
        tuple(Citation(line=line.index, speaker=line.speaker, start=line.start) for line in lines),
    )


def _cited(conversation: Conversation, scores: np.ndarray) -> list[int]:
    """The best line, lines nearly as good, and same-speaker neighbours of those that carry on
    the same thought ("...every Monday." / "Last quarter we paid..."), in transcript order."""
    best = float(scores.max())
    ranked = [int(i) for i in np.argsort(-scores)[:MAX_CITATIONS]]
    chosen = [i for i in ranked if scores[i] >= best - KEEP_WITHIN]
    for i in list(chosen):
        for j in (i - 1, i + 1):
            if (
                0 <= j < len(scores)
                and j not in chosen
                and len(chosen) < MAX_CITATIONS
                and conversation.lines[j].speaker == conversation.lines[i].speaker
                and scores[j] >= max(MIN_SCORE, best - NEIGHBOUR_WITHIN)
            ):
                chosen.append(j)
    # A quoted question is useless without its answer: the next line, by someone else.
    for i in [i for i in chosen if "?" in conversation.lines[i].text]:
        j = i + 1
        if (
            j < len(scores)
            and j not in chosen
            and conversation.lines[j].speaker != conversation.lines[i].speaker
        ):
            chosen.append(j)
    return sorted(chosen[: MAX_CITATIONS + 1])


def _not_covered(spanish: bool) -> str:
    if spanish:
        return "La conversación no trata ese tema."
    return "The conversation does not cover that."
