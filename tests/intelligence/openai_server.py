"""A real HTTP server on 127.0.0.1 that speaks the chat-completions protocol from a script.

It stands in for the hosted LLM, the one thing tests cannot run: it records every request
(path, headers, JSON body, arrival time) and answers each from a queue of :class:`Reply` items or
from a function of the request. An exhausted script answers 599, so a test that sends more
requests than it planned fails loudly.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict or list: sent as JSON; str: sent as is
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float

    @property
    def messages(self) -> list[dict[str, str]]:
        return self.body["messages"]

    @property
    def system(self) -> str:
        return self.messages[0]["content"]

    @property
    def user(self) -> str:
        return "\n".join(m["content"] for m in self.messages if m["role"] == "user")

    @property
    def schema_name(self) -> str | None:
        json_schema = self.body.get("response_format", {}).get("json_schema")
        return json_schema["name"] if json_schema else None


def completion(content: Any, finish_reason: str = "stop") -> Reply:
    """A successful chat completion whose message is ``content`` (a dict is sent as JSON)."""
    text = content if isinstance(content, str) else json.dumps(content)
    return Reply(
        body={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": "test-model",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
    )


def error(status: int, message: str, headers: dict[str, str] | None = None) -> Reply:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": None}}
    return Reply(status=status, body=body, headers=headers or {})


Responder = Callable[[Recorded], Reply]


class FakeOpenAI:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.script: deque[Reply] = deque()
        self.responder: Responder | None = None
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), daemon=True
        )

    @property
    def base_url(self) -> str:
        port = self._server.server_address[1]
        return f"http://127.0.0.1:{port}/v1"

    def queue(self, *replies: Reply) -> None:
        self.script.extend(replies)

    def _next(self, request: Recorded) -> Reply:
        with self._lock:
            self.requests.append(request)
            if self.responder is not None:
                return self.responder(request)
            if self.script:
                return self.script.popleft()
        return error(599, "the test script has no reply left")

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                recorded = Recorded(
                    path=self.path,
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=json.loads(raw or b"{}"),
                    at=time.monotonic(),
                )
                reply = server._next(recorded)
                if reply.delay:
                    time.sleep(reply.delay)
                payload = (
                    reply.body if isinstance(reply.body, str) else json.dumps(reply.body)
                ).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting (timeout tests)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        return Handler

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@contextmanager
def running() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    fake.start()
    try:
        yield fake
    finally:
        fake.stop()
