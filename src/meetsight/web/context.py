"""What the web layer computes once per app: its settings and the keys derived from the secret."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from starlette.requests import Request

from meetsight.config import Settings


@dataclass(frozen=True, slots=True)
class WebContext:
    settings: Settings
    secret: bytes
    https: bool

    @property
    def session_cookie(self) -> str:
        # __Host- makes the browser refuse the cookie unless Secure, host-only and Path=/.
        return "__Host-meetsight_session" if self.https else "meetsight_session"

    @property
    def presession_cookie(self) -> str:
        return "__Host-meetsight_presession" if self.https else "meetsight_presession"

    def derive(self, purpose: str, value: str) -> bytes:
        """A keyed digest of `value` for one purpose (CSRF tokens, flash keys)."""
        return hmac.new(self.secret, f"{purpose}:{value}".encode(), hashlib.sha256).digest()


def build_web_context(settings: Settings) -> WebContext:
    return WebContext(
        settings=settings,
        secret=settings.hmac_secret(),
        https=settings.resolved_public_url().startswith("https://"),
    )


def web_context(request: Request) -> WebContext:
    return request.app.state.web  # type: ignore[no-any-return]


def client_ip(request: Request) -> str | None:
    return request.client.host if request.client else None
