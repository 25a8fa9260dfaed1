"""What the request guard (security/request_guard.py) adds to a request: microseconds per call of
the guard around an ASGI app that answers nothing, minus the same app alone, for the request
shapes that matter (a hot read, a search with escapes, a JSON write, a page form), in CPU time.

    python benchmarks/request_guard.py [--calls 20000]

Prints a JSON report; docs/reliability.md (Hostile input) records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import time
from typing import Any

from meetsight.security.request_guard import RequestGuard

NOTE = json.dumps(
    {
        "content": "Ask about the Q3 budget and who signs the order form. " * 5,
        "smartCategoryId": "01a216f3-77bd-7e6e-b838-8cfdbe4e5f54",
        "priority": "high",
    }
).encode()
SHAPES: dict[str, tuple[str, str, bytes, bytes, str]] = {
    # name: (method, path, query, body, content type)
    "GET transcript": (
        "GET",
        "/api/v1/meetings/01a216f3-77bd-7e6e-b838-8cfdbe4e5f54/transcript",
        b"format=srt",
        b"",
        "",
    ),
    "GET search, escaped query": (
        "GET",
        "/api/v1/search",
        b"q=caf%C3%A9+pricing&limit=20&fromDate=2026-01-01",
        b"",
        "",
    ),
    f"POST note, {len(NOTE)} B JSON": (
        "POST",
        "/api/v1/meetings/01a216f3-77bd-7e6e-b838-8cfdbe4e5f54/notes",
        b"",
        NOTE,
        "application/json",
    ),
    "POST page form": (
        "POST",
        "/settings/api-keys",
        b"",
        b"csrf_token=LZs61McJ-PSQKYuz9vnDWmjmDHcxoNZmppCG7QD_K0s&name=CRM+sync&scopes=meetings%3Aread",
        "application/x-www-form-urlencoded",
    ),
}


async def _nothing(scope: Any, receive: Any, send: Any) -> None:
    await receive()


async def _respond(request: Any, refusal: Any) -> Any:
    raise AssertionError(f"refused: {refusal}")


def _scope(method: str, path: str, query: bytes, content_type: str) -> dict[str, Any]:
    headers = [(b"content-type", content_type.encode())] if content_type else []
    return {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "headers": headers,
    }


async def _per_call(app: Any, shape: tuple[str, str, bytes, bytes, str], calls: int) -> float:
    method, path, query, body, content_type = shape
    scope = _scope(method, path, query, content_type)
    message = {"type": "http.request", "body": body, "more_body": False}

    async def receive() -> dict[str, Any]:
        return message

    async def send(_: Any) -> None:
        return None

    # CPU time of this process: on a shared machine, wall time mostly measures the neighbours.
    started = time.process_time()
    for _ in range(calls):
        await app(scope, receive, send)
    return (time.process_time() - started) / calls * 1e6


async def main(calls: int) -> dict[str, Any]:
    guard = RequestGuard(
        _nothing, respond=_respond, streamed_paths=frozenset(), max_body_bytes=1 << 20
    )
    figures: dict[str, float] = {}
    for name, shape in SHAPES.items():
        bare = min([await _per_call(_nothing, shape, calls) for _ in range(3)])
        guarded = min([await _per_call(guard, shape, calls) for _ in range(3)])
        figures[name] = round(guarded - bare, 2)
    return {"python": platform.python_version(), "calls": calls, "added_us_per_request": figures}


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=20000)
    print(json.dumps(asyncio.run(main(parser.parse_args().calls)), indent=2))
