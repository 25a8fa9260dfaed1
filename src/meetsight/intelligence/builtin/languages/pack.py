"""What a language provides to the built-in engine: one frozen record per language.

A field holds a language's own words, patterns or small functions; the modules that read a
conversation ask ``languages.pack_for(language)`` for them instead of testing the language
code. Tables that match every language at once (a number said in English or Spanish, the
sales cues, the chat question patterns) stay in their modules; docs/architecture.md lists them
under "where a new language goes".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from meetsight.intelligence.builtin.commitment_hits import Hit

# (sentence, its folded form, the speaker, first names by full name) -> the promise said
PromiseFinder = Callable[[str, str, str, dict[str, str]], Hit | None]


@dataclass(frozen=True)
class LanguagePack:
    code: str  # ISO 639-1, as Conversation.language
    name: str

    # Words (cleanup.py, chat_passages.py)
    stopwords: frozenset[str]  # accent-folded, fillers of spoken talk included
    short_words: frozenset[str]  # real words of two or three letters (not ASR debris)
    stem: Callable[[str], str]  # crude stem: a question's words meet a line's

    # Next steps (commitments.py and the commitment_* modules)
    promise: PromiseFinder  # the first promise a sentence makes, or None
    action_cut: re.Pattern[str]  # where an action's clause ends ("so that", "para que")
    action_time: re.Pattern[str]  # a time of day said inside the action ("at 3 pm")
    tidy_action: Callable[[str, dict[str, str]], str]  # the action as a step reads
    said_now: re.Pattern[str]  # the act happens during the call ("right now")
    call_itself: re.Pattern[str]  # an act of the call itself (a hold, a transfer)
    reported_done: re.Pattern[str]  # a short reply that reports it done ("Okay, it's sent.")
    determiners: frozenset[str]  # noun phrases (commitment_context.py)
    phrase_stop: frozenset[str]  # words that end a noun phrase
    phrase_links: frozenset[str]  # "the terms of the renewal": words inside a noun phrase
    participles_end_phrases: bool  # "the logs posted": an -ed or -ly word ends a phrase

    # Chat (chat_facts.py, chat_slots.py)
    not_covered: str  # the answer when the conversation does not cover a question
    first_person: re.Pattern[str]  # the speaker speaking of themselves doing something
