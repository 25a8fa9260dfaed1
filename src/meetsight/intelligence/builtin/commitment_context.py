"""What a next step's pronouns stand for: "I'll send it" says what only with the words before.

A light noun-phrase chunker (no tagger: determiners, function words and a few verb forms mark
the edges) finds the things said in a sentence: "the MRP job logs", "a twelve-page
questionnaire", "the spike on offline sync", "net 45", "el certificado del fabricante",
"lo de VeriFactu". :func:`antecedent` looks back from a pronoun, nearest first (earlier in the
same sentence, the speaker's earlier sentences, then the lines before), and takes the nearest
thing that is not a date, a person or a vague word ("thing", "point", "tema"); "them" and
"those" take two things joined by "and" together. :func:`last_person` does the same for "him",
"her", "él", "ella": the last person named.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

from meetsight.intelligence.builtin.deadlines import find_deadlines, fold_same_length
from meetsight.intelligence.builtin.languages import PACKS, pack_for
from meetsight.intelligence.builtin.text import sentences

__all__ = ["Phrase", "antecedent", "last_person", "noun_phrases", "topic"]


@dataclass(frozen=True, slots=True)
class Phrase:
    text: str
    start: int
    end: int
    plural: bool
    after_link: bool = False  # "from Intune", "to the deal desk": a source or a place
    joined: bool = False  # two things joined by "and"


def _vocabulary(words: str) -> frozenset[str]:
    return frozenset(words.split())


# "the" or "esa" alone is no thing, in whichever language it is said
_ANY_DETERMINERS = frozenset().union(*(pack.determiners for pack in PACKS.values()))
_EN_NUMBERS = _vocabulary(
    """
    one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty hundred
    """
)


# Heads too vague to stand for what a pronoun means ("that's the thing", "ese tema").
_VAGUE_HEADS = _vocabulary(
    """
    thing things stuff lot bit way point part time times question questions idea end
    moment minute minutes side kind sort case fact sense chance number piece call meeting
    day days week weeks month months year years team people guys folks everyone everybody
    anyone person conversation discussion sound screen holiday holidays weekend morning
    afternoon evening january february march april may june july august september october
    november december monday tuesday wednesday thursday friday saturday sunday something
    anything everything cosa cosas tema temas punto parte momento vez veces dia dias
    semana semanas mes meses ano equipo gente persona llamada reunion pregunta idea caso
    own pm am
    """
)

_TOKEN = re.compile(r"[a-z0-9][a-z0-9'\-]*|[,;:.!?]")
_ANY_DAY = date(2026, 1, 5)  # finding a date phrase does not depend on the day


def _words(folded: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(folded)]


_NOT_PARTICIPLES = frozenset({"supply", "assembly", "family", "need", "bed"})


def _content(word: str, language: str) -> bool:
    if not word[0].isalnum() or ("'" in word and not word.endswith("'s")):
        return False  # "I'll", "we're" are no things
    pack = pack_for(language)
    if word in pack.phrase_stop or word in pack.determiners:
        return False
    # "the logs posted", "really": past participles and adverbs end a phrase
    return not pack.participles_end_phrases or not (
        word.endswith(("ly", "ed")) and len(word) > 4 and word not in _NOT_PARTICIPLES
    )


def _run(words: list[tuple[int, int, str]], i: int, language: str) -> int:
    """Index after the run of content words starting at ``i`` ("last week" ends it)."""
    while i < len(words) and _content(words[i][2], language) and words[i][2] not in _TIME_WORDS:
        i += 1
    return i


_PLACE_LINKS = _vocabulary("from to into onto in on at via through with desde a en con hacia por")


def noun_phrases(text: str, language: str) -> list[Phrase]:
    """The things said in ``text``, in order (see the module docstring)."""
    folded = fold_same_length(text)
    words = _words(folded)
    pack = pack_for(language)
    determiners, links = pack.determiners, pack.phrase_links
    times = [d.span for d in find_deadlines(text, language, _ANY_DAY)]
    found: list[Phrase] = []
    i = 0
    while i < len(words):
        word = words[i][2]
        starts = word in determiners or word in _EN_NUMBERS or word[0].isdigit()
        start = i
        if language == "es" and word == "lo" and i + 1 < len(words) and words[i + 1][2] == "de":
            starts, i = True, i + 1  # "lo de VeriFactu", "lo de la factura"
            if i + 1 < len(words) and words[i + 1][2] in determiners:
                i += 1
        if not starts and not _content(word, language):
            i += 1
            continue
        end = _run(words, i + 1 if starts else i, language)
        if end == (i + 1 if starts else i) or not (starts or _named(text, words, i, end)):
            i = max(end, i + 1)
            continue
        end = _extend(words, end, language, links, determiners)
        while end > start + 1 and any(
            s < words[end - 1][1] and words[start][0] < e for s, e in times
        ):
            end -= 1  # "the domains in the SAML guide on Thursday": the date is not the thing
        phrase = _phrase(text, words, start, end)
        after_link = start > 0 and words[start - 1][2] in _PLACE_LINKS
        if not any(s < phrase.end and phrase.start < e for s, e in times):
            found.append(replace(_trimmed(text, phrase, language), after_link=after_link))
        i = end
    return _coordinated(text, [p for p in found if _usable(p, language)])


def _named(text: str, words: list[tuple[int, int, str]], start: int, end: int) -> bool:
    """A run without a determiner is a thing only with a number or a name in it ("net 45",
    "SOC 2", "Salesforce"), not at the sentence's first word, and without "I'll"-like forms."""
    run = words[start:end]
    if any("'" in w for _, _, w in run):
        return False
    if any(w[0].isdigit() or w.split("-")[0] in _EN_NUMBERS for _, _, w in run):
        return True  # "net 45", "net forty-five"
    return any(text[s].isupper() and s > 0 for s, _, _ in run)


_TIME_WORDS = _vocabulary(
    """
    last next past previous week weeks month months day days year years quarter semana
    semanas mes meses dia dias ano anos pasado pasada proximo proxima
    """
)


def _extend(
    words: list[tuple[int, int, str]],
    end: int,
    language: str,
    links: frozenset[str],
    determiners: frozenset[str],
) -> int:
    """ "the spike on offline sync", "el certificado del fabricante": up to two links."""
    for _ in range(2):
        if end + 1 >= len(words):
            return end
        if words[end][2] in ("and", "y") and words[end + 1][2] not in determiners:
            # "the breakdown by segment and region": a bare word after "and" closes the phrase
            after = _run(words, end + 1, language)
            closes = after == len(words) or not words[after][2][0].isalnum()
            return after if after - end - 1 in (1, 2) and closes else end
        if words[end][2] not in links:
            return end
        k = end + 1
        if words[k][2] in determiners:
            k += 1
        after = _run(words, k, language)
        if after == k or any(w in _TIME_WORDS for _, _, w in words[k - 1 : after]):
            return end
        end = after
    return end


def _trimmed(text: str, phrase: Phrase, language: str) -> Phrase:
    """Without a dangling link word left by a cut date ("the guide on")."""
    links = pack_for(language).phrase_links
    words = phrase.text.split()
    while len(words) > 1 and fold_same_length(words[-1]) in links | {"the", "el", "la", "and", "y"}:
        words.pop()
    kept = " ".join(words)
    return Phrase(kept, phrase.start, phrase.start + len(kept), phrase.plural)


def _phrase(text: str, words: list[tuple[int, int, str]], start: int, end: int) -> Phrase:
    s, e = words[start][0], words[end - 1][1]
    last = words[end - 1][2]
    return Phrase(text[s:e], s, e, plural=last.endswith("s") and not last.endswith("ss"))


def _coordinated(text: str, found: list[Phrase]) -> list[Phrase]:
    """ "the logs and the database size": one plural thing as well as its parts."""
    out = list(found)
    for a, b in itertools.pairwise(found):
        between = fold_same_length(text[a.end : b.start]).strip(" ,")
        lead = re.sub(r"\s*\b(?:and|y|e|plus)$", "", between)
        joined = lead != between and len(lead.split()) <= 6 and not re.search(r"[,.;:!?]", lead)
        joined = joined and not find_deadlines(text[a.end : b.start], "es", _ANY_DAY)
        joined = joined and not find_deadlines(text[a.end : b.start], "en", _ANY_DAY)
        if between in ("and", "y", "e", "plus", "as well as") or joined:
            joined_phrase = Phrase(text[a.start : b.end], a.start, b.end, True, a.after_link, True)
            out.append(joined_phrase)
    return sorted(out, key=lambda p: (p.end, -p.start))


def _usable(phrase: Phrase, language: str) -> bool:
    folded = fold_same_length(phrase.text)
    toks = re.findall(r"[a-z0-9]+", folded)
    if not toks:
        return False
    links = pack_for(language).phrase_links
    first_link = next((k for k, t in enumerate(toks) if k and t in links), len(toks))
    head = toks[first_link - 1]  # "the new cloud region in March": region
    if head in _VAGUE_HEADS or (len(toks) == 1 and len(head) < 3):
        return False
    return not (len(toks) == 1 and toks[0] in _ANY_DETERMINERS)


def antecedent(
    contexts: Iterable[str],
    language: str,
    *,
    plural: bool | None = None,
    people: frozenset[str] = frozenset(),
) -> str | None:
    """The nearest usable thing in ``contexts`` (nearest text first; within a text, the last).
    ``plural`` prefers a plural thing within the same text ("them", "those", "los");
    ``people`` (folded first names) are never things."""
    for text in contexts:
        candidates = [
            p
            for p in noun_phrases(_main_clause(text), language)
            if fold_same_length(p.text) not in people
        ]
        things = [p for p in candidates if not p.after_link]
        if not things and _THING_PRONOUN.search(fold_same_length(text)):
            continue  # "I can export that from Intune": "that" points further back
        candidates = things or candidates
        if not candidates:
            continue
        if plural:
            many = [p for p in candidates if p.plural]
            if many:
                return _as_definite(many[-1].text, language)
        else:
            candidates = [p for p in candidates if not p.joined] or candidates
        return _as_definite(candidates[-1].text, language)
    return None


_THING_PRONOUN = re.compile(r"\b(?:it|that|this|them|those|these|lo|la|los|las|eso|esto)\b")


def topic(contexts: Iterable[str], language: str) -> str | None:
    """What a follow-up ("I'll get back to you") is about: the most specific thing in the
    nearest text that has one (numbers and names count most, then length)."""
    for text in contexts:
        candidates = noun_phrases(text, language)
        if candidates:
            best = max(candidates, key=lambda p: (_specificity(p.text), p.end))
            return _as_definite(best.text, language)
    return None


_SUBORDINATE = re.compile(
    r",?\s+(?:since|because|as|which|who|so that|so|when|while|although|though|but|if|unless"
    r"|once|before|after|until|porque|ya que|como|cuando|aunque|pero|si|para que|antes de que"
    r"|despues de que|hasta que)\b"
)


def _main_clause(text: str) -> str:
    """The text up to its first subordinate clause ("..., since our report period ended"),
    where the thing promised is rarely named."""
    for m in _SUBORDINATE.finditer(fold_same_length(text)):
        if len(text[: m.start()].split()) >= 3:
            return text[: m.start()]
    return text


def _specificity(text: str) -> int:
    score = len(text.split())
    score += 3 * sum(ch.isdigit() for ch in text[:1]) + 3 * bool(re.search(r"\d", text))
    score += 2 * len(re.findall(r"(?<!^)\b[A-Z][A-Za-z0-9-]+", text))
    return score


def _as_definite(text: str, language: str) -> str:
    """ "a twelve-page questionnaire" -> "the twelve-page questionnaire"; "your list" -> "the
    list"; "una propuesta" -> "la propuesta" is left alone (gender)."""
    if language == "es":
        return re.sub(r"^(?:lo de )", "lo de ", text)
    return re.sub(r"^(?:a|an|your|our|my|this|these|those)\s+", "the ", text, flags=re.IGNORECASE)


_NAME = re.compile(r"\b[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+\b")


_BEFORE_A_NAME = re.compile(
    r"\b(?:with|to|a|con|partner|socio|socia|jefe|jefa|boss|colleague|companero|companera"
    r"|manager|director|directora|cfo|ceo|coo)\s*,?\s+$"
)


def last_person(contexts: Iterable[str], known: dict[str, str]) -> str | None:
    """The last person named in the nearest text that names one: a participant's first name
    (``known``: folded first name -> full name) or a capitalised name after "with", "to",
    "a", "con" ("talk to Ramón", "enseñárselo a Ramón")."""
    for text in contexts:
        named: list[tuple[int, str]] = []
        for m in _NAME.finditer(text):
            word = fold_same_length(m.group())
            if word in known:
                named.append((m.start(), m.group()))
                continue
            before = fold_same_length(text[max(0, m.start() - 14) : m.start()])
            if _BEFORE_A_NAME.search(before):
                named.append((m.start(), m.group()))
        if named:
            return named[-1][1]
    return None


def split_sentences(text: str) -> list[str]:
    return sentences(text)
