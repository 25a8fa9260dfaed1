"""Security headers on every answer. A page (HTML) may load what its own origin serves and
nothing may frame it; anything else (JSON, media) may load nothing at all."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_CSP = "default-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'"
# The API reference (web/api_docs.py): Swagger UI's files from this server, started by a script
# file, no inline script; its stylesheet draws icons as data: SVG images.
DOCS_CSP = (
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; "
    "form-action 'self'"
)
COMMON = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
HSTS = "max-age=31536000"


def _raw(pairs: dict[str, str]) -> tuple[tuple[bytes, bytes], ...]:
    return tuple((k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in pairs.items())


class SecurityHeaders:
    """Works on the raw header list (one pass over the answer's headers): this wraps every
    request, and MutableHeaders' per-name scans cost a measurable share of a fast JSON read."""

    def __init__(self, app: ASGIApp, *, docs_paths: frozenset[str], https: bool) -> None:
        self.app = app
        self.docs_paths = docs_paths
        common = {**COMMON, **({"Strict-Transport-Security": HSTS} if https else {})}
        self.common = _raw(common)
        csp = b"content-security-policy"
        self.csp = {
            "docs": (csp, DOCS_CSP.encode()),
            "page": (csp, PAGE_CSP.encode()),
            "other": (csp, NON_PAGE_CSP.encode()),
        }

    def secure(self, raw: list[tuple[bytes, bytes]], docs: bool) -> None:
        """Add the headers to an answer's raw header list, in place (those it set itself stay)."""
        names = set()
        is_page = False
        for name, value in raw:
            name = name.lower()
            names.add(name)
            if name == b"content-type" and value.startswith(b"text/html"):
                is_page = True
        raw.extend(pair for pair in self.common if pair[0] not in names)
        if b"content-security-policy" not in names:
            raw.append(self.csp["docs" if docs else "page" if is_page else "other"])

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope["path"] in self.docs_paths

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", ()))
                self.secure(raw, docs)
                message["headers"] = raw
            await send(message)

        await self.app(scope, receive, send_secured)
