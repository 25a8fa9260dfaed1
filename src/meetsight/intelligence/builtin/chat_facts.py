"""Short answers: the sentence or two that answer a factual or open question, or a decline.

Where to look: each line's relevance (:mod:`chat_passages`, with the question's subject names
weighed down, :mod:`chat_scope`), plus ``TOPIC_WEIGHT`` times its fit to the sales topic the
question is about and ``SIDE_BONUS`` for the side it asks about (:mod:`chat_topics`), plus
``RIVAL_BONUS`` for lines naming a product when it asks about competitors. The lines that may
answer are those within ``KEEP_WITHIN`` of the best (at most ``MAX_LINES``), the replies to
those that ask, and the lines their speakers go on with.

The conversation does not cover a question (the answer says so in its language, with no
citation) when:

* it names something the conversation never mentions ("How much does Halvorsen pay for
  Fleetwise?" where Fleetwise is never said);
* it is on no sales topic and no line matches it: the best cosine plus word match is below
  ``MIN_DIRECT``;
* it asks for a type of answer (:class:`chat_question.Slot`, :mod:`chat_slots`) that no
  sentence of the lines that may answer holds while speaking about what is asked
  (:func:`chat_scope.about`): an amount for "how much does X pay", a number next to the thing
  counted for "how many X", a date for "when", a name for "which company", a person or a role
  for "who". For numbers and dates the search goes on down to ``KEEP_WIDER`` of the best, in
  sentences that say one of the question's own words ("for the interview ... thursday the
  tenth"); names further down are too often other things' names to count. A follow-up asking
  for "the other one" does not accept the values of the previous answer;
* an open question has no sentence among the lines that may answer that speaks about it.

Otherwise the answer is the best sentence holding the value asked for (a sentence is as good
as the best sentence of its line: "Does it export to Gusto? Because that's our payroll."),
with the other sentences holding one in the same exchange ("Our standard is net sixty." "We
can do net 45."); for open questions, the best sentences within ``OPEN_WORDS`` words. All in
reported speech; a short reply is told with the question it answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from meetsight.embedder import embed
from meetsight.intelligence.builtin.bounded_cache import per_conversation
from meetsight.intelligence.builtin.chat_compose import (
    Candidate,
    candidates,
    choose,
    cite,
    conversation_names,
    render,
)
from meetsight.intelligence.builtin.chat_owners import figure_elsewhere
from meetsight.intelligence.builtin.chat_passages import relevance, stem, terms
from meetsight.intelligence.builtin.chat_question import (
    Plan,
    Slot,
    asks_product,
    counted_head,
    slot_of,
)
from meetsight.intelligence.builtin.chat_scope import (
    ABOUT_COSINE,
    about,
    context_terms,
    exchange_lines,
    is_subject,
    missing_names,
    question_terms,
    specific_terms,
    spelled_out,
    unnamed,
)
from meetsight.intelligence.builtin.chat_slots import names_in, setting, slot_values
from meetsight.intelligence.builtin.chat_topics import side, topic_affinity, topic_words
from meetsight.intelligence.builtin.languages import pack_for
from meetsight.intelligence.builtin.prototypes import embed_one
from meetsight.intelligence.builtin.reported import reported
from meetsight.intelligence.builtin.spoken_questions import unpunctuated
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import ChatAnswer

MIN_DIRECT = 0.2
ON_TOPIC = 0.45  # a line's fit to the question's sales topic that makes it speak about it
MIN_OPEN = 0.35  # an open question off the sales topics must match a line this well
KEEP_WITHIN = 0.12
KEEP_WIDER = 0.35
MAX_LINES = 8
OPEN_WORDS = 60
FACT_WORDS = 50
SHORT_REPLY = 6  # words: a reply this short is told with the question it answers
QUESTION_PENALTY = 0.15  # a sentence that asks is rarely the answer
VALUE_BONUS = 0.25  # a value said outright over one only implied
RIVAL_BONUS = 0.12
TOPIC_WEIGHT = 0.4
SIDE_BONUS = 0.08
OBJECT_COSINE = 0.35  # "how many people attended the kickoff": the kickoff unsaid
EXCHANGE_LINES = 3
EXCHANGE_WITHIN = 0.25  # how much less relevant than the best a line of the exchange may be
EXCHANGE_SIMILAR = 0.3  # ... unless it is this close in meaning to the best sentence

# A question about competitors, vendors or products looks for lines that name products.
_RIVAL = re.compile(
    r"\b(?:competitors?|competition|alternatives?|vendors?|providers?|suppliers?|rivals?|tools?|"
    r"systems?|software|"
    r"platforms?|programs?|apps?|products?|solutions?|competidor\w*|competencia|alternativas?|"
    r"proveedor\w*|herramientas?|sistemas?|plataformas?|programas?|aplicacion\w*|productos?)\b"
)


def _products(plan: Plan) -> bool:
    """A "which" question answered by a product's name: it names a kind of product, or asks
    what is in use or what else was weighed (:func:`chat_question.asks_product`)."""
    text = fold(plan.text)
    return bool(_RIVAL.search(text)) or asks_product(text.strip(" ?.!"))


_FIGURES = frozenset((Slot.MONEY, Slot.SHARE))
_NUMERIC = frozenset((Slot.MONEY, Slot.SHARE, Slot.COUNT, Slot.DURATION, Slot.DATE))
# Slots whose values are looked for further down when the best lines hold none said outright:
# numbers and places ("three depots: Stoke, Warrington and Carlisle"); other names further
# down are too often other things' names.
_WIDENED = _NUMERIC | {Slot.PLACE}


# What something costs, not what someone pays ("What would Greenroute cost?", "¿Cuánto
# costaría?").
_PRICE_ASKED = re.compile(
    r"\b(?:cost|costs|price|priced|pricing|cheaper|dearer|pricier|expensive|overcharg\w*|"
    r"cuesta|costaria|costara|precio|barato|caro)\b"
)
_PRICE_TERMS = frozenset(
    terms(
        "cost costs price priced pricing pay paid paying charge charges worth spend fee fees "
        "quote quoted rate cheaper dearer pricier expensive overcharged overcharge"
    )
) | frozenset(terms("cuesta costaria precio pagan paga cobra cobran tarifa cuota", "es"))


# Words that point at a vendor by its part in the deal ("How much cheaper was the winner?",
# "What does the incumbent charge?"): its price is asked, whatever name it has.
_PARTY_ROLES = frozenset(
    terms(
        "winner winning competitor competitors competition incumbent rival rivals vendor vendors "
        "provider providers supplier suppliers alternative other others current chosen"
    )
) | frozenset(terms("ganador competidor competencia proveedor actual otro otra elegido", "es"))


def decline(conversation: Conversation) -> ChatAnswer:
    return ChatAnswer(pack_for(conversation.language).not_covered)


@dataclass
class _Search:
    """One question's search of one conversation."""

    conversation: Conversation
    plan: Plan
    scores: np.ndarray  # (lines,)
    qvec: np.ndarray
    specific: set[str]
    named: set[str]  # the question's names that are not the conversation's subject
    matched: float  # the best line's cosine plus word match
    affinity: np.ndarray | None  # (lines,) fit to the sales topic the question is about

    @property
    def on_topic(self) -> bool:
        return self.affinity is not None

    def pool(self, within: float) -> tuple[list[Candidate], np.ndarray]:
        pool = candidates(
            self.conversation, _answer_lines(self.conversation, self.scores, within), 1
        )
        vectors = embed([c.text for c in pool])
        return pool, vectors

    @property
    def price_only(self) -> bool:
        """ "What would Greenroute cost per month?", "How much cheaper was the winner?": the
        vendor's own name or part and a word for price; a line giving an amount speaks about
        its price whatever word it uses."""
        return (
            self.plan.slot is Slot.MONEY
            and not self.named
            and bool(_PRICE_ASKED.search(fold(self.plan.text)))
            and not self.specific - _PRICE_TERMS - _PARTY_ROLES
        )

    def speaks_about(self, c: Candidate, vector: np.ndarray) -> bool:
        if self.plan.slot is Slot.NAME and _products(self.plan):
            return True  # "Which tools did they look at?": a product's name is what is asked
        # "Who signs off on the purchase?" names nothing but its sales topic: a line plainly
        # on that topic speaks about it.
        generic = not (self.specific - topic_words(self.plan.language)) and not self.plan.entities
        if self.price_only:
            return True
        if generic and self.affinity is not None and self._on_topic(c.line) >= ON_TOPIC:
            return True
        # a value is tied to its sentence; an open answer's sentence to its line
        position = c.position if self.plan.slot is not None else None
        told = self._told_apart()
        # what tells it apart unsaid: only a sentence close in meaning speaks about it
        cosine = ABOUT_COSINE if told == self.specific else OBJECT_COSINE
        return about(self.conversation, c.line, told, vector, self.qvec, position, cosine)

    def _told_apart(self) -> set[str]:
        """The words that tell what is asked apart: for "how many people work the night
        shift", the night shift, not the people (a count of people said about something else
        holds "people" too); all the question's words when it names no such object."""
        if self.plan.slot is not Slot.COUNT or not self.plan.counted:
            return self.specific
        head = counted_head(self.plan.counted)
        text = fold(self.plan.lead or self.plan.text)
        at = text.find(head)
        thing = _OBJECT.search(text[at + len(head) :]) if at >= 0 else None
        if thing is None:
            return self.specific  # "how many vendors were evaluated": the verb may be paraphrased
        if _HAS.search(thing.group("verb")):
            return self.specific  # "does the company own", "tiene la clínica": who has them
        told = set(terms(thing.group("object"), self.plan.language)) & self.specific
        return told or self.specific

    def _on_topic(self, line: int) -> float:
        """A line's fit to the question's topic, or that of the question it answers."""
        assert self.affinity is not None
        fit = float(self.affinity[line])
        lines = self.conversation.lines
        if (
            line > 0
            and "?" in lines[line - 1].text
            and lines[line - 1].speaker != lines[line].speaker
        ):
            fit = max(fit, float(self.affinity[line - 1]))
        return fit

    def about_another(self, c: Candidate) -> bool:
        """Whether the question names something (not the conversation's subject) that neither
        the sentence's line nor the two before it say: "last year" about Routemaster does not
        say when they signed with Ledgerly, and "six locations" about the customer does not
        say how many ShiftNest supports."""
        if not self.named:
            return False
        # (a person named is the answer to "who", not something else)
        own = {
            fold(n)
            for n, kind in names_in(c.text, setting(self.conversation), set())
            if not (kind == "person" and self.plan.slot is Slot.PERSON)
            # (and a product named, to "which competitor is in the X deal")
            and not (kind == "thing" and self.plan.slot is Slot.NAME and _products(self.plan))
        }
        if own and not own & self.named:
            return True  # it names something else
        lines = [
            self.conversation.lines[i]
            for i in (
                c.line,
                *exchange_lines(self.conversation, c.line),
                *_side_talk(self.conversation, c.line),
            )
        ]
        said = {
            w.strip(".,;:!?¿¡'\"") for line in lines for w in fold(spelled_out(line.text)).split()
        }
        # (a name asked in the plural is said in the singular: "the ETAs", "ETA accuracy")
        return not any(
            name in said or (name.endswith("s") and name[:-1] in said) for name in self.named
        )

    def base(self, pool: list[Candidate], vectors: np.ndarray) -> np.ndarray:
        """Each candidate's line relevance, half its own cosine to the question, less
        ``QUESTION_PENALTY`` when it asks."""
        asks = np.asarray([c.text.endswith("?") for c in pool], dtype=np.float32)
        lines = np.asarray([self.scores[c.line] for c in pool], dtype=np.float32)
        return lines + 0.5 * (vectors @ self.qvec) - QUESTION_PENALTY * asks


SIDE_TALK = 6  # lines back over which two people of a larger meeting keep one subject


def _side_talk(conversation: Conversation, line: int) -> list[int]:
    """In a meeting of three or more, the lines of the back-and-forth between two of them that
    leads to ``line`` (at most ``SIDE_TALK`` back): in a pipeline review, "Bogdan, Meridale."
    opens an exchange whose later replies ("Procurify. They pitched the controller ...") do
    not name the deal again. In a talk between two people every line is such an exchange,
    so none is added there."""
    lines = conversation.lines
    if len({li.speaker for li in lines}) < 3 or line == 0:
        return []
    pair = {lines[line].speaker, lines[line - 1].speaker}
    out = []
    for i in range(line - 1, max(-1, line - 1 - SIDE_TALK), -1):
        if lines[i].speaker not in pair:
            break
        out.append(i)
    return out


# The object a "how many" question counts about: "... work the night shift", "... attended the
# webinar", "... van a la feria".
_OBJECT = re.compile(
    r"^(?P<verb>.*?)\b(?:the|a|an|our|their|your|this|that|its|el|la|los|las|un|una|su|sus|este|esta|al|del)"
    r"\s+(?P<object>[^?]+)"
)
# ... unless a verb of having or an auxiliary comes first: then it names who has them.
_HAS = re.compile(
    r"\b(?:do|does|did|will|would|can|could|should|have|has|had|own|owns|is|are|was|were"
    r"|tiene|tienen|tenia|tenian|tendra|tendran|hay|habia|son|es|fueron|era|eran)\b"
)


def _search(conversation: Conversation, plan: Plan, vectors: np.ndarray) -> _Search | None:
    qvec = embed_one(unnamed(conversation, plan))
    scores, direct = relevance(
        conversation, vectors, qvec, question_terms(conversation, plan), plan.speakers
    )
    affinity = topic_affinity(conversation, plan.text, qvec, vectors)
    if affinity is None and float(direct.max()) < MIN_DIRECT:
        return None  # on no sales topic, and nothing matches it
    if affinity is not None:
        scores = scores + TOPIC_WEIGHT * affinity
    scores = scores + SIDE_BONUS * side(conversation, plan.text)
    if plan.slot is Slot.NAME and _products(plan):
        scores = scores + RIVAL_BONUS * _names_column(conversation)
    named = {fold(e) for e in plan.entities if not is_subject(conversation, e, False)}
    specific = specific_terms(conversation, plan)
    scores = _asked_in_the_talk(conversation, plan, specific, scores)
    matched = float(direct.max())
    return _Search(conversation, plan, scores, qvec, specific, named, matched, affinity)


def _asked_in_the_talk(
    conversation: Conversation, plan: Plan, specific: set[str], scores: np.ndarray
) -> np.ndarray:
    """The reply to a question of the talk that asks what the user asks ("what about
    volunteers how many do you have" / "um about one eighty") is where the answer lies: it
    scores as the best line. Same type of value, and one of the question's own words or the
    thing counted."""
    if plan.slot is None or not len(scores):
        return scores
    lines = conversation.lines
    wanted = set(specific)
    if plan.counted:
        wanted |= {stem(w, conversation.language) for w in words(counted_head(plan.counted))}
    best = float(scores.max())
    out = scores.copy()
    for i in range(len(lines) - 1):
        folded = fold(lines[i].text)
        if "?" not in lines[i].text and not (
            _unpunctuated(conversation) and _SPOKEN_ASK.search(folded)
        ):
            continue
        slot, counted = slot_of(folded)
        if slot is not plan.slot:
            continue
        said = set(terms(lines[i].text, conversation.language)) | {
            stem(w, conversation.language) for w in words(counted)
        }
        if not wanted & said:
            continue
        j = i + 1
        if lines[j].speaker != lines[i].speaker:
            out[j] = max(float(out[j]), best)
    return out


def short_answer(conversation: Conversation, plan: Plan, vectors: np.ndarray) -> ChatAnswer:
    if missing_names(conversation, plan):
        return decline(conversation)
    search = _search(conversation, plan, vectors)
    if search is None:
        return decline(conversation)
    pool, pvecs = search.pool(KEEP_WITHIN)
    if plan.slot is None:
        return _open_answer(search, pool, pvecs)
    held = _holding(search, pool, pvecs)
    if max(held.values(), default=0.0) < 1.0 and plan.slot in _WIDENED:
        wide, wvecs = search.pool(KEEP_WIDER)
        found = {
            i: v
            for i, v in _holding(search, wide, wvecs).items()
            if search.price_only or search.specific & _line_terms(conversation, wide[i].line)
        }
        top = max(found.values(), default=0.0)
        if top > max(held.values(), default=0.0):
            # looked further for a value said outright: only those answer
            pool, pvecs, held = wide, wvecs, {i: v for i, v in found.items() if v == top}
    if max(held.values(), default=0.0) < 1.0 and plan.slot in _FIGURES | {Slot.COUNT}:
        # "How much is the migration fee?" where the fee is named in many lines without its
        # figure: any line saying all the question's words ("... plus a one-time data
        # migration fee of twenty-five hundred") may give it
        said = _saying_all(search)
        if said:
            spoken, svecs = said
            found = {i: v for i, v in _holding(search, spoken, svecs).items() if v == 1.0}
            if found:
                pool, pvecs, held = spoken, svecs, found
    if not held and plan.slot is Slot.DATE:
        # "When is the deep dive?": suggested in one line, its day settled a few lines on
        # ("How's next Thursday, the twenty-sixth?") in lines that do not name it again
        return _date_after_mention(search) or decline(conversation)
    if not held:
        return decline(conversation)
    if plan.slot is Slot.DATE:
        held = _precise_dates(search, pool, held)
    base = search.base(pool, pvecs)
    # A sentence holding a value is as good as the best sentence of its line that does not
    # ask ("Does it export to Gusto? Because that's our payroll.").
    line_best = {i: i for i in held}
    for i, c in enumerate(pool):
        for j in held:
            if pool[j].line == c.line and not c.text.endswith("?") and base[i] > base[line_best[j]]:
                line_best[j] = i
    best = max(held, key=lambda i: float(base[line_best[i]]) + VALUE_BONUS * held[i])
    picks = _exchange(search, pool, held, best)
    partner = pool[line_best[best]]
    if partner not in picks:
        picks.append(partner)
    return _written(conversation, picks)


# A date that names no day: "next week", "this month", "soon"; a weekday, a day of the month
# or a month names one.
_VAGUE_DATE = re.compile(
    r"^(?:(?:next|this|last|the) (?:week|month|quarter|year)|weeks?|quarter|semana|semanas|"
    r"trimestre|(?:la )?(?:semana|mes) que viene|(?:el )?proximo|(?:la )?proxima|que viene|"
    r"season|deadline|plazo|fecha|by then)$"
)


def _precise_dates(
    search: _Search, pool: list[Candidate], held: dict[int, float]
) -> dict[int, float]:
    """Among sentences holding a date, those that name a day ("Tuesday the fourteenth") over
    those that only place it ("a demo next week"), when both speak about the question."""
    conversation = search.conversation
    found = setting(conversation)
    precise = {}
    for i, v in held.items():
        c = pool[i]
        values = slot_values(search.plan, c.text, found, conversation.lines[c.line].text)
        if any(value and not _VAGUE_DATE.match(value) for value in values):
            precise[i] = v
    return precise or held


FOLLOW_LINES = 4  # lines after a mention in which its date may be settled


def _date_after_mention(search: _Search) -> ChatAnswer | None:
    """The first sentence holding a date in the ``FOLLOW_LINES`` lines after the best line
    that says every word the question is specific about, told with that mention."""
    conversation, plan, scores = search.conversation, search.plan, search.scores
    if not search.specific or not len(scores):
        return None
    best = float(scores.max())
    found = setting(conversation)
    lines = conversation.lines
    for anchor in np.argsort(-scores, kind="stable")[:MAX_LINES].tolist():
        if scores[anchor] < best - KEEP_WITHIN:
            break
        if not search.specific <= _line_terms(conversation, anchor):
            continue
        mention = [
            c
            for c in candidates(conversation, [anchor], 1)
            if search.specific & set(terms(c.text, conversation.language))
        ]
        for j in range(anchor + 1, min(anchor + 1 + FOLLOW_LINES, len(lines))):
            for c in candidates(conversation, [j], 1):
                values = slot_values(plan, c.text, found, lines[j].text)
                if values and any(values) and not search.about_another(c):
                    return _written(conversation, [*mention[:1], c])
    return None


def _open_answer(search: _Search, pool: list[Candidate], pvecs: np.ndarray) -> ChatAnswer:
    conversation = search.conversation
    if search.matched < MIN_OPEN and not search.on_topic:
        return decline(conversation)  # no slot to check: the question must match plainly
    keep = [
        i
        for i, c in enumerate(pool)
        if search.speaks_about(c, pvecs[i]) and not _asks_only_alike(search, c)
    ]
    if not keep:
        return decline(conversation)
    pool, pvecs = [pool[i] for i in keep], pvecs[keep]
    picks = [pool[i] for i in choose(pool, search.base(pool, pvecs), pvecs, OPEN_WORDS, 3)]
    if picks and all(c.text.endswith("?") for c in picks):
        # A question alone answers nothing: add what was said to it.
        last = max(c.line for c in picks)
        reply = candidates(conversation, range(last + 1, min(last + 2, len(conversation.lines))))
        picks += reply[:2]
    return _written(conversation, picks)


def _asks_only_alike(search: _Search, c: Candidate) -> bool:
    """A question of the talk that says none of the user's specific words ("Has that
    changed?" for "Did they ask about pricing for the renewal?"): a short question is close in
    meaning to any other, and what answers it is about something else."""
    if not c.text.endswith("?") or not search.specific:
        return False
    return not search.specific & context_terms(search.conversation, c.line, None)


def _saying_all(search: _Search) -> tuple[list[Candidate], np.ndarray] | None:
    """The sentences of the lines that say every one of the question's specific words (two
    at least), wherever they are."""
    conversation = search.conversation
    if len(search.specific) < 2:
        return None
    lines = [
        i for i in range(len(conversation.lines)) if search.specific <= _line_terms(conversation, i)
    ]
    pool = candidates(conversation, lines, 1)
    if not pool:
        return None
    return pool, embed([c.text for c in pool])


def _line_terms(conversation: Conversation, line: int) -> set[str]:
    """The terms of a line: a figure's sentence may leave what it measures to the sentence
    before ("Second, retention. ... Our policy is fourteen days.")."""
    return set(terms(conversation.lines[line].text, conversation.language))


def _names_column(conversation: Conversation) -> np.ndarray:
    """(lines,) 1 for lines that name a company or product (not a person or a place)."""
    found = setting(conversation)
    lines = conversation.lines
    return np.asarray(
        [
            any(
                kind == "thing"
                # (a reply may be only a name: "Is there a competitor?" "Ostrava.")
                for _, kind in names_in(line.text, found, set(), i > 0 and "?" in lines[i - 1].text)
            )
            for i, line in enumerate(lines)
        ],
        dtype=np.float32,
    )


# Speech recognition writes no "?": a line asks when it says a question word or a yes/no
# inversion ("y cuántos pacientes tienen más o menos", "do you use anything for dispatch").
_SPOKEN_ASK = re.compile(
    r"\b(?:how (?:many|much|long|often)|what|which|who|when|where|do you|are you|have you|"
    r"is it|cuant[oa]s?|que|cual\w*|quien\w*|cuando|donde|como)\b"
)


# A question passed on without its "?": "Lorna wants to know how long onboarding takes", "He
# asks whether it works offline", "Quiere saber cuánto cuesta": the next speaker answers it.
_RELAYED_ASK = re.compile(
    r"\b(?:wants? to know|would like to know|(?:is |was |were |am |are )?wondering|wonders?"
    r"|asks?|asked|asking|question is|quiere saber|queria saber|pregunta|preguntaba|pregunto)"
    r"\s+(?:[a-z]+\s+)?(?:if|whether|how|what|when|who|which|where|why|si|como|cuando|cuant[oa]s?"
    r"|que|quien|donde|por que)\b"
)


def _asks(conversation: Conversation, text: str) -> bool:
    """Whether a line asks: a "?", a question passed on, or (speech recognition writes no "?")
    a question word."""
    folded = fold(text)
    if "?" in text or _RELAYED_ASK.search(folded):
        return True
    return _unpunctuated(conversation) and bool(_SPOKEN_ASK.search(folded))


@per_conversation(16)
def _unpunctuated(conversation: Conversation) -> bool:
    return unpunctuated([line.text for line in conversation.lines])


def _answer_lines(conversation: Conversation, scores: np.ndarray, within: float) -> list[int]:
    """The lines within ``within`` of the best (at most ``MAX_LINES``), the replies to those
    that ask (up to two lines by others), and the lines their speakers go on with (a turn
    split into several cues)."""
    best = float(scores.max())
    lines = conversation.lines
    ranked: list[int] = []
    said: set[str] = set()
    for i in np.argsort(-scores, kind="stable")[: MAX_LINES * 4].tolist():
        if lines[i].text not in said:  # a line said again adds nothing
            said.add(lines[i].text)
            ranked.append(i)
        if len(ranked) == MAX_LINES:
            break
    chosen = [i for i in ranked if scores[i] >= best - within]
    for i in list(chosen):
        asks = _asks(conversation, lines[i].text)
        for j in (i + 1, i + 2):
            if j >= len(lines):
                break
            other = lines[j].speaker != lines[i].speaker
            if (asks and other) or (not asks and not other and j == i + 1):
                chosen.append(j)
            else:
                break
    return chosen


def _holding(search: _Search, pool: list[Candidate], pvecs: np.ndarray) -> dict[int, float]:
    """Candidates that hold a value of the type asked for while speaking about the question:
    1 for a value that is said, 0.5 for one that is only implied (someone speaking for
    themselves, to "who")."""
    conversation = search.conversation
    found = setting(conversation)
    out = {}
    for n, c in enumerate(pool):
        before = conversation.lines[c.line - 1].text if c.line > 0 else ""
        spoken = _unpunctuated(conversation) and bool(_SPOKEN_ASK.search(fold(before)))
        before = before if "?" in before or spoken else ""
        line = conversation.lines[c.line].text
        previous = conversation.lines[c.line - 1] if c.line > 0 else None
        same_turn = (
            previous.text
            if previous is not None and previous.speaker == conversation.lines[c.line].speaker
            else ""
        )
        values = slot_values(search.plan, c.text, found, line, before, same_turn)
        if (
            values
            and search.plan.slot in _FIGURES
            and figure_elsewhere(
                search.plan.text,
                search.named,
                c.text,
                conversation.lines[c.line - 1].text if c.line > 0 else "",
                search.plan.slot is Slot.MONEY,
                line,
                conversation.language == "es",
            )
        ):
            continue
        if not any(values) and slot_of(fold(c.text))[0] is search.plan.slot:
            continue  # "what's a keg cost you these days": asking the same is no answer
        if values and search.speaks_about(c, pvecs[n]) and not search.about_another(c):
            out[n] = 1.0 if any(values) else 0.5
            if search.plan.slot is Slot.DATE and all(_VAGUE_DATE.match(v) for v in values):
                out[n] = 0.5  # "next week": look further for the day itself
    return out


def _exchange(
    search: _Search, pool: list[Candidate], held: dict[int, float], best: int
) -> list[Candidate]:
    """The best sentence holding a value, with the sentences that hold one in the same
    exchange (the ``EXCHANGE_LINES`` lines either side, as relevant as the best within
    ``EXCHANGE_WITHIN`` or as close to it in meaning as ``EXCHANGE_SIMILAR``), nearest first,
    up to ``FACT_WORDS`` words."""
    conversation, plan, scores = search.conversation, search.plan, search.scores
    first = pool[best]
    picks = [first]
    if plan.slot not in _NUMERIC:
        same_line = [c for i, c in enumerate(pool) if i in held and i != best]
        return picks + [c for c in same_line if c.line == first.line][:1]
    lo, hi = max(0, first.line - EXCHANGE_LINES), first.line + EXCHANGE_LINES + 1
    around = candidates(conversation, range(lo, min(hi, len(conversation.lines))), 1)
    if not around:
        return picks
    found = setting(conversation)
    spent = first.words
    vectors = embed([first.text, *(c.text for c in around)])
    close = vectors[1:] @ vectors[0]
    order = sorted(range(len(around)), key=lambda k: (abs(around[k].line - first.line), k))
    for k in order:
        c = around[k]
        if c == first or c.text.endswith("?") or spent + c.words > FACT_WORDS:
            continue
        relevant = scores[c.line] >= scores[first.line] - EXCHANGE_WITHIN
        if not relevant and float(close[k]) < EXCHANGE_SIMILAR:
            continue
        if slot_values(plan, c.text, found, conversation.lines[c.line].text):
            picks.append(c)
            spent += c.words
    return picks


def _written(conversation: Conversation, picks: list[Candidate]) -> ChatAnswer:
    if not picks:
        return decline(conversation)
    lines = [c.line for c in picks]
    text = render(picks, conversation.language, conversation_names(conversation))
    first = picks[0] if len(picks) == 1 else None
    if first is not None and first.words <= SHORT_REPLY and first.line > 0:
        asked = conversation.lines[first.line - 1]
        if "?" in asked.text and asked.speaker != first.speaker:
            question = candidates(conversation, [asked.index], min_words=1)
            if question:
                said = reported(question[-1].text, asked.speaker, conversation.language)
                text = f"{said} {text}"
                lines.append(asked.index)
    return ChatAnswer(text, cite(conversation, lines))
