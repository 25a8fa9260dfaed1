"""Competitors: the vendors the customer weighs against us, found by what is said around a name.

1. Candidates: runs of capitalised words ("Arctic Wolf", "SentinelOne", "Sage 50") and brands
   written without an opening capital ("ezyVet", "project44") that are not stopwords, calendar
   words, role or business acronyms, participants' names, the organization's name or words of
   the title (the two parties), nor an ordinary word written as a plan ("the Growth plan"). A
   word that opens a sentence counts only when it has inner capitals, is capitalised
   mid-sentence elsewhere in the conversation, or looks like no ordinary word (see
   :func:`find_names`); said once, it must also look like no word at all and open its clause as
   the subject ("Netradyne also bid"; two words written as one count too: "Proofpoint also
   pitched us"), or be said as a sentence of its own, then read with the sentence after it
   ("Vendrix. They quoted us nineteen a seat.").
2. Each mention is read in context: its sentence with the name masked (and the sentence before
   when the one holding the name is short: "What are you using today?" / "Zorvex, for years."),
   cut to ``WINDOW`` words on each side of the name. A short sentence is also read alone, and
   the stronger rival reading of the two counts: its own words often say it already ("And
   Zorvex was around twenty-eight.", where the sentence before is about something else).
   The ``competitor`` head (a corpus of masked sentences, English and Spanish) tells a rival
   (evaluated, pitched, quoting, incumbent being replaced, threatened switch, lost deal) from the
   customer's own tools and integrations, our own company, people, places and other names.
3. Evidence adds up over the conversation: a name is a competitor when its best mention reads
   that way (``SURE``, ``SINGLE`` for a name said once) and it reads as a competitor in at
   least as many mentions as it reads as any one other thing (a person, a place, a tool), or
   when several weaker readings pool (``POOLED``, :func:`_pooled`), or when a mention says the
   name does what only a rival does: it courts the customer ("X has been knocking on my door",
   "X pitched our VP") or the customer would go to it if we fail ("they'd look at X if we don't
   fix it"), of a name that reads as an organisation (:func:`_courted`).
4. What the name itself is: the ``name_kind`` head reads the bare name's embedding (what the
   sentence encoder learnt about "Milwaukee", "Nadia", "Zendesk") and tells a place or a person
   from an organisation. A name that is plainly a place (``PLACE_PRIOR``) or a person
   (``PERSON_PRIOR``) is no rival, however its small-talk sentence reads ("How's Columbus
   treating you?", "we lost the Villanueva tender"). Names from spoken vendor slots
   (lowercase ASR) keep only the place test: the slot they were found in already says vendor,
   and products are often named like people ("Doctor Alia"). Neither test applies to a name
   said with what only a company has ("Algolia's rep", "Harwell's quote").

At most ``MAX_MENTIONS`` mentions per name are read (the first ones), so the cost is bounded by
the number of distinct names, not the length of the conversation.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from meetsight.embedder import embed, tokenizer_model_path
from meetsight.intelligence.builtin.bounded_cache import LineBudgetCache
from meetsight.intelligence.builtin.cues import NUMBER
from meetsight.intelligence.builtin.folding import fold, words
from meetsight.intelligence.builtin.heads.model import load_head
from meetsight.intelligence.builtin.keyphrases import GENERIC_WORDS
from meetsight.intelligence.builtin.spoken_names import is_lowercase, occurrences, spoken_names
from meetsight.intelligence.builtin.stopwords import BOTH, wordset
from meetsight.intelligence.builtin.text import sentences
from meetsight.intelligence.conversation import Conversation

MASK = "Zorvex"  # the corpus writes every masked name this way
OTHER = "Quindle"  # another name in the same sentence: a name, but not the one read
SURE = 0.85  # the best mention's probability that makes a name a competitor
SINGLE = 0.7  # the same for a name said once
POOLED = 0.85  # several weaker mentions together: 1 - prod(1 - p) over the mentions
WINDOW = 8  # words read on each side of the masked name
LEAN = 0.4  # mentions at least this likely are the ones quoted
MAX_MENTIONS = 4
PLACE_PRIOR = 0.75  # the name_kind head's place probability that rules a name out
PERSON_PRIOR = 0.85  # the same for a person (a higher bar: many products are named like people)
MAX_NAMES = 60
SHORT_SENTENCE = 7  # words: a shorter sentence is read with the one before it

_GENERIC_CAPS = wordset(
    """i cfo ceo cto coo cio cmo cro vp svp evp it ti erp crm api roi pms sso sms kpi sla hr rrhh qa
    ai ia pdf eu ue usa uk us saas ok dr mr mrs ms sr sra don dona january february march april may
    june july august september october november december enero febrero marzo abril mayo junio
    julio agosto septiembre octubre noviembre diciembre q1 q2 q3 q4 hi hola mvp poc rfp rfi
    msa nda dpa sow po w-9 coi csv excel eod eta faq ux ui id tv ip vpn mfa mondays tuesdays
    wednesdays thursdays fridays saturdays sundays lunes martes miercoles jueves viernes ciso cso
    gc dpo ae sdr bdr csm se am rvp cpu gpu usb ap ar gm iva nif cif sepa iban hvac gps mdm edr
    xdr siem soc mrp tms wms ehr emr pos b2b b2c arr mrr nrr cac ltv okr p1 p2 sku rma wi-fi wifi
    christmas easter thanksgiving navidad halloween
    ote dso dio cogs ebitda gmv aov asp acv tcv nps csat ces tco capex opex yoy qoq ytd mtd
    kyc aml gdpr hipaa pci iso ipo wacc irr npv eps pnl fte ftes hc ic rfq
    tam sam som icp bant meddic spiced gtm plg smb mid-market ent"""
)
# Words that name a plan or tier when capitalised next to one of these ("the Growth plan",
# "Starter tier", "el plan Pro"): a price point, not a vendor.
_TIER_AFTER = r"(?:plan|plans|tier|tiers|package|packages|edition|bundle|licen[cs]es?)"
_TIER_BEFORE = r"(?:plan|paquete|tarifa|modalidad)"
_WORD_ENDINGS = (
    "s", "ed", "ing", "ly", "mente", "ado", "ada", "ido", "ida", "aba", "ia", "ar", "er", "ir",
    "o", "e", "an", "en", "amos", "emos", "imos", "aron", "ieron", "ion", "tion",
)  # fmt: skip
# "Usamos", "Probamos", "Habría": Spanish verbs (folded)
_VERB = re.compile(r"(?:amos|emos|imos|aron|ieron|rias?|rian)$")
_ACRONYM_PLURAL = re.compile(r"^[A-Z]{2,}s$")  # "PDFs", "QBRs": things, not vendors
# Brands written without an opening capital: an inner capital ("ezyVet", "esPublico") or
# letters run into digits ("project44"); ordinary words never look like either.
_LOWER_BRAND = re.compile(r"^[a-z]+[A-Z][\w-]*$|^[a-z]{3,}\d+$")
_CAP_WORD = re.compile(r"[^\W_][\w&'\u2019.-]*\w|[^\W\d_]", re.UNICODE)
_SENTENCE_OPENERS = frozenset('.!?¿¡:;…"“(')
_TITLED = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Sr|Sra|Dra)\.?\s*$")
# How far back a title may stand: searching the whole text before each word was quadratic
# (a one-cue transcript of 1 MB took minutes).
_TITLE_REACH = 16


@dataclass(frozen=True, slots=True)
class Mention:
    line: int
    sentence: str
    probability: float  # that the name is a competitor here


@dataclass(frozen=True, slots=True)
class Competitor:
    name: str
    mentions: tuple[Mention, ...]  # the mentions read as a competitor, best first

    @property
    def best(self) -> Mention:
        return self.mentions[0]


def _starts_sentence(text: str, pos: int) -> bool:
    j = pos - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j < 0 or text[j] in _SENTENCE_OPENERS


def _brand_like(key: str) -> bool:
    """A sentence-initial word that is probably not an ordinary word: long, and without the
    endings of English and Spanish verbs, adverbs and plurals ("Signaturit", not "Usamos")."""
    return len(key) >= 5 and not key.endswith(_WORD_ENDINGS)


def _mid_sentence_caps(texts: Sequence[str]) -> set[str]:
    found: set[str] = set()
    for text in texts:
        for m in _CAP_WORD.finditer(text):
            if m.group()[0].isupper() and not _starts_sentence(text, m.start()):
                found.add(fold(m.group()))
    return found


def find_names(text: str, excluded: set[str], mid_caps: set[str]) -> list[str]:
    """Runs of capitalised words in ``text`` that may name a company or product; a number
    right after a name belongs to it ("Sage 50")."""
    names: list[str] = []
    run: list[str] = []
    last_end = -1
    for m in _CAP_WORD.finditer(text):
        word = re.sub(r"['\u2019]s$", "", m.group().rstrip("."))
        key = fold(word)
        glued = bool(run) and text[last_end : m.start()].strip() == ""
        if run and glued and word.isdigit() and len(word) <= 4:
            run.append(word)
            last_end = m.end()
            continue
        if text[m.end() : m.end() + 1] == "@":  # an address or a handle, not a name
            word = ""
        initial = _starts_sentence(text, m.start())
        lower_brand = bool(_LOWER_BRAND.match(word))
        inner_caps = lower_brand or (any(c.isupper() for c in word[1:]) and not word.isupper())
        ok = (
            (word[:1].isupper() or lower_brand)
            and key not in BOTH
            and key not in GENERIC_WORDS
            and key not in _GENERIC_CAPS
            and key not in excluded
            and not _ACRONYM_PLURAL.match(word)
            and not all(NUMBER.fullmatch(part) for part in key.split("-"))
            and _TITLED.search(text, max(0, m.start() - _TITLE_REACH), m.start()) is None
            and (inner_caps or key in mid_caps or not ordinary_word(key))
            and (
                not initial
                or inner_caps
                or key in mid_caps
                or _brand_like(key)
                or rare_word(key)
                or (_opens_name(text, m.end()) and not ordinary_word(key) and not _VERB.search(key))
            )
        )
        if ok and (glued or not run):
            run.append(word)
        else:
            if run:
                names.append(" ".join(run))
            run = [word] if ok else []
        last_end = m.end()
    if run:
        names.append(" ".join(run))
    return [n for n in names if len(n) > 1]


def _opens_name(text: str, end: int) -> bool:
    """A sentence's first word that a capitalised word follows starts a longer name
    ("Northgate Mechanical said...")."""
    nxt = _CAP_WORD.match(text, end + 1) if text[end : end + 1] == " " else None
    return nxt is not None and nxt.group()[:1].isupper() and fold(nxt.group()) not in BOTH


@lru_cache(maxsize=1)
def _pieces() -> object:
    import sentencepiece

    return sentencepiece.SentencePieceProcessor(model_file=str(tokenizer_model_path()))


def _word_pieces(key: str) -> list[str]:
    """The tokenizer's pieces of a word, without the word-start mark."""
    pieces = _pieces().encode_as_pieces(key)  # type: ignore[attr-defined]
    return [p for p in (piece.lstrip("\u2581") for piece in pieces) if p]


@lru_cache(maxsize=8192)
def ordinary_word(key: str) -> bool:
    """Whether a lower-case word is an ordinary word of the languages the sentence encoder
    learnt: its tokenizer keeps frequent words whole ("understood", "happy", "annual"), while
    rarer names split into pieces ("soph|os", "sam|sara"). A name that is also a word
    ("Motive", "Sage") still counts when it is capitalised mid-sentence."""
    if len(key) < 3 or not key.isalpha():
        return False
    pieces = _pieces().encode_as_pieces(key)  # type: ignore[attr-defined]
    return len(pieces) == 1


_SUFFIXES = frozenset(
    {"s", "es", "ed", "d", "r", "ier", "ing", "ly", "ily", "er", "ers", "est", "ness", "ful"}
    | {"less", "able", "ment", "ments", "ion", "ions", "tion", "tions", "ity", "o", "a", "os"}
    | {"as", "ado", "ada", "ando", "iendo", "mente"}
)


@lru_cache(maxsize=8192)
def rare_word(key: str) -> bool:
    """Whether a lower-case word is probably no word of the languages at all ("netradyne",
    "algolia"): the tokenizer splits it, and not into a known word and an ending ("honest|ly",
    "start|er"). Fillers and adverbs the tokenizer also splits ("got|cha", "obvious|ly") are
    why a sentence-initial name needs more (see :func:`_mentions`)."""
    if (
        len(key) < 4
        or not key.isalpha()
        or ordinary_word(key)
        or key.endswith(("ly", "mente", "s", "cion"))  # adverbs, plurals, "-ción" nouns
        or _VERB.search(key)
    ):
        return False
    pieces = _word_pieces(key)
    if len(pieces) == 2 and ordinary_word(pieces[0]) and pieces[1] in _SUFFIXES:
        return False
    # a piece that is no word itself: "no|body" and "y|up" are made of words and scraps
    return any(len(piece) >= 3 and not ordinary_word(piece) for piece in pieces)


@lru_cache(maxsize=8192)
def compound_word(key: str) -> bool:
    """Whether a lower-case word is two ordinary words written as one that the language does
    not write together ("proofpoint", "screencloud"): brands are named so, while the compounds
    of ordinary speech are frequent enough for the tokenizer to keep whole ("something",
    "anyway", "overtime")."""
    if len(key) < 7 or not key.isalpha() or ordinary_word(key) or key.endswith(("ly", "s")):
        return False
    pieces = _word_pieces(key)
    return (
        len(pieces) == 2
        and all(len(piece) >= 3 and ordinary_word(piece) for piece in pieces)
        and pieces[1] not in _SUFFIXES
    )


def _excluded(conversation: Conversation) -> set[str]:
    """Words that name the parties: speakers, the organization's people, its name, the title."""
    out = {w for s in conversation.speakers for w in words(s.name)}
    out |= {w for ln in conversation.lines for w in words(ln.speaker)}
    out |= {w for name in conversation.org_people for w in words(name)}
    return out | _parties(conversation)


def _parties(conversation: Conversation) -> frozenset[str]:
    """The words of the title and of the organization's name (the two parties)."""
    return frozenset(words(conversation.title)) | frozenset(words(conversation.organization))


def _mask(text: str, name: str, token: str) -> str:
    """``name`` replaced by ``token``, a possessive kept ("Zorvex's rep": a company's rep,
    where a bare "Zorvex rep called me" reads like a person)."""
    return re.sub(rf"(?<!\w){re.escape(name)}(?=['\u2019]s\b|(?!\w))", token, text)


def _context(previous: str, sentence: str, name: str, others: Sequence[str]) -> tuple[str, ...]:
    """The readings of one mention: the sentence with ``name`` masked; other names in it become
    another made-up name, so one name's evidence ("what we pay X") does not rub off on its
    neighbour ("a hard sell to Y"). A short sentence is read with the one before it and alone."""
    masked = _mask(sentence, name, MASK)
    for other in others:
        if other != name and other not in name:
            masked = _mask(masked, other, OTHER)
    if previous and len(sentence.split()) < SHORT_SENTENCE:
        return (_window(f"{previous} {masked}"), _window(masked))
    return (_window(masked),)


def _window(masked: str) -> str:
    """The ``WINDOW`` words on each side of the first masked name: what a long turn says
    elsewhere drowns the structure around the name ("we did a demo with X")."""
    tokens = masked.split()
    at = next((i for i, t in enumerate(tokens) if MASK in t), None)
    if at is None:
        return masked
    return " ".join(tokens[max(0, at - WINDOW) : at + WINDOW + 1])


Spot = tuple[int, str, tuple[str, ...]]  # line, sentence, readings with the name masked


def _mentions(conversation: Conversation) -> dict[str, list[Spot]]:
    """Each candidate name (by its folded form) to its first mentions: (line, sentence,
    readings with the name masked). The first spelling seen is the name's display form."""
    excluded = _excluded(conversation)
    mid_caps = _mid_sentence_caps([ln.text for ln in conversation.lines])
    found: dict[str, list[Spot]] = {}
    shown: dict[str, str] = {}
    previous = ""
    anywhere = Counter(
        fold(n) for ln in conversation.lines for n in find_names(ln.text, excluded, mid_caps)
    )
    lower = _lowercase_words([ln.text for ln in conversation.lines])
    subjects: set[str] = set()
    for line in conversation.lines:
        parts = sentences(line.text) or [line.text]
        for at, sentence in enumerate(parts):
            names = list(dict.fromkeys(find_names(sentence, excluded, mid_caps)))
            for name in names:
                key = fold(name)
                if key not in found and len(found) >= MAX_NAMES:
                    continue
                spot = found.setdefault(key, [])
                shown.setdefault(key, name)
                alone = sentence.startswith(name) and _ALONE.fullmatch(sentence[len(name) :])
                if len(spot) < MAX_MENTIONS:
                    readings = _context(previous, sentence, name, names)
                    if alone and at + 1 < len(parts):  # what the speaker says of it next
                        readings += (_window(f"{MASK}. {parts[at + 1]}"),)
                    spot.append((line.index, sentence, readings))
                opens = sentence.startswith(name) and _SUBJECT.match(sentence[len(name) :])
                if (opens and (rare_word(key) or compound_word(key))) or (alone and rare_word(key)):
                    subjects.add(key)
            previous = sentence
    # A one-word name seen once, only at a sentence start, is more likely an ordinary word
    # ("Upfront.", "Sorry.") than a vendor; a name with inner capitals counts anyway, and so
    # does a word of no language that opens a clause as its subject ("Netradyne also bid",
    # "Algolia's rep called me": not "Gotcha, ..." or "Nope.").
    # A one-word name the conversation also writes in lower case is an ordinary word used as
    # a title or heading ("Support", "Finance").
    tiers = {k for k in found if " " not in shown[k] and _tier_name(shown[k], found[k])}
    return {
        shown[k]: v
        for k, v in found.items()
        if k not in tiers
        and (
            " " in shown[k]
            or (
                k not in lower
                and (
                    k in mid_caps
                    or anywhere[k] > 1
                    or any(c.isupper() for c in shown[k][1:])
                    or _LOWER_BRAND.match(shown[k]) is not None
                    or k in subjects
                )
            )
        )
    }


def _tier_name(name: str, spots: Sequence[Spot]) -> bool:
    """An ordinary word written as a plan or tier name in one of its mentions."""
    if not ordinary_word(fold(name)):
        return False
    quoted = re.escape(name)
    tier = re.compile(rf"\b{quoted}\s+{_TIER_AFTER}\b|\b{_TIER_BEFORE}\s+{quoted}\b", re.IGNORECASE)
    return any(tier.search(sentence) for _, sentence, _ in spots)


# What follows a name that opens a clause as its subject: a possessive or a lower-case word.
_SUBJECT = re.compile(r"(?:['\u2019]s)?\s+[a-z]")
# What follows a name said as a sentence of its own ("Procurify. They pitched us too.").
_ALONE = re.compile(r"[.?!]?\s*")


def _spoken_mentions(conversation: Conversation) -> dict[str, list[Spot]]:
    """The same for a lowercase transcript: the candidates found in vendor slots
    (:mod:`spoken_names`), each read on its first mentions with the spoken words masked
    (the line before joins a short line, as for capitalised names)."""
    texts = [fold(ln.text) for ln in conversation.lines]
    found: dict[str, list[Spot]] = {}
    found_names = spoken_names(texts, _excluded(conversation), _parties(conversation))
    for cand in found_names[:MAX_NAMES]:
        spots: list[Spot] = []
        for i, (line, text) in enumerate(zip(conversation.lines, texts, strict=True)):
            spans = occurrences(text, cand.key)
            if not spans:
                continue
            # read the words as spoken (accents kept) where folding kept the offsets
            shown = line.text.lower() if len(line.text) == len(text) else text
            masked = shown
            for start, end in reversed(spans):
                masked = masked[:start] + MASK + masked[end:]
            if i and len(text.split()) < SHORT_SENTENCE:
                masked = f"{conversation.lines[i - 1].text.lower()} {masked}"
            spots.append((line.index, line.text, (_window(masked),)))
            if len(spots) >= MAX_MENTIONS:
                break
        if spots:
            found[cand.shown] = spots
    return found


def _lowercase_words(texts: Sequence[str]) -> set[str]:
    return {fold(w) for t in texts for w in re.findall(r"\b[a-zà-ÿ][a-zà-ÿ'-]+\b", t)}


def _decide(probs: np.ndarray, labels: Sequence[str]) -> bool:
    """A name is a competitor when its best mention reads that way (``SURE``; ``SINGLE`` for a
    name said once: several mentions give a stray rival-like reading more chances, and a name
    is often also named in logistics, "send me the X end date", which says nothing against
    it), and when it reads as a competitor in at least as many mentions as it reads as any
    one other thing (a person, a place, a tool); else when its readings pool."""
    column = labels.index("competitor")
    best = float(probs[:, column].max())
    votes = np.bincount(probs.argmax(axis=1), minlength=len(labels))
    if best >= (SINGLE if len(probs) == 1 else SURE) and votes[column] >= votes.max():
        return True
    return _pooled(probs, column)


def _pooled(probs: np.ndarray, column: int) -> bool:
    """Several mentions that each lean to a rival without one being sure ("we use X", "what we
    pay X today", "if we broke the X contract early"): the chance that at least one of them
    reads right is high (``POOLED``), and the competitor reading is the strongest on average."""
    if len(probs) < 2:
        return False
    pooled = 1.0 - float(np.prod(1.0 - probs[:, column]))
    mean = probs.mean(axis=0)
    return pooled >= POOLED and bool(mean[column] >= mean.max())


def _unanimous(probs: np.ndarray, labels: Sequence[str]) -> bool:
    """A spoken name said several times that every mention reads as a competitor: speech
    without punctuation reads less sharply than text, so a repeated unanimous reading makes up
    for a best mention under ``SURE`` (still at least ``SINGLE``)."""
    column = labels.index("competitor")
    return (
        len(probs) >= 2
        and bool((probs.argmax(axis=1) == column).all())
        and float(probs[:, column].max()) >= SINGLE
    )


_FOUND: LineBudgetCache[tuple[Competitor, ...]] = LineBudgetCache(16)


def find_competitors(conversation: Conversation) -> tuple[Competitor, ...]:
    """The competitors named in the conversation, in order of first mention (cached within a
    line budget: notes and insights ask for the same conversation)."""
    found = _FOUND.get(conversation)
    if found is None:
        found = _find(conversation)
        _FOUND.put(conversation, found, len(conversation.lines))
    return found


def _find(conversation: Conversation) -> tuple[Competitor, ...]:
    mentions = _mentions(conversation)
    spoken: set[str] = set()
    if is_lowercase([ln.text for ln in conversation.lines]):
        for name, spots in _spoken_mentions(conversation).items():
            if fold(name) not in {fold(n) for n in mentions}:
                mentions[name] = spots
                spoken.add(name)
    if not mentions:
        return ()
    contexts = [c for spots in mentions.values() for _, _, readings in spots for c in readings]
    head = load_head("competitor")
    probs = head.probabilities(embed(contexts), contexts)
    kinds = _name_kinds(list(mentions))
    column = head.labels.index("competitor")
    blocks: dict[str, np.ndarray] = {}
    row = 0
    for name, spots in mentions.items():
        rows = []
        for _, _, readings in spots:  # the reading that leans most to a rival stands
            block = probs[row : row + len(readings)]
            rows.append(block[int(block[:, column].argmax())])
            row += len(readings)
        blocks[name] = np.stack(rows)

    def plausible(name: str) -> bool:  # not plainly a place or a person
        if _held_by_a_vendor(name, mentions[name]):
            return True
        return not (
            kinds[name]["place"] >= PLACE_PRIOR
            or (name not in spoken and kinds[name]["person"] >= PERSON_PRIOR)
        )

    chosen = {
        name
        for name, block in blocks.items()
        if (
            _decide(block, head.labels)
            or (name in spoken and _unanimous(block, head.labels))
            or _courted(name, mentions[name], block[:, column], kinds[name])
        )
        and plausible(name)
    }
    out: list[Competitor] = []
    for name, spots in mentions.items():
        if name not in chosen:
            continue
        comp = blocks[name][:, column]
        order = np.argsort(-comp, kind="stable")
        kept = tuple(
            Mention(spots[i][0], spots[i][1], float(comp[i])) for i in order if comp[i] >= LEAN
        )
        out.append(Competitor(name, kept or (Mention(spots[0][0], spots[0][1], float(comp[0])),)))
    return tuple(out)


# What only a company has: "Algolia's rep", "Clerkwell's pricing" (a place or a person does not
# send reps nor quote prices), so the name's own look ("-ia" reads as a country) does not rule it
# out.
_VENDOR_THINGS = (
    r"(?:sales ?)?reps?|account (?:manager|executive|exec)|ae|sales(?: team| people| guy| guys)?"
    r"|pricing|prices?|quotes?|proposal|contract|platform|product|renewal|list price|licen[cs]es?"
)


# What only a rival does, said of a name: it courts the customer ("X has been knocking on my
# door", "X pitched our regional VP", "X is offering me four lines", "X nos ofreció"), or the
# customer would go to it if we fail ("they'd look at X if we don't fix it", "nos vamos con X
# si no"). Grammar says rival here where the head, reading eight words each side, only leans.
_COURTS = re.compile(
    r"(?:['\u2019]s (?:reps?|people|team|guys?|sales team|account manager))?\s+"
    r"(?:(?:has|have|had) been |is |are |was |were |keeps? |kept |already |also |even |just )*"
    r"(?:pitch(?:ed|es|ing)?\b|quot(?:ed|es|ing) (?:us|me|them|a|an|\w+ (?:less|lower|under))\b"
    r"|offer(?:ed|s|ing)? (?:me|us|them)\b|knock(?:ed|s|ing) on (?:my|our|the) door"
    r"|(?:courting|chasing|undercutting|undercut) (?:me|us|them)\b|call(?:ed|s|ing) (?:me|us)\b"
    r"|reach(?:ed|es|ing) out\b|c(?:ame|omes) in (?:cheaper|lower|under|below)\b"
    r"|(?:nos|me) (?:ofrec|cotiz|llam|insist)\w*)",
    re.IGNORECASE,
)
_DEFECTS_TO = (
    r"(?:look(?:ed|ing)? (?:at|into)|switch(?:ed|ing)? (?:over )?to|mov(?:e|ed|ing) (?:over )?to"
    r"|go(?:ing)? (?:over )?(?:with|to)|jump(?:ed|ing)? (?:ship )?to|tak(?:e|ing) (?:it|our "
    r"business) to|nos (?:vamos|iremos|pasamos|pasaremos) (?:a|con)|cambiar(?:nos)? a"
    r"|irnos (?:a|con)|pasarnos a)\s+(?:the\s+)?"
)
_UNLESS = r"\b[^.?!]*\b(?:if|unless|instead|si no|a menos que)\b"


def _courted(
    name: str, spots: Sequence[Spot], competitor: np.ndarray, kind: dict[str, float]
) -> bool:
    """A mention that says the name acts as a rival (``_COURTS``, ``_DEFECTS_TO``), of a name
    that reads as an organisation, or in a mention the head reads as a rival's at least leaning
    that way (``LEAN``): a person pitches and calls too ("Magdalena called me")."""
    company = kind["organisation"] >= max(kind["person"], kind["place"])
    quoted = re.escape(name)
    courts = re.compile(rf"(?<!\w){quoted}(?=['\u2019\s])", re.IGNORECASE)
    defects = re.compile(rf"\b{_DEFECTS_TO}{quoted}(?!\w){_UNLESS}", re.IGNORECASE)
    for (_, sentence, _), prob in zip(spots, competitor, strict=True):
        if prob < LEAN and not company:
            continue
        if defects.search(sentence) or any(
            _COURTS.match(sentence, m.end()) for m in courts.finditer(sentence)
        ):
            return True
    return False


def _held_by_a_vendor(name: str, spots: Sequence[Spot]) -> bool:
    pattern = re.compile(rf"\b{re.escape(name)}['\u2019]s (?:{_VENDOR_THINGS})\b", re.IGNORECASE)
    return any(pattern.search(sentence) for _, sentence, _ in spots)


def _name_kinds(names: Sequence[str]) -> dict[str, dict[str, float]]:
    """Each name's probabilities of naming a place, a person or an organisation, from the
    bare name (one short embedding per distinct name)."""
    if not names:
        return {}
    head = load_head("name_kind")
    probs = head.probabilities(embed(names), names)
    return {
        n: dict(zip(head.labels, map(float, row), strict=True))
        for n, row in zip(names, probs, strict=True)
    }
