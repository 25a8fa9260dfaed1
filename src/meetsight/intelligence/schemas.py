"""Smart categories on the wire."""

from __future__ import annotations

from meetsight.schemas import Schema


class SmartCategoryOut(Schema):
    id: str
    name: str
    description: str
    examples: list[str]
    type: str
    created_at: str
    updated_at: str
