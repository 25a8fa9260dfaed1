"""Call insights: the call summary's ``insights`` object (camelCase keys), built from the
transcript, the notes, the next steps and the talk analytics.

Keys and rules:

``sentiment``
    ``{"label", "score", "positive", "negative"}``: lexicon hits (English and Spanish, a negator
    among the two words before flips a hit) over the customer's lines (every line when nobody
    is marked internal), leaving out the lines noted as pain points: describing today's
    problems is what a good discovery brings out, not a sign the call went badly.
    ``score = (positive - negative) / (positive + negative + 2)``, rounded to 0.01;
    ``label`` positive from 0.15, negative up to -0.15, else neutral.
``objections``
    One ``{"text", "speaker", "start", "line"}`` per note of the ``objections`` category.
``competitors``
    Names found in the lines of ``competitors`` notes (and the notes' text): capitalised words
    and runs of them that are not stopwords, calendar words, generic acronyms (CFO, ERP...),
    participants' names or words of the conversation's title (the two parties). A word at a
    sentence start counts only when it has inner capitals, is capitalised mid-sentence
    somewhere else in the conversation, or looks like no ordinary word (five letters or more,
    none of the common English/Spanish verb, adverb or plural endings).
``pricingDiscussed`` / ``pricingAmounts``
    True when a ``budget_pricing`` note exists or any money amount was said; the amounts
    (``{"text", "value", "currency", "percent", "speaker", "line"}``) in reading order.
``questionsAsked``
    ``{"total", "seller", "customer"}`` from the analytics' questions per speaker.
``talkListenRatio``
    The seller side's share of speaking time (analytics), or null.
``longestCustomerStory``
    ``{"speaker", "start", "end", "duration"}`` (analytics), or null.
``nextStepsAgreed``
    ``{"count", "withDate"}``: a next step has a date when it has a resolved day or a said
    deadline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from meetsight.intelligence.analytics import TalkAnalytics
from meetsight.intelligence.builtin.amounts import find_amounts
from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.keyphrases import GENERIC_WORDS
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.talk_cues import lang, sentiment_hits
from meetsight.intelligence.conversation import Conversation
from meetsight.intelligence.results import NextStep, NoteDraft

POSITIVE_FROM = 0.15
_GENERIC_CAPS = wordset(
    """i cfo ceo cto coo cio cmo cro vp it ti erp crm api roi pms sso sms kpi sla hr rrhh qa ai ia
    pdf eu ue usa uk saas ok dr mr mrs ms sr sra don dona january february march april may june
    july august september october november december enero febrero marzo abril mayo junio julio
    agosto septiembre octubre noviembre diciembre q1 q2 q3 q4 hi hola"""
)
_WORD_ENDINGS = (
    "s", "ed", "ing", "ly", "mente", "ado", "ada", "ido", "ida", "aba", "ia", "ar", "er", "ir",
    "o", "e", "an", "en", "amos", "emos", "imos", "aron", "ieron", "ion", "tion",
)  # fmt: skip
_CAP_WORD = re.compile(r"[^\W\d_][\w&'\u2019.-]*\w|[^\W\d_]", re.UNICODE)
_SENTENCE_OPENERS = frozenset('.!?¿¡:;…"“(')


def _starts_sentence(text: str, pos: int) -> bool:
    """Whether the word at ``pos`` opens a sentence (only spaces back to a stop or the start)."""
    j = pos - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j < 0 or text[j] in _SENTENCE_OPENERS


def _speaker(conversation: Conversation, index: int) -> str:
    lines = conversation.lines
    return lines[index].speaker if 0 <= index < len(lines) else ""


def sentiment(conversation: Conversation, notes: Sequence[NoteDraft]) -> dict[str, Any]:
    pains = {n.line for n in notes if n.category_key == "pain_points"}
    customer = [
        ln
        for ln in conversation.lines
        if not conversation.is_internal(ln.speaker) and ln.index not in pains
    ]
    if not conversation.internal_names:
        customer = [ln for ln in conversation.lines if ln.index not in pains]
    pos = neg = 0
    for ln in customer:
        p, n = sentiment_hits(ln.text)
        pos, neg = pos + p, neg + n
    score = round((pos - neg) / (pos + neg + 2), 2)
    label = (
        "positive"
        if score >= POSITIVE_FROM
        else "negative"
        if score <= -POSITIVE_FROM
        else "neutral"
    )
    return {"label": label, "score": score, "positive": pos, "negative": neg}


def _mid_sentence_caps(conversation: Conversation) -> set[str]:
    """Folded words written capitalised somewhere other than a sentence start."""
    found: set[str] = set()
    for ln in conversation.lines:
        for m in _CAP_WORD.finditer(ln.text):
            if m.group()[0].isupper() and not _starts_sentence(ln.text, m.start()):
                found.add(fold(m.group()))
    return found


def _brand_like(key: str) -> bool:
    """A sentence-initial word that is probably not an ordinary word: long, and without the
    endings of English and Spanish verbs, adverbs and plurals ("Signaturit", not "Usamos")."""
    return len(key) >= 5 and not key.endswith(_WORD_ENDINGS)


def find_names(text: str, excluded: set[str], mid_caps: set[str]) -> list[str]:
    """Product and company names in ``text``: runs of capitalised words (see module doc)."""
    names: list[str] = []
    run: list[str] = []
    last_end = -1
    for m in _CAP_WORD.finditer(text):
        word = re.sub(r"['\u2019]s$", "", m.group().rstrip("."))
        key = fold(word)
        initial = _starts_sentence(text, m.start())
        inner_caps = any(c.isupper() for c in word[1:]) and not word.isupper()
        ok = (
            word[0].isupper()
            and key not in BOTH
            and key not in GENERIC_WORDS
            and key not in _GENERIC_CAPS
            and key not in excluded
            and (not initial or inner_caps or key in mid_caps or _brand_like(key))
        )
        glued = run and text[last_end : m.start()].strip() == ""
        if ok and (glued or not run):
            run.append(word)
        else:
            if run:
                names.append(" ".join(run))
            run = [word] if ok else []
        last_end = m.end()
    if run:
        names.append(" ".join(run))
    return names


def competitors(conversation: Conversation, notes: Sequence[NoteDraft]) -> list[str]:
    excluded = {w for s in conversation.speakers for w in words(s.name)}
    excluded |= {w for ln in conversation.lines for w in words(ln.speaker)}
    excluded |= set(words(conversation.title))
    mid_caps = _mid_sentence_caps(conversation)
    found: dict[str, str] = {}
    for note in notes:
        if note.category_key != "competitors":
            continue
        texts = [note.content]
        if 0 <= note.line < len(conversation.lines):
            texts.insert(0, conversation.lines[note.line].text)
        for text in texts:
            for name in find_names(text, excluded, mid_caps):
                found.setdefault(fold(name), name)
    return list(found.values())


def pricing(conversation: Conversation, notes: Sequence[NoteDraft]) -> tuple[bool, list[dict]]:
    amounts: list[dict[str, Any]] = []
    for ln in conversation.lines:
        for a in find_amounts(ln.text):
            amounts.append(
                {
                    "text": a.text,
                    "value": a.value,
                    "currency": a.currency,
                    "percent": a.percent,
                    "speaker": ln.speaker,
                    "line": ln.index,
                }
            )
    noted = any(n.category_key == "budget_pricing" for n in notes)
    return noted or bool(amounts), amounts


def build_insights(
    conversation: Conversation,
    notes: Sequence[NoteDraft],
    next_steps: Sequence[NextStep],
    analytics: TalkAnalytics,
) -> dict[str, Any]:
    """The insights object; see the module docstring for every key."""
    internal = conversation.internal_names
    seller_q = sum(q.count for q in analytics.questions_by_speaker if q.speaker_label in internal)
    discussed, amounts = pricing(conversation, notes)
    story = analytics.longest_customer_story
    return {
        "language": lang(conversation.language),
        "sentiment": sentiment(conversation, notes),
        "objections": [
            {
                "text": n.content,
                "speaker": _speaker(conversation, n.line),
                "start": n.start,
                "line": n.line,
            }
            for n in notes
            if n.category_key == "objections"
        ],
        "competitors": competitors(conversation, notes),
        "pricingDiscussed": discussed,
        "pricingAmounts": amounts,
        "questionsAsked": {
            "total": analytics.question_count,
            "seller": seller_q,
            "customer": analytics.question_count - seller_q,
        },
        "talkListenRatio": analytics.talk_listen_ratio,
        "longestCustomerStory": None
        if story is None
        else {
            "speaker": story.speaker_label,
            "start": story.start_time,
            "end": story.end_time,
            "duration": story.duration,
        },
        "nextStepsAgreed": {
            "count": len(next_steps),
            "withDate": sum(1 for s in next_steps if s.due is not None or s.deadline),
        },
    }
