"""One check of everything a request carries as text, before any route sees it.

- Path: every segment, percent-decoded, is valid UTF-8 made of RFC 3986 unreserved characters,
  1 to 128 of them (`input_text.PATH_SEGMENT`). Ids stay opaque strings, but an id that no route
  could have made is a 404 here, for every route present and future, REST, pages and OAuth alike.
- Query: every name and value percent-decodes to UTF-8 without NUL (400 for bytes that are not
  UTF-8, 422 for a NUL, naming the parameter).
- Body, other than the streamed uploads and MCP (whose arguments `mcp.server` checks in its own
  error shape): a form (application/x-www-form-urlencoded) is checked like a query; JSON (or a body
  without a content type, which FastAPI reads as JSON) is parsed once here and every key, string
  and number checked (`input_text.value_problem`); a JSON body that does not parse is handed on
  for the route to refuse as it always did. multipart/form-data is accepted by the upload routes
  only, whose streaming reader applies the same rules; elsewhere it is a 415.

The request body was already bounded by `BodySizeLimit` (outside this layer), so reading it here
holds at most MEETSIGHT_MAX_BODY_BYTES. The refusal itself is rendered by `respond`, which knows
the surface: the API envelope, the HTML error page, or OAuth's JSON.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import unquote_to_bytes

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from meetsight.security.bodies import BodyTooLarge, read_body, replay
from meetsight.security.input_text import (
    NOT_UTF8,
    NUL,
    PATH_SEGMENT,
    field_name,
    load_json,
    value_problem,
)

# A path made only of unreserved characters needs no decoding: the common case, one match.
_PLAIN_PATH = re.compile(rb"(?:/[A-Za-z0-9._~-]{0,128})*")
BODYLESS_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    message: str  # a sentence naming the field; "Not found" for a path
    not_found: bool = False  # the path: no route could answer it


Responder = Callable[[Request, Refusal], Awaitable[Response]]


def path_refusal(raw_path: bytes) -> Refusal | None:
    if _PLAIN_PATH.fullmatch(raw_path):
        return None
    for segment in raw_path.split(b"/")[1:]:
        if not segment:
            continue  # "//" or a trailing slash: the router decides
        try:
            text = unquote_to_bytes(segment).decode("utf-8")
        except UnicodeDecodeError:
            return Refusal(404, "Not found", not_found=True)
        if not PATH_SEGMENT.fullmatch(text):
            return Refusal(404, "Not found", not_found=True)
    return None


def _pairs_refusal(raw: bytes, what: str) -> Refusal | None:
    """A query string or a urlencoded form: each name and value, decoded as Starlette does."""
    if raw.isascii() and b"%" not in raw and b"\x00" not in raw:
        return None
    for pair in raw.split(b"&"):
        name, _, value = pair.partition(b"=")
        decoded: list[str] = []
        for index, part in enumerate((name, value)):
            try:
                decoded.append(unquote_to_bytes(part.replace(b"+", b" ")).decode("utf-8"))
            except UnicodeDecodeError:
                where = f"{field_name(decoded[0])}:" if index else f"a {what} name"
                return Refusal(400, f"{where} {NOT_UTF8}")
        if "\x00" in decoded[0] or "\x00" in decoded[1]:
            return Refusal(422, f"{field_name(decoded[0])}: {NUL}")
    return None


def json_refusal(body: bytes) -> Refusal | None:
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return Refusal(400, f"body: {NOT_UTF8}")
    try:
        value = load_json(text)
    except RecursionError:
        return Refusal(400, "body: JSON nested too deeply")
    except ValueError:
        return None  # not JSON: the route answers its own 422
    found = value_problem(value)
    return Refusal(422, f"{found[0]}: {found[1]}") if found else None


def _media_type(headers: Headers) -> str:
    return headers.get("content-type", "").split(";", 1)[0].strip().lower()


def _is_json(media_type: str) -> bool:
    return media_type in ("", "application/json") or (
        media_type.startswith("application/") and media_type.endswith("+json")
    )


class RequestGuard:
    def __init__(
        self,
        app: ASGIApp,
        *,
        respond: Responder,
        reads_own_body: Callable[[Scope], bool],
        max_body_bytes: int,
    ) -> None:
        self.app = app
        self.respond = respond
        self.reads_own_body = reads_own_body  # uploads and MCP: their readers check
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        admitted = await self.admit(scope, receive, send)
        if admitted is not None:
            await self.app(scope, admitted, send)

    async def admit(self, scope: Scope, receive: Receive, send: Send) -> Receive | None:
        """What the app is to receive from (a body read here is replayed), or None when the
        request was refused here and goes no further."""
        raw_path = scope.get("raw_path") or scope["path"].encode("utf-8")
        refusal = path_refusal(raw_path.split(b"?", 1)[0]) or _pairs_refusal(
            scope.get("query_string", b""), "query parameter"
        )
        if refusal is None and self._reads_body(scope):
            refusal, receive = await self._body_refusal(scope, receive)
        if refusal is None:
            return receive
        response = await self.respond(Request(scope, receive), refusal)
        await response(scope, receive, send)
        return None

    def _reads_body(self, scope: Scope) -> bool:
        return scope["method"] not in BODYLESS_METHODS and not self.reads_own_body(scope)

    async def _body_refusal(self, scope: Scope, receive: Receive) -> tuple[Refusal | None, Receive]:
        media_type = _media_type(Headers(scope=scope))
        if media_type == "multipart/form-data":
            refusal = Refusal(415, "Send this form as application/x-www-form-urlencoded")
            return refusal, receive
        is_form = media_type == "application/x-www-form-urlencoded"
        if not is_form and not _is_json(media_type):
            return None, receive  # nothing here reads other bodies as text
        try:  # bounded already by BodySizeLimit outside this layer; bounded here again
            body = await read_body(receive, self.max_body_bytes)
        except BodyTooLarge:
            return Refusal(413, "Request body too large"), receive
        found = (
            _pairs_refusal(body, "form field") if is_form else json_refusal(body) if body else None
        )
        return found, replay(body, receive)
