"""What authentication reads of the running app: a protocol that `state.AppState` satisfies, so
that `auth` (below `state`, which holds an `ApiKeyVerifier`) names no class above it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

if TYPE_CHECKING:
    from meetsight.auth.api_keys import ApiKeyVerifier
    from meetsight.auth.context import AuthContext
    from meetsight.config import Settings
    from meetsight.ratelimit.request_limits import RequestLimits


class BearerTokens(Protocol):
    """The OAuth access tokens' verifier (`auth/oauth/bearer.BearerVerifier`, built in
    `app.py`)."""

    def forget(self) -> None: ...

    async def verify(
        self, sessionmaker: async_sessionmaker[AsyncSession], token: str, resource: str
    ) -> AuthContext | None: ...


class AuthState(Protocol):
    """The parts of the app's state that admission, credentials and the OAuth endpoints read."""

    @property
    def settings(self) -> Settings: ...

    @property
    def sessionmaker(self) -> async_sessionmaker[AsyncSession]: ...

    @property
    def api_keys(self) -> ApiKeyVerifier: ...

    @property
    def bearer(self) -> BearerTokens: ...

    @property
    def public_url(self) -> str: ...

    @property
    def rate_limits(self) -> RequestLimits | None: ...
