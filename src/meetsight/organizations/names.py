"""Forgiving lookups of people: names and companies compared without case or accents ("Lucia"
finds "Lucía", "MÜLLER" finds "Müller"), and the domain of an email address.

The folded forms are stored beside the originals (people.name_folded, company_folded,
email_domain), written on every insert and update of a person through the ORM, so that the same
plain LIKE and = find them on SQLite and PostgreSQL alike, with no unaccent extension or
collation of either engine.
"""

from __future__ import annotations

import re
import unicodedata

FOLDED_MAX = 400  # folding may lengthen a name ("ß" -> "ss", ligatures), never past twice
_DOMAIN = re.compile(r"@?(?:[\w-]+\.)+[\w-]{2,}")


def fold_name(text: str | None) -> str:
    """Lowercase (casefold) without accents or other combining marks, spaces collapsed."""
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.split())[:FOLDED_MAX]


def email_domain(email: str | None) -> str | None:
    """The part after the last "@", lowercased; None without one."""
    if not email or "@" not in email:
        return None
    domain = email.rsplit("@", 1)[1].strip().lower()
    return domain[:255] or None


def domain_query(value: str) -> str | None:
    """The domain a company lookup names ("acme.com", "@acme.com", "ana@acme.com"), or None
    when the value is a company name ("Acme", "Acme Corp.")."""
    value = value.strip().lower()
    if "@" in value:
        return email_domain(value)
    return value if _DOMAIN.fullmatch(value) else None
