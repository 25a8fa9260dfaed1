"""What a question is about in one conversation: its words, the names in it that are the
conversation's own subject, the names it uses that the conversation never says, and whether
a sentence speaks about what is asked.

* Subject names: a name of the question that is in the conversation's title, is a speaker's,
  is said in its first three lines (where callers say who they are with) or in at least four
  lines and one in six ("Meridian" in a call with Meridian). They weigh
  ``SUBJECT_NAME_WEIGHT`` of the question's other words, and the question is embedded
  without them, so that "Where is Ridgeline opening its new plant?" looks for the plant, not
  for every line that says Ridgeline.
* Missing names: a name of the question that neither the conversation nor its title says (a
  word of five letters or more may match another by its first five: "Acme" / "Acme's").
* About: a sentence speaks about the question when its line, or one of the two lines before
  it (the question it answers, the context of that question), says one of the question's
  specific words (not a subject name, not a unit of time, not "much" or "many"), or when its
  cosine to the question reaches ``ABOUT_COSINE``. "It would be twelve dollars per driver" does
  not answer "How much do they pay for their cyber insurance?", though it holds an amount.
"""

from __future__ import annotations

import re

import numpy as np

from meetsight.intelligence.builtin.bounded_cache import per_conversation
from meetsight.intelligence.builtin.chat_passages import line_index, query_terms, terms
from meetsight.intelligence.builtin.chat_question import Plan
from meetsight.intelligence.builtin.cleanup import clean_sentences
from meetsight.intelligence.builtin.text import fold, words
from meetsight.intelligence.conversation import Conversation

SUBJECT_NAME_WEIGHT = 0.3
SUBJECT_LINES = 4
OPENING_LINES = 3
FOLLOWED_WEIGHT = 0.3
ABOUT_COSINE = 0.25
LOOK_BACK = 2  # lines before a sentence that may hold what it answers

# An opening line says who the conversation is with when it introduces someone ("Thanks for
# calling Staffly", "Piotr runs IT at Ostrander Freight", "le habla Marta de Frutas Soler"); a
# name said otherwise there is only the first thing on the agenda ("Zainab, start with Northgate").
_INTRODUCES = re.compile(
    r"\b(?:this is|calling|from|at|here|welcome|joining|represent\w*|on behalf of|habla|llamo|"
    r"de parte de|desde|bienvenid\w*|soy|somos|"
    # a phone greeting: "Denta Flow, buenas tardes, le atiende Mariana", "Acme, good morning"
    r"atiende|speaking|good (?:morning|afternoon|evening)|buen(?:os|as) (?:dias|tardes|noches))\b"
)
_GENERIC_WORDS = """year years month months week weeks day days hour hours minute minutes time
times per much many number amount ano anos mes meses semana semanas dia dias hora horas vez
percent percentage percentages porcentaje porcentajes"""
_GENERIC = frozenset(terms(_GENERIC_WORDS)) | frozenset(terms(_GENERIC_WORDS, "es"))


def subject_terms(conversation: Conversation, plan: Plan) -> set[str]:
    """Terms of the question's names that are the conversation's own subject."""
    language = conversation.language
    out = {t for s in conversation.speakers for t in terms(s.name, language)}
    for entity in plan.entities:
        if is_subject(conversation, entity):
            out.update(terms(entity, language))
    return out


def is_subject(conversation: Conversation, name: str, said_often: bool = True) -> bool:
    """Whether a name is the conversation's own subject: in its title, a speaker's, said in its
    first ``OPENING_LINES`` lines in a line that introduces someone ("Thanks for calling
    Staffly, this is Marcus": who the call is with; not "Zainab, start with Northgate"), or
    said (as a whole word, not a stem: "ShiftNest" is not "shifts") in at least
    ``SUBJECT_LINES`` lines and one line in six."""
    key = fold(name)
    words_of = _line_words(conversation)
    if key in set(words(conversation.title)) or any(
        key in words(s.name) for s in conversation.speakers
    ):
        return True
    for line in conversation.lines[:OPENING_LINES]:
        # (an acronym, "the ISO letter", is a standard or a category, not a party on the agenda)
        acronym = name.isupper() and len(name) <= 4
        if key in words(line.text) and (acronym or _INTRODUCES.search(fold(line.text))):
            return True
    if not said_often:
        return False
    said = sum(1 for line in words_of if key in line)
    return said >= max(SUBJECT_LINES, len(words_of) // 6)


@per_conversation(16)
def _line_words(conversation: Conversation) -> tuple[frozenset[str], ...]:
    return tuple(frozenset(words(line.text)) for line in conversation.lines)


# "What happened in Vitoria?", "¿Qué pasó con el pedido?": the verb asks about an event, it
# names nothing ("te paso los datos" does not answer it).
_ASKS_EVENT = re.compile(
    r"\b(?:what|que)\s+(?:(?:has|had|have)\s+)?(?:happen\w*|went wrong|go(?:es)? wrong|"
    r"is going on|was going on|pas[oa]|paso|ha pasado|habia pasado|ocurri\w*|ocurre|"
    r"sucedi\w*|sucede)\b"
)
_EVENT_WORDS = "happen happened happens happening went wrong going"
_EVENT_WORDS_ES = "paso pasa pasado ocurrio ocurre ocurrido sucedio sucede sucedido"


def _asking_terms(text: str, language: str) -> set[str]:
    """The terms of a question's asking verb: "happened" of "What happened in X?"."""
    if not _ASKS_EVENT.search(fold(text)):
        return set()
    return set(terms(_EVENT_WORDS, language)) | set(terms(_EVENT_WORDS_ES, language))


def question_terms(conversation: Conversation, plan: Plan) -> dict[str, float]:
    """The question's terms and their weights: subject names ``SUBJECT_NAME_WEIGHT``; in a
    follow-up, the words of the question it follows ``FOLLOWED_WEIGHT``."""
    language = conversation.language
    wanted = query_terms(plan.text, language)
    for t in _asking_terms(plan.text, language):
        wanted.pop(t, None)
    subject = subject_terms(conversation, plan)
    own = set(terms(plan.lead, language)) if plan.lead else set(wanted)
    return {
        t: SUBJECT_NAME_WEIGHT if t in subject else (w if t in own else FOLLOWED_WEIGHT * w)
        for t, w in wanted.items()
    }


def specific_terms(conversation: Conversation, plan: Plan) -> set[str]:
    return (
        set(query_terms(plan.text, conversation.language))
        - subject_terms(conversation, plan)
        - _GENERIC
        - _asking_terms(plan.text, conversation.language)
    )


def unnamed(conversation: Conversation, plan: Plan) -> str:
    """The question without its subject names."""
    subject = subject_terms(conversation, plan)
    kept = [w for w in plan.text.split() if not (set(terms(w, conversation.language)) & subject)]
    return " ".join(kept) or plan.text


@per_conversation(16)
def _vocabulary(conversation: Conversation) -> frozenset[str]:
    texts = [conversation.title, *(line.text for line in conversation.lines)]
    return frozenset(w for text in texts for w in words(spelled_out(text)))


_SPELLED = re.compile(r"\b[A-Za-z](?: [A-Za-z]\b){1,5}")


def spelled_out(text: str) -> str:
    """``text`` with letters said one by one joined as the acronym they spell (speech
    recognition writes "the t t b report" for the TTB report), kept as said too."""
    joined = [m.group(0).replace(" ", "") for m in _SPELLED.finditer(text)]
    return f"{text} {' '.join(joined)}" if joined else text


def missing_names(conversation: Conversation, plan: Plan) -> bool:
    """Whether the question names something the conversation never mentions."""
    vocabulary = _vocabulary(conversation)
    speakers = {w for s in conversation.speakers for w in words(s.name)}
    for entity in plan.entities:
        key = fold(entity)
        if key in speakers or key in vocabulary:
            continue
        if len(key) >= 5 and any(v.startswith(key[:5]) for v in vocabulary if len(v) >= 5):
            continue
        return True
    return False


def exchange_lines(conversation: Conversation, line: int) -> list[int]:
    """The lines before ``line`` that belong to its exchange: the speaker's cue just before
    (a turn the transcript cut in two) and the line the turn replies to (another speaker's,
    with that speaker's cue before it when it asks), at most ``LOOK_BACK`` of them. A reply
    that asks nothing ("That hasn't been decided.") closes the exchange: what was said before
    it is another topic's."""
    lines = conversation.lines
    out: list[int] = []
    i = line - 1
    if i >= 0 and lines[i].speaker == lines[line].speaker:
        out.append(i)
        i -= 1
    if i >= 0 and lines[i].speaker != lines[line].speaker:
        out.append(i)  # what the turn replies to
        if i > 0 and lines[i - 1].speaker == lines[i].speaker and _asks(conversation, i):
            out.append(i - 1)  # the context of the question it answers
    return out[:LOOK_BACK]


_SPOKEN_ASK = re.compile(
    r"\b(?:how|what|which|who|when|where|why|do you|are you|have you|is it|is there|can you|"
    r"could you|cuant[oa]s?|que|cual\w*|quien\w*|cuando|donde|como|por que)\b"
)


def _asks(conversation: Conversation, line: int) -> bool:
    text = conversation.lines[line].text
    if "?" in text:
        return True
    return not _writes_question_marks(conversation) and bool(_SPOKEN_ASK.search(fold(text)))


@per_conversation(16)
def _writes_question_marks(conversation: Conversation) -> bool:
    return any("?" in line.text for line in conversation.lines)


def context_terms(conversation: Conversation, line: int, position: int | None) -> set[str]:
    """The terms a sentence is said with: the sentence and the one before it in its turn
    (``position`` is its place among its line's cleaned sentences; None: the whole line), and
    the lines of its exchange (:func:`exchange_lines`); a same-speaker cue before only with its
    last sentence."""
    bags = line_index(conversation).bags
    language = conversation.language
    if position is None:
        own = set(bags[line])
    else:
        said = clean_sentences(conversation.lines[line].text, language)
        own = {t for s in said[max(0, position - 1) : position + 1] for t in terms(s, language)}
    before = exchange_lines(conversation, line)
    for i in before:
        if (
            position not in (None, 0)
            and conversation.lines[i].speaker == conversation.lines[line].speaker
        ):
            continue  # the sentence before it is in its own line
        if conversation.lines[i].speaker == conversation.lines[line].speaker and position == 0:
            said = clean_sentences(conversation.lines[i].text, language)
            own.update(terms(said[-1], language) if said else ())
        else:
            own.update(bags[i])
    return own


def about(
    conversation: Conversation,
    line: int,
    specific: set[str],
    sentence_vector: np.ndarray,
    question_vector: np.ndarray,
    position: int | None = None,
    cosine: float = ABOUT_COSINE,
) -> bool:
    """Whether a sentence of ``line`` (the ``position``-th) speaks about what the question
    asks: its context (:func:`context_terms`) says one of the question's specific words, or
    its cosine to the question reaches ``cosine``."""
    if specific & context_terms(conversation, line, position):
        return True
    return float(sentence_vector @ question_vector) >= cosine
