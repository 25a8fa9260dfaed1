"""The language of a transcript from its words, for uploads that do not say.

Conversation is dense with function words ("the", "and", "que", "de"), so the share of each
language's most frequent ones identifies it reliably once a few dozen words are in: the
language whose words cover the most tokens wins when it clearly beats the runner-up. English
and Spanish get the engine's rules; the others are recognised so that the engine can say it
does not support them rather than read them with English rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from meetsight.intelligence.builtin.folding import fold

MIN_TOKENS = 12
MIN_SHARE = 0.12
MIN_LEAD = 1.4  # the winner's share over the runner-up's
MAX_TOKENS = 20_000  # enough to decide; a long transcript is not read to the end

# The commonest function words of each language (accent-folded), words shared by several
# languages left out ("a", "de" is kept for Spanish and Portuguese alike: the rest decides).
_FUNCTION_WORDS = {
    "en": "the and to of is that it you we i in for this was have with be on not are they "
    "what so but just can do there be will would about if my our your yeah know think",
    "es": "el la que de y en los las es un una por con para no lo se del al pero como mas "
    "muy esta este eso tambien porque cuando ya hay nosotros vale bueno tenemos usted",
    "pt": "o a que de e em os as um uma para com nao do da no na mas como mais muito voce "
    "isso tambem porque quando ja tem nos entao esta sim",
    "fr": "le la les de et que un une est pas je vous nous il des en du pour dans ce qui "
    "sur avec mais tres on oui c'est aussi",
    "de": "der die das und ist nicht ich sie wir es zu den ein eine mit auf dem fur auch "
    "sich wie aber noch ja oder wenn dass",
    "it": "il la che di e un una per non sono con del della le gli anche ma come piu si "
    "questo molto perche quando gia cosa",
    "nl": "de het een en van is dat niet ik je we wij met voor op zijn ook maar als er "
    "wat dan nog heb",
}
_VOCAB = {lang: frozenset(words.split()) for lang, words in _FUNCTION_WORDS.items()}
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")


def detect_language(texts: Iterable[str]) -> str | None:
    """ISO 639-1 code of the text's language, or None when too short or too mixed to say."""
    hits = dict.fromkeys(_VOCAB, 0)
    total = 0
    for text in texts:
        for token in _TOKEN.findall(fold(text)):
            total += 1
            for lang, vocab in _VOCAB.items():
                if token in vocab:
                    hits[lang] += 1
        if total >= MAX_TOKENS:
            break
    if total < MIN_TOKENS:
        return None
    ranked = sorted(hits.items(), key=lambda kv: kv[1], reverse=True)
    (best, best_hits), (_, second_hits) = ranked[0], ranked[1]
    if best_hits / total < MIN_SHARE or best_hits < MIN_LEAD * second_hits:
        return None
    return best
