"""Jinja2 pages: `render(request, "name.html", **context)` on top of base.html."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from meetsight.web.csrf import CSRF_FIELD, csrf_token, set_presession_cookie

TEMPLATES_DIR = Path(__file__).parent / "templates"
STATIC_DIR = Path(__file__).parent / "static"

_env = Environment(
    loader=FileSystemLoader(TEMPLATES_DIR),
    autoescape=select_autoescape(("html",)),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


def _when(value: datetime | None) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if value else "—"


def _clock(seconds: float | None) -> str:
    """1:02:03 or 4:05: a duration or a moment in a recording."""
    whole = int(seconds or 0)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


_env.filters["when"] = _when
_env.filters["clock"] = _clock


def render(
    request: Request, name: str, /, *, status_code: int = 200, **context: Any
) -> HTMLResponse:
    """The page `name` with the signed-in user (resolved earlier by require_user or
    current_user; None otherwise), the CSRF token, and `context`.

    Pages are never cached: they carry CSRF tokens and sometimes a secret shown once.
    """
    user = getattr(request.state, "web_user", None)
    values = {
        "request": request,
        "user": user,
        "csrf_field": CSRF_FIELD,
        "csrf_token": csrf_token(request),
        "path": request.url.path,
        **context,
    }
    response = HTMLResponse(_env.get_template(name).render(values), status_code=status_code)
    response.headers["Cache-Control"] = "no-store"
    set_presession_cookie(request, response)
    return response


def render_document(name: str, /, **context: Any) -> str:
    """A standalone template (no base.html, no user, no CSRF) rendered to text."""
    return _env.get_template(name).render(context)
