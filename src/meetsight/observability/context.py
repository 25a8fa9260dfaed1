"""The request id (and job id) of the work in progress, carried by context variables: a log
line written anywhere below a request or a job names them without being passed them."""

from __future__ import annotations

import re
import uuid
from contextvars import ContextVar

# What an incoming id may look like: printable, short, no spaces (it ends up in logs and
# headers; anything else is replaced by a generated one).
_SANE_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")

request_id_var: ContextVar[str | None] = ContextVar("meetsight_request_id", default=None)
job_id_var: ContextVar[str | None] = ContextVar("meetsight_job_id", default=None)


def new_request_id() -> str:
    return uuid.uuid4().hex


def accept_request_id(incoming: str | None) -> str:
    """The caller's id when it is sane, else a new one."""
    if incoming and _SANE_ID.fullmatch(incoming):
        return incoming
    return new_request_id()


def current_request_id() -> str | None:
    return request_id_var.get()
