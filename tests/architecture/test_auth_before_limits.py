"""The way of a request (docs/architecture.md): `auth` resolves the credential and then charges
the rate limiter, which is given plain identities and knows nothing of credentials."""

from __future__ import annotations

from .import_graph import import_sites


def test_the_rate_limiter_imports_nothing_from_auth() -> None:
    sites = import_sites()
    assert sites.get(("ratelimit", "auth"), []) == []
    assert ("auth", "ratelimit") in sites  # auth/admission.py charges it
