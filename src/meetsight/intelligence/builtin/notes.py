"""Smart-category notes: which transcript lines belong to which of the organization's categories.

Each line's vector (embedded once by the engine) is compared with every category's prototypes
(its description and examples, plus bilingual built-in examples for the eight default keys). For
the default keys, lexical cues in English and Spanish add to the similarity, since a price, a
competitor's name or "I'll send" says more than a 512-d cosine. A line gets the best category
when its score clears a threshold, so greetings and small talk get no note.

Priority rule: "high" for objections, competitors, and budget lines with an amount or a gap;
"low" for weak matches (no lexical cue and a similarity just over the threshold); else "medium".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from meetsight.intelligence.builtin.bounded_cache import LineBudgetCache
from meetsight.intelligence.builtin.category_cues import (
    COMPETITOR_VERB,
    CUES,
    EXTRA_EXAMPLES,
    QUESTION,
)
from meetsight.intelligence.builtin.competitors import find_competitors
from meetsight.intelligence.builtin.cues import (
    NUMBER,
    fold_word,
    is_common_word,
    person_names,
    proper_names,
)
from meetsight.intelligence.builtin.objections import find_objections
from meetsight.intelligence.builtin.prototypes import embed_texts
from meetsight.intelligence.builtin.text import fold, sentences
from meetsight.intelligence.conversation import CategorySpec, Conversation
from meetsight.intelligence.results import NoteDraft, Priority
from meetsight.intelligence.smart_categories import DEFAULT_CATEGORIES

THRESHOLD = 0.33  # best score a line needs for a note
WEAK_MARGIN = 0.08  # scores below THRESHOLD + WEAK_MARGIN without a cue are "low"
CUE_CAP = 0.45  # lexical cues add at most this much to a category's similarity
LONG_LINE = 160  # characters; longer turns of three sentences or more are cut to one

_STOP_TEXT = (
    "the a an you your our my their his her its to for of and or with by on in at this that "
    "these those it them us me some any all more "
    "el la los las un una unos unas le te os les lo nos me de del al a en con por para y o "
    "que su sus mi mis tu tus este esta ese esa"
)
_STOP = frozenset(_STOP_TEXT.split())


_LATIN = "ÁÉÍÓÚÜÑÀÈÌÒÙÇÄËÏÖÂÊÎÔÛÃÕáéíóúüñàèìòùçäëïöâêîôûãõ"
_FOLD_TABLE = str.maketrans(_LATIN, "aeiouunaeioucaeioaeiouao" * 2)


def _fold_aligned(text: str) -> str:
    """`fold`, one character per character, so match offsets index the original text. A
    translation table covers English and Spanish quickly; other text takes the slow path."""
    quick = text.translate(_FOLD_TABLE).lower()
    if len(quick) == len(text) and (quick.isascii() or all(ord(c) < 0x300 for c in quick)):
        return quick
    out = []
    for ch in text:
        f = fold(ch)
        out.append(f if len(f) == 1 else ch.lower()[:1] or ch)
    return "".join(out)


def _phrase(text: str, start: int, skip_leading_stop: bool) -> str:
    """Up to three words of ``text`` from ``start``, stopping at punctuation or a stop word."""
    picked: list[str] = []
    for m in re.finditer(r"[\w'\u2019-]+|[^\w\s'\u2019-]", text[start:]):
        token = m.group(0)
        if not re.match(r"[\w'\u2019-]", token):
            break
        if fold_word(token) in _STOP:
            if not picked and skip_leading_stop:
                continue
            if picked and fold_word(token) in {"por", "per", "de"} and len(picked) < 2:
                picked.append(token)
                continue
            break
        picked.append(token)
        if len(picked) == 3:
            break
    while picked and fold_word(picked[-1]) in {"por", "per", "de"}:
        picked.pop()
    return " ".join(picked)


_UNIT = re.compile(r"\s+(?:per|por|de|a|al)\s+[\w-]+")


def _cue_tag(sentence: str, m: re.Match[str]) -> str:
    """The cue's own words, with a unit when one follows: "precio por usuario", "per seat"."""
    tag = sentence[m.start() : m.end()].strip()
    unit = _UNIT.match(sentence, m.end())
    if unit is not None and len(tag.split()) == 1:
        candidate = f"{tag}{unit.group(0)}"
        if fold_word(candidate.split()[-1]) not in _STOP:
            tag = candidate
    return re.sub(r"\s+", " ", tag)


@dataclass(frozen=True, slots=True)
class _Sentence:
    text: str
    folded: str  # `_fold_aligned(text)`: offsets match the text's


def _sentence_score(
    s: _Sentence, key: str, external: bool, people: set[str], asks: bool = False
) -> float:
    """How strongly a sentence's words point at the default category ``key`` (0 for others)."""
    score = sum(cue.weight for cue in CUES.get(key, ()) if cue.pattern.search(s.folded))
    if key == "timeline" and any(c.pattern.search(s.folded) for c in CUES["next_steps"]):
        score /= 2  # a date inside a commitment is its deadline, not a timeline
    if key == "competitors":
        if COMPETITOR_VERB.search(s.folded) and _product_names(s.text, people):
            # Sellers name their own offers ("a trial for your Main Street office"), and a
            # customer asking about an integration names the tool to integrate with.
            score += 0.4 if external and not asks else 0.15
    elif key == "product_questions" and external and QUESTION.search(s.text):
        score += 0.12
    elif key == "budget_pricing" and not external and NUMBER.search(s.folded):
        score += 0.04  # a seller's figure is usually a price
    return min(score, CUE_CAP)


# Question words make poor tags when the sentence also names the thing asked about.
_WEAK_TAGS = frozenset({"how much", "cuanto", "cuesta", "cuestan", "does it", "can we", "can i"})


# An amount: up to three words ending in a currency or a large number word.
_AMOUNT = re.compile(
    r"(?<![\w'])(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|million|thousand|mil)?"
    r"|(?:[\w-]+\s+){0,2}(?:dollars|euros|pounds|bucks|€|\$))(?!\w)"
)
_ABBREVIATION = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Sr|Sra|Dra|St|Inc|Ltd|vs|etc)\.$")


def _sentences(text: str) -> list[str]:
    """`sentences`, without splitting after titles and abbreviations ("Dr. Kim")."""
    out: list[str] = []
    for part in sentences(text) or [text]:
        if out and _ABBREVIATION.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _sentence_tag(s: _Sentence, key: str, people: set[str]) -> str | None:
    if key == "competitors":
        names = _product_names(s.text, people)
        if names and COMPETITOR_VERB.search(s.folded):
            return names[0]
    if key == "budget_pricing" and (m := _AMOUNT.search(s.folded)) and NUMBER.search(m.group(0)):
        words = s.text[m.start() : m.end()].split()
        while words and fold_word(words[0]) in _STOP:
            words.pop(0)
        if words:
            return " ".join(words)
    for cue in CUES.get(key, ()):
        matches = list(cue.pattern.finditer(s.folded))
        if not matches:
            continue
        m = next((m for m in matches if m.group(0).strip() not in _WEAK_TAGS), matches[0])
        tag = _phrase(s.text, m.end(), True) if cue.tag_after else _cue_tag(s.text, m)
        if tag:
            return tag
    return None


_FULL_NAME = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Sr|Sra|Dra)\.?\s+$")


def _product_names(sentence: str, people: set[str]) -> list[str]:
    """Names that are not people: neither participants nor "First Last" pairs nor titled."""
    out = []
    for n in proper_names(sentence):
        if fold_word(n) in people:
            continue
        pair = re.search(
            rf"([A-ZÁÉÍÓÚÑ][\w-]+)\s+{re.escape(n)}\b|\b{re.escape(n)}\s+([A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)",
            sentence,
        )
        person = pair is not None and not is_common_word(pair.group(1) or pair.group(2))
        titled = _FULL_NAME.search(sentence[: max(0, sentence.find(n))])
        if not person and titled is None:
            out.append(n)
    return out


def _prototypes(categories: Sequence[CategorySpec]) -> tuple[np.ndarray, np.ndarray]:
    """All prototype vectors stacked, and the category index of each row."""
    blocks: list[np.ndarray] = []
    owners: list[int] = []
    for i, cat in enumerate(categories):
        texts = (cat.description, *cat.examples, *EXTRA_EXAMPLES.get(cat.key, ()))
        texts = tuple(t for t in texts if t.strip()) or (cat.name,)
        vecs = embed_texts(texts)
        blocks.append(vecs)
        owners.extend([i] * len(vecs))
    return np.vstack(blocks), np.asarray(owners)


def _similarities(vectors: np.ndarray, categories: Sequence[CategorySpec]) -> np.ndarray:
    """(lines, categories): mean of each category's two closest prototypes."""
    protos, owners = _prototypes(categories)
    sims = vectors @ protos.T
    out = np.empty((len(vectors), len(categories)), dtype=np.float32)
    for i in range(len(categories)):
        block = np.sort(sims[:, owners == i], axis=1)
        out[:, i] = block[:, -2:].mean(axis=1) if block.shape[1] > 1 else block[:, -1]
    return out


def _cue_bound(key: str) -> float:
    """The most a default key's cues can add, to skip categories that cannot win."""
    extra = {"competitors": 0.4, "product_questions": 0.12, "budget_pricing": 0.04}
    return min(CUE_CAP, sum(c.weight for c in CUES.get(key, ())) + extra.get(key, 0.0))


_BOUNDS = {key: _cue_bound(key) for key in CUES}
# Stand-ins that carry only a key, for scoring one default category's cues alone.
_KEY_ONLY = {key: CategorySpec(id=key, key=key, name=key, description="") for key in CUES}


def _line_scores(
    text: str,
    sims: np.ndarray,
    categories: Sequence[CategorySpec],
    external: bool,
    people: set[str],
    only_best: bool = False,
) -> list[tuple[float, _Sentence | None]]:
    """Per category: similarity plus the best sentence's cues, and that sentence when it cued.
    With ``only_best``, categories that cannot beat the best so far keep their bare similarity
    (they cannot win), which saves most of the regex work."""
    parts = [_Sentence(t, _fold_aligned(t)) for t in _sentences(text)]
    asks = external and any(
        QUESTION.search(p.text) and _sentence_score(p, "product_questions", True, people)
        for p in parts
    )
    out: list[tuple[float, _Sentence | None]] = [(float(v), None) for v in sims]
    best = -np.inf
    for c in np.argsort(-sims):
        key = categories[c].key
        if key not in CUES or (only_best and sims[c] + _BOUNDS[key] <= best):
            best = max(best, float(sims[c]))
            continue
        scored = [(_sentence_score(p, key, external, people, asks), p) for p in parts]
        score, top = max(scored, key=lambda x: x[0])
        out[c] = (float(sims[c]) + score, top if score > 0 else None)
        best = max(best, out[c][0])
    return out


def _people(conversation: Conversation) -> set[str]:
    names = {s.name for s in conversation.speakers} | {line.speaker for line in conversation.lines}
    return person_names(names)


_CUE_COLUMNS: LineBudgetCache[np.ndarray] = LineBudgetCache(64)


def _cue_column(conversation: Conversation, key: str) -> np.ndarray:
    """(lines,) what ``key``'s cues add to each line; cached, as chat asks it question after
    question about the same conversation (conversations are frozen, so they hash by value)."""
    found = _CUE_COLUMNS.get((conversation, key))
    if found is None:
        found = _cue_scores(conversation, key)
        _CUE_COLUMNS.put((conversation, key), found, len(conversation.lines))
    return found


def _cue_scores(conversation: Conversation, key: str) -> np.ndarray:
    people = _people(conversation)
    zero = np.zeros(1, dtype=np.float32)
    out = [
        _line_scores(
            line.text, zero, [_KEY_ONLY[key]], not conversation.is_internal(line.speaker), people
        )[0][0]
        for line in conversation.lines
    ]
    column = np.asarray(out, dtype=np.float32)
    column.setflags(write=False)
    return column


def category_scores(
    conversation: Conversation, categories: Sequence[CategorySpec], vectors: np.ndarray
) -> np.ndarray:
    """(lines, categories): how well each line fits each category (similarity plus cues)."""
    if not categories or not conversation.lines:
        return np.zeros((len(conversation.lines), len(categories)), dtype=np.float32)
    sims = _similarities(vectors, categories)
    for c, cat in enumerate(categories):
        if cat.key in _KEY_ONLY:
            sims[:, c] += _cue_column(conversation, cat.key)
    return sims


def text_category(
    text: str, vector: np.ndarray, categories: Sequence[CategorySpec]
) -> tuple[int, float] | None:
    """The category a single text (a question) is about, with its score, when one clears the
    note threshold."""
    if not categories:
        return None
    sims = _similarities(vector[None, :], categories)[0]
    scores = [score for score, _ in _line_scores(text, sims, categories, True, set())]
    best = int(np.argmax(scores))
    return (best, scores[best]) if scores[best] >= THRESHOLD else None


Filed = dict[int, tuple[str, str, str]]  # line -> (category key, content, tag)


def _detected(
    conversation: Conversation, categories: Sequence[CategorySpec], vectors: np.ndarray
) -> tuple[Filed, Filed, Filed]:
    """Lines the learned detectors file, by line: (category key, content, tag). First the
    lines that hold each competitor's best mention, then objections, then a competitor's other
    mentions (so every competitor keeps a note even when its line is also an objection). A
    line holding both a competitor's best mention and an objection ("Spectrum keeps calling me
    with an offer and I'm this close to taking it") is filed under both: the third map."""
    keys = {c.key for c in categories}
    first: Filed = {}
    later: Filed = {}
    both: Filed = {}
    if "competitors" in keys:
        for comp in find_competitors(conversation):
            for i, mention in enumerate(comp.mentions):
                target = first if i == 0 else later
                target.setdefault(mention.line, ("competitors", mention.sentence, comp.name))
    if "objections" in keys:
        for obj in find_objections(conversation, vectors):
            target = both if obj.line in first else first
            target[obj.line] = ("objections", obj.text, obj.kind)
    return first, later, both


def _competitor_cue(text: str) -> bool:
    """Words that speak of rivals without naming one ("other vendors", "la competencia")."""
    folded = _fold_aligned(text)
    return any(cue.pattern.search(folded) for cue in CUES["competitors"])


def classify_notes(
    conversation: Conversation, categories: Sequence[CategorySpec], vectors: np.ndarray
) -> list[NoteDraft]:
    """One note per line that fits a category (one category per line, but for a line that is
    both an objection and a competitor's best mention: see :func:`_detected`). Objections and
    named competitors come from their learned detectors (builtin/objections.py,
    builtin/competitors.py); similarity alone files no line under them, apart from a line
    that speaks of rivals in general."""
    if not categories or not conversation.lines:
        return []
    sims = _similarities(vectors, categories)
    people = _people(conversation)
    first, later, both = _detected(conversation, categories, vectors)
    learned = {"objections", "competitors"}
    notes: list[NoteDraft] = []
    for row, line in enumerate(conversation.lines):
        hits = [h for h in (first.get(row) or later.get(row), both.get(row)) if h is not None]
        for found_key, quote, label in hits:
            long = len(line.text) > LONG_LINE and len(_sentences(line.text)) > 2
            notes.append(
                NoteDraft(
                    category_key=found_key,
                    content=quote if long or found_key == "objections" else line.text,
                    tag=label or _fallback_tag(quote, people),
                    priority="high",
                    start=line.start,
                    end=line.end,
                    line=line.index,
                )
            )
        if hits:
            continue
        external = not conversation.is_internal(line.speaker)
        scored = _line_scores(line.text, sims[row], categories, external, people, only_best=True)
        allowed = [
            i
            for i, cat in enumerate(categories)
            if cat.key not in learned or (cat.key == "competitors" and _competitor_cue(line.text))
        ]
        if not allowed:
            continue
        c = max(allowed, key=lambda i: scored[i][0])
        score, cue = scored[c]
        if score < THRESHOLD:
            continue
        key = categories[c].key
        # Long turns are cut to the sentence that carries the cue.
        long = len(line.text) > LONG_LINE and len(_sentences(line.text)) > 2
        content = cue.text if cue is not None and long else line.text
        tag = _sentence_tag(cue, key, people) if cue is not None else None
        tag = tag or _fallback_tag(content, people)
        notes.append(
            NoteDraft(
                category_key=key,
                content=content,
                tag=tag,
                priority=_priority(key, content, score, cue is not None),
                start=line.start,
                end=line.end,
                line=line.index,
            )
        )
    return notes


DEFAULT_SPECS: tuple[CategorySpec, ...] = tuple(
    CategorySpec(id=key, key=key, name=name, description=description, examples=examples)
    for key, name, description, examples in (
        (c["key"], c["name"], c["description"], tuple(c["examples"])) for c in DEFAULT_CATEGORIES
    )
)


_GAP = re.compile(
    r"\b(?:more than|above|over|gap|flat|increase|too (?:much|expensive)|mas de|subida|sube"
    r"|por encima)\b"
)


def _priority(key: str, content: str, score: float, has_cue: bool) -> Priority:
    folded = _fold_aligned(content)
    if key in {"objections", "competitors"}:
        return "high"
    if key == "budget_pricing" and (NUMBER.search(folded) or _GAP.search(folded)):
        return "high"
    if not has_cue and score < THRESHOLD + WEAK_MARGIN:
        return "low"
    return "medium"


def _fallback_tag(content: str, people: set[str]) -> str | None:
    """A name when there is one, else the longest run of content words (at most three):
    runs stop at punctuation, function words and discourse words ("Pues", "Honestly")."""
    names = _product_names(content, people)
    if names:
        return names[0]
    runs: list[list[str]] = [[]]
    for token in re.findall(r"[\w'\u2019-]+|[^\w\s]", content):
        key = fold_word(token)
        if not re.match(r"\w", token) or key in _STOP or is_common_word(token) or len(key) < 3:
            runs.append([])
        else:
            runs[-1].append(token)
    best = max(runs, key=lambda run: sum(len(w) for w in run[:3]))
    return " ".join(best[:3]) or None
