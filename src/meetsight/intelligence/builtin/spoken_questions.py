"""Questions in speech written without punctuation (ASR output: lowercase, no "?"), found by
what the words say rather than by a question mark.

A turn is cut into clauses where a new one may start: the turn's first word, a question word
("what", "cómo"), an auxiliary before a pronoun ("do you", "is it": the inversion of a yes/no
question, unless it follows a question word closely, as in "what are you using"), and the word
after a discourse marker ("okay", "so", "y", "bueno"). The `question` head (embedding + word
n-grams, trained on clauses cut the same way from punctuated turns, `tools/heads/
question_corpus.py`) says which clauses open a question; the count of a speaker's questions is
the count of those clauses, as `analytics.count_questions` counts "?" in punctuated text.

`unpunctuated` tells which transcripts need this: punctuated ones keep the exact rules.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from functools import lru_cache

from meetsight.embedder import embed
from meetsight.intelligence.analytics import SpeakerQuestions, TalkAnalytics
from meetsight.intelligence.builtin.heads.model import load_head

QUESTION_THRESHOLD = 0.6  # chosen on the development set's per-speaker error
MAX_CLAUSE_WORDS = 14
# Below this share of turns with a sentence mark, a transcript is taken as unpunctuated.
_PUNCTUATED_SHARE = 0.15
_MARKS = re.compile("[.?!¿¡…\u3002\uff1f\uff01]")  # the ideographic ones too
_WORD = re.compile(r"[\w']+", re.UNICODE)


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


_QUESTION_WORDS = _word_set(
    "what what's whats how how's hows who who's whose whom when where where's why which "
    "qué cuál cuáles cuánto cuánta cuántos cuántas cuándo dónde cómo quién quiénes"
)
_AUXILIARIES = _word_set(
    "do does did don't doesn't didn't is isn't are aren't was were can can't could couldn't "
    "would wouldn't will won't should shall have has haven't hasn't may might"
)
_PRONOUNS = _word_set("you we i it they he she that there this y'all anyone anybody your")
_MARKERS = _word_set(
    "okay ok so alright yeah great perfect cool awesome gotcha sure um uh oh and but also "
    "y entonces bueno vale perfecto claro pues oye mira este pero también"
)
# Conjunctions join phrases inside a clause ("flour and all the dry goods") far more often
# than they start one: they cut only before a subject or a question ("and we", "and do you").
_CONJUNCTIONS = _word_set("and but also y pero también")
_SUBJECTS = _PRONOUNS | _word_set("i'm we're you're it's that's there's yo nosotros ustedes usted")
_INVERSION_REACH = 3  # "what are you", "how many users do you": the auxiliary belongs to it


def unpunctuated(texts: Sequence[str]) -> bool:
    """Whether a transcript's turns lack sentence marks (at least 5 turns to judge)."""
    turns = [t for t in texts if t.strip()]
    if len(turns) < 5:
        return False
    marked = sum(1 for t in turns if _MARKS.search(t))
    return marked / len(turns) < _PUNCTUATED_SHARE


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def clause_starts(ws: Sequence[str]) -> list[int]:
    """Word indexes where a clause may start (always 0 for a non-empty turn)."""
    starts = {0} if ws else set()
    last_question_word = -100
    for i, w in enumerate(ws):
        if w in _QUESTION_WORDS:
            if i - last_question_word > 1:  # "how many", "qué tal": one opening
                starts.add(i)
            last_question_word = i
        elif (
            w in _AUXILIARIES
            and i + 1 < len(ws)
            and ws[i + 1] in _PRONOUNS
            and i - last_question_word > _INVERSION_REACH
        ):
            starts.add(i)
        if w in _MARKERS and i not in starts and i + 1 < len(ws) and ws[i + 1] not in _MARKERS:
            after = ws[i + 1]
            opens = after in _SUBJECTS or after in _QUESTION_WORDS or after in _AUXILIARIES
            if w not in _CONJUNCTIONS or opens:
                starts.add(i + 1)
    # A clause of markers alone ("so", "okay so") joins the clause after it.
    ordered = sorted(starts)
    kept: list[int] = []
    for start in ordered:
        if kept and all(w in _MARKERS for w in ws[kept[-1] : start]):
            continue
        kept.append(start)
    return kept


def clauses(ws: Sequence[str]) -> list[tuple[int, str]]:
    """(start index, text) of each clause, at most MAX_CLAUSE_WORDS words long."""
    starts = clause_starts(ws)
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(ws)
        out.append((start, " ".join(ws[start : min(end, start + MAX_CLAUSE_WORDS)])))
    return out


def count_spoken_questions(turns: Sequence[tuple[str, str]]) -> dict[str, int]:
    """Questions per speaker in unpunctuated (speaker, text) turns, in order of first turn."""
    return dict(_counted(tuple(turns)))


@lru_cache(maxsize=4)  # the engine's analytics and the stored row ask for the same transcript
def _counted(turns: tuple[tuple[str, str], ...]) -> tuple[tuple[str, int], ...]:
    per_turn = [
        (speaker, [text for _, text in clauses(words(content))]) for speaker, content in turns
    ]
    texts = list(dict.fromkeys(t for _, cs in per_turn for t in cs))
    counts: dict[str, int] = {speaker: 0 for speaker, _ in turns}
    if not texts:
        return tuple(counts.items())
    head = load_head("question")
    probability = dict(
        zip(
            texts,
            (float(p) for p in head.probability("question", embed(texts), texts)),
            strict=True,
        )
    )
    for speaker, cs in per_turn:
        counts[speaker] += sum(1 for text in cs if probability[text] >= QUESTION_THRESHOLD)
    return tuple(counts.items())


def with_spoken_questions(
    analytics: TalkAnalytics, turns: Sequence[tuple[str, str]]
) -> TalkAnalytics:
    """The analytics with questions counted by meaning when the turns are unpunctuated (else
    unchanged: "?" counts exactly)."""
    if not unpunctuated([text for _, text in turns]):
        return analytics
    counts = count_spoken_questions(turns)
    by_speaker = [
        SpeakerQuestions(q.speaker_label, counts.get(q.speaker_label, 0))
        for q in analytics.questions_by_speaker
    ]
    return dataclasses.replace(
        analytics,
        questions_by_speaker=by_speaker,
        question_count=sum(q.count for q in by_speaker),
    )
