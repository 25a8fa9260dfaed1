"""REST listing parameters: limit (default 10, max 100) and page (default 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Query

MAX_LIMIT = 100
MAX_PAGE = 1_000_000


@dataclass(frozen=True, slots=True)
class Page:
    limit: int
    page: int

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.limit


async def page_params(
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="Items per page")] = 10,
    page: Annotated[int, Query(ge=1, le=MAX_PAGE, description="1-based page number")] = 1,
) -> Page:
    return Page(limit=limit, page=page)


PageParams = Annotated[Page, Depends(page_params)]


def total_header(total: int) -> dict[str, str]:
    return {"X-Total-Count": str(total)}
