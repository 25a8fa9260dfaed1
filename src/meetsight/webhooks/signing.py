"""HMAC-SHA256 signatures over `timestamp.payload`, in the `Meetsight-Signature` header.

The timestamp is signed with the body so that a captured request cannot be replayed later: a
receiver checks the signature and that the timestamp is recent (five minutes is usual).
"""

from __future__ import annotations

import hashlib
import hmac
import time

SIGNATURE_HEADER = "Meetsight-Signature"
DELIVERY_HEADER = "Meetsight-Delivery"
EVENT_HEADER = "Meetsight-Event"
DEFAULT_TOLERANCE_SECONDS = 300


def compute_signature(secret: str, timestamp: int, body: bytes) -> str:
    signed = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def signature_header(secret: str, timestamp: int, body: bytes) -> str:
    return f"t={timestamp},v1={compute_signature(secret, timestamp, body)}"


def verify_signature(
    secret: str,
    header: str,
    body: bytes,
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """True when `header` signs `body` with `secret` and its timestamp is within the tolerance.
    Several `v1=` values may be present (one per secret while a secret is rotated)."""
    timestamp: int | None = None
    candidates: list[str] = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t" and value.isdigit():
            timestamp = int(value)
        elif key == "v1":
            candidates.append(value)
    if timestamp is None or not candidates:
        return False
    if abs((now if now is not None else time.time()) - timestamp) > tolerance_seconds:
        return False
    expected = compute_signature(secret, timestamp, body)
    return any(hmac.compare_digest(expected, c) for c in candidates)
