"""The forms names, domains and next steps are compared in: accent- and case-insensitive."""

from __future__ import annotations

import hashlib
import re

from meetsight.intelligence.builtin.folding import fold
from meetsight.intelligence.builtin.stopwords import wordset

# Addresses at these domains say nothing about the company a person works for.
FREE_MAIL_DOMAINS = wordset(
    """gmail.com googlemail.com yahoo.com yahoo.es yahoo.co.uk ymail.com hotmail.com hotmail.es
    hotmail.co.uk outlook.com outlook.es live.com msn.com icloud.com me.com mac.com aol.com
    proton.me protonmail.com gmx.com gmx.de gmx.net web.de mail.com zoho.com yandex.com
    yandex.ru fastmail.com hey.com qq.com 163.com naver.com"""
)
_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)
_DOMAIN = re.compile(r"^(?=.{1,255}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$")


def fold_name(name: str) -> str:
    """ "Cedar & Stone Builders" -> "cedar stone builders"; "Lucía" -> "lucia"."""
    return " ".join(_NON_WORD.sub(" ", fold(name)).split())


FOLDED_NAME_MAX = 200  # accounts.folded_name's length


def account_key(name: str) -> str:
    """An account name as stored and compared: folded, and cut to the column (folding can
    lengthen text: "ﬁ" becomes "fi")."""
    return fold_name(name)[:FOLDED_NAME_MAX]


def email_domain(email: str | None) -> str | None:
    """The company domain of an address, or None for a free-mail or malformed one."""
    if not email or "@" not in email:
        return None
    domain = email.rsplit("@", 1)[1].strip().lower().rstrip(".")
    if not _DOMAIN.match(domain) or domain in FREE_MAIL_DOMAINS:
        return None
    return domain


def is_domain(value: str) -> bool:
    return bool(_DOMAIN.match(value))


def step_key(action: str, occurrence: int = 0) -> str:
    """A next step's stable key within its conversation: its folded words (so that a rerun that
    only changes case, accents or punctuation finds the same step), numbered when one
    conversation produces the same step twice."""
    digest = hashlib.sha256(f"{fold_name(action)}#{occurrence}".encode()).hexdigest()
    return digest[:40]
