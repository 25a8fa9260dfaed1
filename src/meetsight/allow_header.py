"""The `Allow` header of a 405: every method served at the path, not only one route's.

FastAPI makes one route per method, and Starlette answers a wrong method with the methods of the
first route whose path matched (GET of GET /notes and POST /notes), so a client was told that a
path it can POST to only takes GET (RFC 9110 section 15.5.6 asks for all of them).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute, Match

CANDIDATES = ("DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT")


@lru_cache(maxsize=512)
def _template_regex(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
    return re.compile(pattern)


def documented_methods(document: dict[str, Any], path: str) -> set[str]:
    """The methods the OpenAPI document gives for `path`. A path that the document names
    literally (/meetings/upload) has that entry's methods only, not those of a template it
    also fits (/meetings/{activity_id}, where "upload" would just be an unknown id)."""
    literal: set[str] = set()
    templated: set[str] = set()
    for template, item in document.get("paths", {}).items():
        if _template_regex(template).fullmatch(path):
            methods = {m.upper() for m in item if m.upper() in CANDIDATES}
            (templated if "{" in template else literal).update(methods)
    return literal or templated


def allowed_methods(app: Any, request: Request) -> list[str]:
    """The documented methods of the request's path; for routes outside the document, the
    methods for which some route fully matches (probed with `BaseRoute.matches`, which included
    routers, no longer flattened by FastAPI, share with plain routes)."""
    documented = documented_methods(app.openapi(), request.url.path)
    if documented:
        return sorted(documented)
    routes: list[BaseRoute] = app.router.routes
    return [
        method
        for method in CANDIDATES
        if any(r.matches({**request.scope, "method": method})[0] == Match.FULL for r in routes)
    ]
