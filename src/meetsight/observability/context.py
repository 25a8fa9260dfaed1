"""The request id (and job id) of the work in progress, carried by context variables: a log
line written anywhere below a request or a job names them without being passed them."""

from __future__ import annotations

import os
import re
from contextvars import ContextVar

# What an incoming id may look like: printable, short, no spaces (it ends up in logs and
# headers; anything else is replaced by a generated one).
_SANE_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")

request_id_var: ContextVar[str | None] = ContextVar("meetsight_request_id", default=None)
job_id_var: ContextVar[str | None] = ContextVar("meetsight_job_id", default=None)


def new_request_id() -> str:
    """What `uuid.uuid4().hex` gives (32 hex digits, version 4, RFC 4122 variant), made from
    the random bytes directly: building a UUID object cost more than the bytes themselves,
    once per request."""
    raw = bytearray(os.urandom(16))
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    return raw.hex()


def accept_request_id(incoming: str | None) -> str:
    """The caller's id when it is sane, else a new one."""
    if incoming and _SANE_ID.fullmatch(incoming):
        return incoming
    return new_request_id()


def current_request_id() -> str | None:
    return request_id_var.get()
