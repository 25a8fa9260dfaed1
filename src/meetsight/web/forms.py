"""Reading submitted form fields as plain strings."""

from __future__ import annotations

from starlette.datastructures import FormData


def field(form: FormData, name: str, *, max_length: int = 2000) -> str:
    """The field's text (an uploaded file or a missing field reads as ""), cut at max_length."""
    value = form.get(name)
    return value[:max_length] if isinstance(value, str) else ""


def fields(form: FormData, name: str) -> list[str]:
    return [v for v in form.getlist(name) if isinstance(v, str)]
