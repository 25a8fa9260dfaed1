"""Password hashing: Argon2id (argon2-cffi's RFC 9106 low-memory profile: t=3, m=64 MiB, p=4).

Hashes written before Argon2 (`scrypt$salt$digest`) still verify; `needs_rehash` says when a
successful sign-in should replace a stored hash with a fresh Argon2 one.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_HASHER = PasswordHasher()
_SCRYPT_N, _SCRYPT_R, _SCRYPT_P = 2**14, 8, 1
MIN_PASSWORD_LENGTH = 10
MAX_PASSWORD_LENGTH = 1024  # hashing cost grows with length; nobody types more


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(password: str, stored: str) -> bool:
    """True when `password` matches `stored` (Argon2 or the older scrypt form)."""
    if len(password) > MAX_PASSWORD_LENGTH:
        return False
    if stored.startswith("scrypt$"):
        return _verify_scrypt(password, stored)
    try:
        return _HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    if not stored.startswith("$argon2"):
        return True
    try:
        return _HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


def burn_verify_time(password: str) -> None:
    """Spend what a real verification costs, so an unknown email answers as slowly as a known
    one (no user enumeration by timing)."""
    verify_password(password, _DUMMY_HASH)


def password_problem(password: str) -> str | None:
    """Why a new password is refused, or None."""
    if len(password) < MIN_PASSWORD_LENGTH:
        return f"password: at least {MIN_PASSWORD_LENGTH} characters"
    if len(password) > MAX_PASSWORD_LENGTH:
        return f"password: at most {MAX_PASSWORD_LENGTH} characters"
    return None


def _verify_scrypt(password: str, stored: str) -> bool:
    try:
        _, salt_b64, digest_b64 = stored.split("$")
        salt, expected = base64.b64decode(salt_b64), base64.b64decode(digest_b64)
    except (ValueError, binascii.Error):
        return False
    digest = hashlib.scrypt(
        password.encode(), salt=salt, n=_SCRYPT_N, r=_SCRYPT_R, p=_SCRYPT_P, dklen=32
    )
    return hmac.compare_digest(digest, expected)


_DUMMY_HASH = hash_password("not a real password, only spends time")
