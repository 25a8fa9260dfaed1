"""Time-sortable opaque ids (UUIDv7, RFC 9562) as strings."""

from __future__ import annotations

import os
import time
import uuid


def new_id() -> str:
    ms = time.time_ns() // 1_000_000
    rand = int.from_bytes(os.urandom(10), "big")
    value = (ms & ((1 << 48) - 1)) << 80
    value |= 0x7 << 76  # version
    value |= (rand >> 68) << 64  # 12 random bits (rand_a)
    value |= 0b10 << 62  # variant
    value |= rand & ((1 << 62) - 1)  # 62 random bits (rand_b)
    return str(uuid.UUID(int=value))
