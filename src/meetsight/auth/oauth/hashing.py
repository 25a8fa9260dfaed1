"""The random values the server hands out and how each is stored (an HMAC, never the value)."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence

from meetsight.auth.api_keys import hash_key

CLIENT_ID_PREFIX = "msc_"
CLIENT_SECRET_PREFIX = "mss_"
CODE_PREFIX = "msz_"
ACCESS_TOKEN_PREFIX = "msa_"
REFRESH_TOKEN_PREFIX = "msr_"
MAX_PRESENTED_LENGTH = 200

# Client secrets carry 256 random bits, so a server-side key adds nothing against guessing; a
# fixed key keeps them verifiable whatever MEETSIGHT_SECRET_KEY is (the settings page creates
# clients without it, and rotating that key must not lock every client out).
CLIENT_SECRET_KEY = b"meetsight oauth client secret"


def new_client_id() -> str:
    return CLIENT_ID_PREFIX + secrets.token_urlsafe(18)


def new_secret(prefix: str) -> str:
    return prefix + secrets.token_urlsafe(32)


def hash_client_secret(secret: str) -> str:
    return hash_key(CLIENT_SECRET_KEY, secret)


def client_secret_matches(stored_hash: str | None, presented: str) -> bool:
    if stored_hash is None or len(presented) > MAX_PRESENTED_LENGTH:
        return False
    return hmac.compare_digest(stored_hash, hash_client_secret(presented))


def hash_token(server_secret: bytes, token: str) -> str:
    """Codes, access and refresh tokens: keyed by the server secret, as API keys are."""
    return hash_key(server_secret, token)


def token_digests(server_secrets: Sequence[bytes], token: str) -> list[str]:
    """What a presented code or token may be stored as: its HMAC under the current secret and
    under each secret rotated out (MEETSIGHT_PREVIOUS_SECRET_KEYS), so a rotation does not make
    every client authorize again. Nothing needs moving: access tokens and codes expire, and a
    refresh is answered with tokens stored under the current secret."""
    return [hash_key(secret, token) for secret in server_secrets]
