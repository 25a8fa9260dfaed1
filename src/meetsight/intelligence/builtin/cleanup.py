"""Spoken lines made fit to quote: fillers, stutters, repeats and false starts removed.

Shared by chat answers and the summary. Three functions:

* :func:`clean` returns one line or sentence without the noise of speech ("" when nothing of
  substance is left);
* :func:`clean_sentences` splits a line into sentences, cleans each and drops those that only
  acknowledge ("Okay.", "Yeah, sure.", "Vale, perfecto.");
* :func:`is_backchannel` says whether a sentence only acknowledges.

Rules, in order (English and Spanish; the text's case is kept):

1. Filler words go wherever they are: "um", "uh", "erm", "hmm", "mm-hmm", "uh-huh", "eh",
   "em", with the comma that follows them. Parenthetical fillers go where commas or the ends of
   the sentence set them apart: "you know", "I mean", "like", "o sea", "digamos", "¿sabes?".
   Without commas, "you know" / "I mean" / "you see" go where they cannot be a clause: after a
   word that does not introduce one and before one that opens one ("we need you know a bigger
   budget"; "let you know the date" and "people you know well" stay). :func:`without_fillers`
   applies this to text that was never cleaned, so that no filler's "you" is shifted to "them".
2. Cut-off words go: a word ending in "-" ("we were- we are"), a short piece of a word that the
   next word starts with ("w w we", "th- the", "i if" in cased text), a lone lowercase letter
   other than the one-letter words of English and Spanish.
3. Repeats collapse: a word said twice in a row ("the the", "we, we"), a phrase of two to four
   words said twice in a row ("we should we should"), a pronoun restarted after a fragment
   ("she's un she's not").
4. Discourse markers at the start go ("So, well, okay, yeah, and ...", "Pues, bueno, vale,
   y ..."), as do dangling ends (", you know", ", so", a trailing "and"/"but"/"or").
5. The result starts with a capital and ends with a full stop when it had no end mark (a
   trailing comma, common in transcripts of turns that were interrupted, becomes a full stop).
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.amounts import NUMBER_WORDS
from meetsight.intelligence.builtin.languages import PACKS
from meetsight.intelligence.builtin.stopwords import wordset
from meetsight.intelligence.builtin.text import sentences

_FILLER_WORDS = (
    r"u+m+|u+h+|e+r+m+|e+r+|a+h+|h+m+|m+h?m+|mhm|mm+[- ]+hmm|m+ - hmm|uh[- ]+huh|uh - huh|"
    r"eh+|e+m+|mmm+"
)
_FILLER = re.compile(
    r"(?:,\s*)?(?<![\w'-])(?<!\d )(?:" + _FILLER_WORDS + r")(?![\w'-])[,.]?", re.IGNORECASE
)
# Parenthetical fillers: set apart by commas or by the ends of the sentence.
_PARENTHETICAL = (
    r"you know|i mean|like|sort of like|o sea|digamos|¿sabes\?|ya sabes|sabes|you see|as it were"
)
_BETWEEN_COMMAS = re.compile(r",\s*(?:" + _PARENTHETICAL + r")\s*,", re.IGNORECASE)
_AT_START = re.compile(r"^(?:" + _PARENTHETICAL + r")\s*,\s*", re.IGNORECASE)
_AT_END = re.compile(
    r"(?:,\s*(?:" + _PARENTHETICAL + r")|\s+(?:you know|i mean|¿sabes\?|ya sabes))\s*[.!?]*$",
    re.IGNORECASE,
)
# Openers that mark discourse, not content: dropped with or without a comma after them...
_LEADING = re.compile(
    r"^(?:so|well|okay|ok|alright|yeah|yep|yup|oh|and|but|or|anyway|pues|bueno|vale|o sea|y)"
    r"\b[,.:;!]*\s+(?=\S)",
    re.IGNORECASE,
)
# ... and those that are words too ("right now", "like a charm"): only with a comma.
_LEADING_COMMA = re.compile(
    r"^(?:right|all right|yes|now|actually|basically|i mean|you know|like|look|listen|"
    r"mira|mire|oye|a ver|entonces|claro|sí|si|venga|ya)\s*[,.:;!]+\s*(?=\S)",
    re.IGNORECASE,
)
_TRAILING = re.compile(
    r"(?:,\s*(?:and|but|or|so|because|like|right|okay|yeah|y|o|pero|porque|vale|no sé)"
    r"|\s+(?:and|but|or|because|the|a|an|of|y|o|pero|que|porque|de|el|la))\s*[,.]*$",
    re.IGNORECASE,
)
# "you know" without commas: a filler between a word that takes no clause after it and a word
# that opens one. The words before which it may be a clause of its own ("if you know the
# price", "let you know the date") are kept out.
_INLINE_FILLER = re.compile(
    r"(?<=[A-Za-z]) (?P<filler>you know|i mean|you see) (?=(?P<next>[A-Za-z']+))", re.IGNORECASE
)
_CLAUSE_BEFORE = wordset(
    """that if when and but so because as since or unless whether what which who how where why
    before after until once do does did can could will would should don't didn't than let lets
    make makes made help helps have has had see saw hear heard watch tell told thank what's
    i we they he she it you"""
)
_CLAUSE_OPENERS = wordset(
    """a an the this that these those it it's we we're we'll i i'm they they're he she you there
    there's our my your their some all like just so what if when maybe probably really
    basically actually kind sort to in on for with not no one"""
)


def _inline_filler(match: re.Match[str]) -> str:
    before = match.string[: match.start()].rsplit(None, 1)[-1].lower().strip(",;:")
    following = match.group("next").lower()
    if before in _CLAUSE_BEFORE or following not in _CLAUSE_OPENERS:
        return match.group(0)
    return " "


def without_fillers(text: str) -> str:
    """``text`` without the fillers "you know", "I mean" and "you see" where they are no
    clause ("we need you know a bigger budget" -> "we need a bigger budget")."""
    previous = None
    while previous != text:  # "is I mean you know the": one filler after another
        previous, text = text, _INLINE_FILLER.sub(_inline_filler, text)
    return text


_DOUBLED = re.compile(r"\b([^\W\d_]+)(?:,?\s+\1\b)+", re.IGNORECASE)
_DOUBLE_OK = wordset("had that")  # "had had", "said that that was"


def _undouble(match: re.Match[str]) -> str:
    return match.group(0) if match.group(1).lower() in _DOUBLE_OK else match.group(1)


def without_doubled_words(text: str) -> str:
    """``text`` with a word said twice in a row once ("get the the minutes" -> "get the
    minutes"); "had had" and "that that" are grammar and stay, numbers are not words here."""
    return _DOUBLED.sub(_undouble, text)


_CUT_OFF = re.compile(r"^[^\W\d_]+-$")
_ONE_LETTER_WORDS = wordset("a i y o e u")
# Stopwords and real short words, by language ("" when unknown: every language's)
_KNOWN_SHORT = {code: pack.stopwords | pack.short_words for code, pack in PACKS.items()}
_KNOWN_SHORT[""] = frozenset().union(*_KNOWN_SHORT.values())
_NO_COLLAPSE = NUMBER_WORDS | frozenset(("had",))  # "twenty twenty", "had had"
_PRONOUNS = wordset(
    """i i'm i'll i've i'd we we're we'll we've we'd you you're you'll they they're they'll he
    he's she she's it it's that that's there there's this yo nosotros ellos es"""
)
_WORD_CORE = re.compile(r"^([\"'(¿¡]*)(.*?)([,.;:!?)\"']*)$")
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_MARK = re.compile(r"\s+([,.;:!?])")
_REPEATED_MARKS = re.compile(r"([,;:])(?:\s*[,;:])+")
_COMMA_BEFORE_END = re.compile(r"[,;:]+\s*([.!?])")
_END_MARK = re.compile(r"[.!?…]$")
_RESTART = re.compile(
    r"(?<=[a-z,]) (?=(?:Yeah|Yes|Okay|OK|So|Well|Um|Uh|And|But|Or|Right|Oh|Anyway|Actually"
    r"|They|We|You|He|She|It|It's|That|That's|This|There|There's|What|Which|Why|How|When"
    r"|Where|If|Because|Pues|Bueno|Vale|Entonces|Pero|Porque|Creo|Es|Eso|Esto)\b)"
)


def _split(token: str) -> tuple[str, str, str]:
    m = _WORD_CORE.match(token)
    assert m is not None  # the pattern matches any string
    return m.group(1), m.group(2), m.group(3)


def _is_fragment(core: str, following: str, cased: bool, known: frozenset[str]) -> bool:
    """A piece of a word that the next word starts with ("th" before "the", "w" before "we"),
    or the article "a" stuttered before a word in a ("a actually")."""
    low, nxt = core.lower(), following.lower()
    if not low or not low.isalpha() or not nxt.startswith(low) or len(nxt) < len(low):
        return False
    if len(low) == 1:
        # "i if": a lowercase i is no pronoun where the text writes "I".
        if low == "i":
            return core == "i" and cased
        return low not in _ONE_LETTER_WORDS or (low == "a" and len(nxt) > 1 and "the" in known)
    return len(low) <= 3 and low not in known


def _stray_letter(core: str) -> bool:
    return len(core) == 1 and core.isalpha() and core.islower() and core not in _ONE_LETTER_WORDS


def _restart_at(tokens: list[str], i: int) -> int:
    """How many words before ``tokens[i]`` (a piece of a later word) were said again after it:
    "just a chara just a characteristic" -> 2 at "chara"; -1 when the piece is no restart."""
    piece = _key(tokens[i])
    if not piece.isalpha() or len(piece) > 6:
        return -1
    for j in range(i + 1, min(i + 5, len(tokens))):
        word = _key(tokens[j])
        if len(word) > len(piece) and word.startswith(piece):
            m = j - i - 1
            if (
                m
                and i >= m
                and [_key(t) for t in tokens[i - m : i]] == [_key(t) for t in tokens[i + 1 : j]]
            ):
                return m
            return -1
    return -1


def _drop_fragments(tokens: list[str], cased: bool, known: frozenset[str]) -> list[str]:
    out: list[str] = []
    for i, token in enumerate(tokens):
        _, core, tail = _split(token)
        following = _split(tokens[i + 1])[1] if i + 1 < len(tokens) else ""
        if _CUT_OFF.match(core) and i + 1 < len(tokens):
            continue
        if following and not tail:
            if _is_fragment(core, following, cased, known) or _stray_letter(core):
                continue
            restart = _restart_at(tokens, i) if core.lower() not in known else -1
            if restart > 0:
                del out[len(out) - restart :]
                continue
        out.append(token)
    return out


def _key(token: str) -> str:
    return _split(token)[1].lower()


def _collapse_repeats(tokens: list[str], known: frozenset[str]) -> list[str]:
    """Drop the first copy of a word or phrase (2-4 words) said twice in a row, and a pronoun
    restarted after one short fragment ("she's un she's")."""
    changed = True
    while changed:
        changed = False
        for size in (1, 2, 3, 4):
            i = 0
            while i + 2 * size <= len(tokens):
                first = [_key(t) for t in tokens[i : i + size]]
                second = [_key(t) for t in tokens[i + size : i + 2 * size]]
                if (
                    first == second
                    and all(first)
                    and not (size == 1 and (first[0] in _NO_COLLAPSE or first[0].isdigit()))
                    and _split(tokens[i])[0] == ""
                ):
                    del tokens[i : i + size]
                    changed = True
                else:
                    i += 1
        for i in range(len(tokens) - 2):
            a, mid, b = _key(tokens[i]), _key(tokens[i + 1]), _key(tokens[i + 2])
            if a == b and a in _PRONOUNS and len(mid) <= 3 and mid not in known:
                del tokens[i : i + 2]
                changed = True
                break
    return tokens


def _tidy(text: str) -> str:
    text = _SPACE_BEFORE_MARK.sub(r"\1", _SPACES.sub(" ", text)).strip()
    text = _REPEATED_MARKS.sub(r"\1", text)
    text = _COMMA_BEFORE_END.sub(r"\1", text)
    return text.strip(" ,;:-")


def _strip_ends(text: str) -> str:
    previous = None
    while previous != text:
        previous = text
        text = _LEADING.sub("", text).lstrip(" ,;:")
        text = _LEADING_COMMA.sub("", text)
        text = _AT_START.sub("", text)
        text = _AT_END.sub("", text)
        text = _TRAILING.sub("", text)
        text = text.strip(" ,;:")
    return text


def _clean_piece(text: str, known: frozenset[str], cased: bool) -> str:
    tokens = _drop_fragments(text.split(), cased, known)
    tokens = _collapse_repeats(tokens, known)
    text = _strip_ends(_tidy(" ".join(tokens)))
    if not text or not any(c.isalnum() for c in text):
        return ""
    question = text.endswith("?")
    text = text.rstrip(" ,;:-")
    if not _END_MARK.search(text):
        text += "?" if question else "."
    return text[0].upper() + text[1:]


def clean(text: str, language: str = "") -> str:
    """``text`` without fillers, stutters, repeats and false starts, capitalised and ending
    with an end mark; "" when nothing of substance is left. ``language`` ("en", "es", or ""
    for either) says which short words are real words, not pieces of the next one."""
    if not text or not text.strip():
        return ""
    known = _KNOWN_SHORT.get(language, _KNOWN_SHORT[""])
    cased = any(c.isupper() for c in text)
    text = _FILLER.sub(" ", text)
    text = _BETWEEN_COMMAS.sub(" ", text)
    text = without_fillers(text)
    # A capitalised discourse word after a lowercase one starts again ("so i if Yeah, I
    # agree"); a piece of three words or fewer before such a restart is a false start.
    pieces = _RESTART.split(text) if cased else [text]
    kept = [p for n, p in enumerate(pieces) if n == len(pieces) - 1 or len(p.split()) > 3]
    cleaned = (_clean_piece(p, known, cased) for p in kept)
    return " ".join(c for c in cleaned if c and not is_backchannel(c))


_BACKCHANNEL = wordset(
    """okay ok yeah yes yep yup right alright sure mm hmm mhm uh huh um oh ah great good cool
    fine perfect thanks thank you so well no nope exactly absolutely totally true indeed got it
    i see makes sense sounds that's that is fair enough noted understood agreed awesome nice wow
    ha lovely brilliant excellent wonderful me to too really definitely of course all
    si sí vale bueno claro perfecto gracias de acuerdo genial exacto entendido ya eh venga
    muy bien estupendo vale fenomenal hecho"""
)
_TOKEN = re.compile(r"[\w']+")


def is_backchannel(sentence: str) -> bool:
    """Whether a sentence only acknowledges or fills ("Okay.", "Yeah, that makes sense.",
    "Sí, claro."): every word of it is a word of acknowledgement."""
    tokens = _TOKEN.findall(sentence.lower())
    return all(t in _BACKCHANNEL for t in tokens)


_TITLE_AT_END = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Sra|Srta|Dra|Lic|Ing)\.$")


def _sentences(text: str) -> list[str]:
    """Sentences, without splitting after a title ("Dr. Kim")."""
    out: list[str] = []
    for sentence in sentences(text):
        if out and _TITLE_AT_END.search(out[-1]):
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return out


def clean_sentences(text: str, language: str = "") -> list[str]:
    """The sentences of ``text``, each cleaned, without those that only acknowledge."""
    out = []
    for sentence in _sentences(text):
        if is_backchannel(sentence):
            continue
        cleaned = clean(sentence, language)
        if cleaned and not is_backchannel(cleaned):
            out.append(cleaned)
    return out
