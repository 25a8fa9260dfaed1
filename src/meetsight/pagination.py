"""REST listing bounds (limit default 10, max 100; page from 1) and the total-count header."""

from __future__ import annotations

MAX_LIMIT = 100
MAX_PAGE = 1_000_000


def total_header(total: int) -> dict[str, str]:
    return {"X-Total-Count": str(total)}
