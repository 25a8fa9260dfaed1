"""English: what the built-in engine reads an English conversation with (pack.LanguagePack).

The commitment rules themselves are long and stay in ``commitments_en.py``; the words and
patterns below moved here from the modules that used them (cleanup, chat_passages,
commitment_now, commitment_context, chat_facts, chat_slots).
"""

from __future__ import annotations

import re

from meetsight.intelligence.builtin.commitments_en import CUT_EN, EN_TIME, en_promise, en_tidy
from meetsight.intelligence.builtin.languages.pack import LanguagePack
from meetsight.intelligence.builtin.stopwords import ENGLISH, wordset

_SHORT_WORDS = wordset(
    """ad ai am an as at be by do go he hi id if in is it me my no of oh on or ox so to up us
    we ago air all and any are art ask bad bag bar bed big bit box boy bus but buy can car cat
    cut day did die dog dry due ear eat end eye far fee few fit fix fly for fun gas get got gun
    guy had has hat her him his hit hot how its job key kid law lay leg let lie lot low man map
    may mid mix net new nor not now odd off oil old one our out own pay pen per pet pie put ran
    raw red rid row run sad saw say sea see set she shy six sky son sum sun tax tea ten the tie
    tip too top toy try two use van via war was way web wet who why win won yes yet you zip"""
)

_SUFFIXES = ("ing", "ed", "es", "s", "mente")
_SHORT_PAST = re.compile(r"^[a-z]{2}[b-df-hj-np-tv-z]ed$")


def _stem(word: str) -> str:
    """Drop a plural or verb ending and keep at most five letters."""
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    else:
        if _SHORT_PAST.match(word):
            word = word[:3]  # "fixed", "asked", "owned" -> "fix", "ask", "own" ("speed" stays)
    return word[:5]


# Promises kept during the call (commitment_now.py says how they are read).
_NOW = re.compile(
    r"\b(?:right now|now|as we speak|while (?:we|you|i)(?:'re| are|'m| am) (?:on the (?:phone"
    r"|call|line)|here|there|talking|connected|still on)|while i have you(?: on the (?:phone"
    r"|line))?|on this call|during (?:this|the) call|before we hang up)\b"
)
# Acts that only exist inside the call: bringing someone onto it, holding or transferring the
# caller ("let me get my supervisor on the line", "would you mind if I bring in my manager?").
_CALL_ITSELF = re.compile(
    r"\b(?:get|bring|pull|loop|patch|conference|have)\s+(?:[a-z'-]+\s+){0,3}?(?:on|onto|into|in"
    r" on)\s+(?:the|this|our)\s+(?:line|call|phone)\b"
    r"|\bbring in (?:my|our|a|the) (?:supervisor|manager|team lead|lead|colleague|specialist)\b"
    r"|\b(?:put|place) you (?:on|through)\b|\btransfer (?:you|your call)\b"
)
# A short sentence that reports it done: "Okay, it's sent.", "Done."
_DONE = re.compile(
    r"^(?:(?:ok|okay|alright|all right|right|there|and|great|perfect|so)[ ,]+)*"
    r"(?:it's |that's |it is |that is |all |you're all |it has been |it's been )?"
    r"(?:done|sent|submitted|fixed|unlocked|reset|sorted|through|set|on|live|gone through"
    r"|in your inbox|on its way)(?: now)?[.!]?$"
)

# Noun phrases (commitment_context.py).
_DETERMINERS = wordset(
    """
    the a an our your my their his her its these those some any all both each every
    another this
    """
)
# Words that end a noun phrase: function words, pronouns, auxiliaries and common verb forms.
_PHRASE_STOP = wordset(
    """
    i you he she it we they me him us them my your our their its mine yours ours this that
    these those who whom whose which what when where why how whether if then than so and
    or but nor because since while as once until unless though although to of for on in at
    by with from about into onto over under after before between through during without
    within up down out off back away across along around again also just only even still
    already yet very really too quite pretty is am are was were be been being has have had
    having do does did doing will would shall should can could may might must 'll 'd 're
    've 's not no never yes yeah ok okay sure please thanks there here now today tomorrow
    tonight yesterday get gets got send sends sent take takes took make makes made give
    gives gave put go goes went come comes came know knows knew think thinks thought see
    sees saw say says said tell told want wants need needs like likes let lets look looks
    feel feels keep keeps seem seems works work worked holds hold include includes
    including spells lands landed starts started runs ran written done given taken seen
    known gone built
    """
)
_PHRASE_LINKS = frozenset({"of", "for", "on", "by", "with", "from", "in", "about"})

_FIRST_PERSON = re.compile(r"\b(?:i|i'll|i'm|i've|i'd|me|my|we|we'll|we're)\b")

PACK = LanguagePack(
    code="en",
    name="English",
    stopwords=ENGLISH,
    short_words=_SHORT_WORDS,
    stem=_stem,
    promise=en_promise,
    action_cut=CUT_EN,
    action_time=EN_TIME,
    tidy_action=en_tidy,
    said_now=_NOW,
    call_itself=_CALL_ITSELF,
    reported_done=_DONE,
    determiners=_DETERMINERS,
    phrase_stop=_PHRASE_STOP,
    phrase_links=_PHRASE_LINKS,
    participles_end_phrases=True,
    not_covered="The conversation does not cover that.",
    first_person=_FIRST_PERSON,
)
