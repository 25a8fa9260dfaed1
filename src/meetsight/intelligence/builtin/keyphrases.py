"""Keyphrase extraction, RAKE-style: candidate phrases are the runs of content words between
stopwords and punctuation, scored by how often their words occur.

Rules:

* Tokens are words of the original text; they are counted accent-folded and lower-cased
  ("Próximo" and "proximo" are one word), but a phrase is returned as it was written.
* A token breaks a phrase when it is a stopword of the language (filler included), a number or
  calendar word, a word of talk that names no subject ("point", "sorry", "send"), a month,
  has fewer than three letters, or holds a digit or an apostrophe (a contraction such as
  "it'll" starts a clause, not a subject); punctuation between two tokens breaks it as well.
* Runs of one to three words are candidates; a longer run gives its two-word pieces.
* Score of a phrase = (sum of its words' frequencies over all candidates) / sqrt(its length),
  times 1 + 0.5 per repeat of the whole phrase. Frequent words win; length neither wins nor
  loses by itself.
* A phrase whose words are all inside a better one (or the reverse) is left out.
* Casing: the commonest form seen away from a sentence start; a phrase only ever seen at a
  sentence start gets its first letter lower-cased unless the word looks like a name (inner
  capitals or all capitals).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS
from meetsight.intelligence.builtin.folding import fold
from meetsight.intelligence.builtin.languages import stopwords_for
from meetsight.intelligence.builtin.stopwords import wordset

# A sentence end, or a word: a letter, then word characters, apostrophes and inner hyphens.
_SCAN = re.compile(r"([.!?¿¡:;…])|[^\W\d_](?:[\w'\u2019-]*\w)?", re.UNICODE)
_fold_word = lru_cache(maxsize=65536)(fold)
MAX_WORDS = 3
# Calendar words and numbers say when or how many, never what about.
GENERIC_WORDS = NUMBER_WORDS | wordset(
    """last next first second third week weeks month months year years day days quarter quarters
    monday tuesday wednesday thursday friday saturday sunday morning afternoon minute minutes
    hour hours time times ultimo ultima proximo proxima primer primero primera segundo semana
    semanas mes meses ano anos dia dias trimestre lunes martes miercoles jueves viernes sabado
    domingo minuto minutos hora horas tiempo dollars euros dolares bad good bueno malo"""
)
# Never a keyphrase's word either, kept apart from GENERIC_WORDS (which competitors.py reads):
# words of talk that name no subject (vague nouns, talk verbs, reactions) and months.
NO_SUBJECT = wordset(
    """use used uses using point points level levels part parts sense case cases fact stuff idea
    ideas question questions sorry whatever able kinda sorta wait try trying tried start started
    end ended bit bits piece way ways lot lots number numbers example course problem problems
    issue issues thing things guy guys people person anyway uso usar punto puntos parte partes
    caso casos pregunta preguntas forma manera tema temas problema problemas gente ejemplo cosa
    cosas percent porcentaje ciento plus many happy welcome send sends sending sent add adds
    adding added fin encantada encantado cause cos thinking saying doing getting wondering
    hoping guessing feeling
    january february march april june july august september october november december enero
    febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre
    diciembre"""
)


# (folded word, start, end, first word of its sentence)
_Token = tuple[str, int, int, bool]


@lru_cache(maxsize=65536)
def _breaks(key: str, language: str) -> bool:
    stop = stopwords_for(language)
    return (
        key in stop
        or key in GENERIC_WORDS
        or key in NO_SUBJECT
        or len(key) < 3
        or any(c.isdigit() for c in key)
        or "'" in key
        or "\u2019" in key  # contractions: "name's", "it'll" start clauses, not subjects
        or any(part in stop or part in GENERIC_WORDS for part in key.split("-"))  # "fifty-five"
    )


def _runs(text: str, language: str) -> Iterable[list[_Token]]:
    """Runs of content words with only spaces between them, in one pass over ``text``."""
    run: list[_Token] = []
    first, last_end = True, 0
    for m in _SCAN.finditer(text):
        if m.lastindex == 1:  # a sentence end
            first = True
            continue
        start, end = m.span()
        key = _fold_word(m.group())
        breaks = _breaks(key, language)
        if run and (breaks or not text[last_end:start].isspace()):
            yield run
            run = []
        if not breaks:
            run.append((key, start, end, first))
        first, last_end = False, end
    if run:
        yield run


def _pieces(run: list[_Token]) -> Iterable[list[_Token]]:
    if len(run) <= MAX_WORDS:
        yield run
        return
    for i in range(len(run) - 1):
        yield run[i : i + 2]


def _looks_like_name(word: str) -> bool:
    return word.isupper() or any(c.isupper() for c in word[1:])


def keyphrases(texts: Sequence[str], language: str, top: int) -> list[str]:
    """The ``top`` best keyphrases of ``texts`` (best first), in their original casing."""
    counts: Counter[tuple[str, ...]] = Counter()
    # (key, written form, at a sentence start) -> times seen; dict order = first seen.
    forms: Counter[tuple[tuple[str, ...], str, bool]] = Counter()
    for text in texts:
        for run in _runs(text, language):
            for piece in _pieces(run):
                key = tuple(t[0] for t in piece)
                counts[key] += 1
                forms[key, text[piece[0][1] : piece[-1][2]], piece[0][3]] += 1

    word_freq: Counter[str] = Counter()
    for key, n in counts.items():
        for word in key:
            word_freq[word] += n

    def score(key: tuple[str, ...]) -> float:
        base = sum(word_freq[w] for w in key) / math.sqrt(len(key))
        return base * (1 + 0.5 * (counts[key] - 1))

    ranked = sorted(counts, key=lambda k: -score(k))  # stable: ties keep first-seen order
    chosen: list[tuple[str, ...]] = []
    for key in ranked:
        words = set(key)
        if any(words <= set(c) or set(c) <= words for c in chosen):
            continue
        chosen.append(key)
        if len(chosen) >= top:
            break
    wanted = set(chosen)
    seen: dict[tuple[str, ...], dict[tuple[bool, str], int]] = {k: {} for k in chosen}
    for (key, form, initial), n in forms.items():
        if key in wanted:
            seen[key][initial, form] = n
    return [_surface(seen[key]) for key in chosen]


def _surface(seen: dict[tuple[bool, str], int]) -> str:
    """The commonest form away from a sentence start, else the sentence-start one lowered."""
    inside = [(n, f) for (initial, f), n in seen.items() if not initial]
    if inside:
        return max(inside, key=lambda x: x[0])[1]
    form = max(((n, f) for (_, f), n in seen.items()), key=lambda x: x[0])[1]
    first = form.split()[0]
    return form if _looks_like_name(first) else form[:1].lower() + form[1:]
