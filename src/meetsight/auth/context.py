"""Who is asking: every request resolves once to an AuthContext that scopes all data access."""

from __future__ import annotations

from dataclasses import dataclass

from meetsight.errors import MissingScope


@dataclass(frozen=True, slots=True)
class AuthContext:
    organization_id: str
    scopes: frozenset[str]
    credential_kind: str  # "api_key", "oauth" or "session"
    credential_id: str
    user_id: str | None = None

    def require(self, *any_of: str) -> None:
        """Raise 403 unless the credential holds at least one of the scopes."""
        if not self.scopes.intersection(any_of):
            raise MissingScope(any_of)
