"""Participant and company lookups that forgive: the conditions on a person, their values bound
by name so that statements are built once per kind of lookup (the finder's shapes, the REST
listings' filters). Names and companies compare folded (organizations/names.py): "Lucia" finds
"Lucía"; an email matches exactly, whatever its case, as the spec says."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from meetsight.organizations.names import domain_query, fold_name


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def like(text: str) -> str:
    return f"%{_escape(text)}%"


def participant_kind(value: str) -> str:
    """How a participant value matches: an email exactly, "@domain" by domain, else a name."""
    if "@" not in value:
        return "name"
    return "domain" if value.startswith("@") else "email"


def participant_params(value: str, name: str = "participant") -> dict[str, str]:
    kind = participant_kind(value)
    if kind == "email":
        return {name: value.lower()}
    if kind == "domain":
        return _domain_params(name, value.lstrip("@").strip().lower())
    return {name: like(fold_name(value))}


def company_params(value: str, name: str = "company") -> tuple[str, dict[str, str]]:
    """("domain" or "company", the bound values) of a company lookup: a domain ("acme.com",
    "@acme.com", an address at it) matches the people's email domain and its subdomains; a
    name matches the people's company, or an email domain that spells it (spaces dropped or
    hyphens), case and accents ignored."""
    domain = domain_query(value)
    if domain is not None:
        return "domain", _domain_params(name, domain)
    folded = fold_name(value)
    return "company", {
        name: like(folded),
        f"{name}_compact": like(folded.replace(" ", "")),
        f"{name}_hyphen": like(folded.replace(" ", "-")),
    }


def _domain_params(name: str, domain: str) -> dict[str, str]:
    return {name: domain, f"{name}_sub": f"%.{_escape(domain)}"}


def person_condition(
    kind: str, name: str, person: Any, values: dict[str, str] | None = None
) -> Any:
    """The condition on a person for a lookup of this kind ("email", "domain", "name",
    "company"), its values bound under `name` (participant_params, company_params): given as
    `values`, bound now (anonymous names, for statements built with their values)."""

    def b(key: str) -> Any:
        if values is None:
            return sa.bindparam(key)
        return sa.bindparam(key, value=values[key], unique=True)

    if kind == "email":
        return sa.func.lower(person.email) == b(name)
    if kind == "domain":
        return sa.or_(
            person.email_domain == b(name),
            person.email_domain.like(b(f"{name}_sub"), escape="\\"),
        )
    if kind == "company":
        return sa.or_(
            person.company_folded.like(b(name), escape="\\"),
            person.email_domain.like(b(f"{name}_compact"), escape="\\"),
            person.email_domain.like(b(f"{name}_hyphen"), escape="\\"),
        )
    return person.name_folded.like(b(name), escape="\\")
