"""Jinja2 pages: `render(request, "name.html", **context)` on top of base.html."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from meetsight.activities.serializers import moment_url
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


def _paragraphs(text: str | None) -> Markup:
    """Text with line breaks as the writer meant them: a paragraph per line, and lines that
    start with "- ", "* " or "• " as a list (summaries come as several lines)."""
    parts: list[str] = []
    items: list[str] = []
    for raw in (text or "").splitlines():
        line = raw.strip()
        bullet = line[:2] in ("- ", "* ", "• ")
        if items and not bullet:
            parts.append("<ul>" + "".join(items) + "</ul>")
            items = []
        if bullet:
            items.append(f"<li>{escape(line[2:].strip())}</li>")
        elif line:
            parts.append(f"<p>{escape(line)}</p>")
    if items:
        parts.append("<ul>" + "".join(items) + "</ul>")
    return Markup("".join(parts))


def type_label(name: str | None, type_name: str | None) -> str:
    """The conversation type to show beside a title, or "" when the title already says it
    ("Negotiation · Meridian" is not followed by "· Negotiation")."""
    if not type_name or type_name.casefold() in (name or "").casefold():
        return ""
    return type_name


MEDIA_LABELS = {"videocall": "Video call", "presential": "In person", "phonecall": "Phone call"}


def score_band(score: float | None) -> str:
    """The colour a 0-100 score is shown in: good from 70, fair from 40, low below."""
    if score is None:
        return "none"
    return "good" if score >= 70 else "fair" if score >= 40 else "low"


_env.filters["when"] = _when
_env.filters["clock"] = _clock
_env.filters["paragraphs"] = _paragraphs
_env.globals["type_label"] = type_label
_env.globals["score_band"] = score_band
_env.globals["media_labels"] = MEDIA_LABELS
_env.globals["moment_url"] = moment_url  # the one deep-link form, relative here ("")


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
