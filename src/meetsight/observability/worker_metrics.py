"""`meetsight worker --metrics-port`: this process's metrics over a minimal HTTP/1.1 server on
the worker's own event loop (GET /metrics only, same access rules as the API's)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from prometheus_client import REGISTRY, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from meetsight.errors import AppError
from meetsight.observability.metrics_access import check_metrics_access

log = logging.getLogger("meetsight.worker")
MAX_HEAD_BYTES = 16 * 1024
READ_TIMEOUT_SECONDS = 10.0


async def start_worker_metrics(host: str, port: int, token: str | None) -> asyncio.Server:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_TIMEOUT_SECONDS)
            status, content_type, body = _answer(head, writer.get_extra_info("peername"), token)
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
                + body
            )
            await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
            pass  # a client that went away or sent junk: nothing to answer
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    server = await asyncio.start_server(handle, host, port, limit=MAX_HEAD_BYTES)
    bound = server.sockets[0].getsockname()
    log.info("worker metrics at http://%s:%d/metrics", bound[0], bound[1])
    return server


def _answer(head: bytes, peer: object, token: str | None) -> tuple[str, str, bytes]:
    lines = head.decode("latin-1").split("\r\n")
    method, _, rest = lines[0].partition(" ")
    path = rest.split(" ", 1)[0].split("?", 1)[0]
    if method != "GET" or path != "/metrics":
        return "404 Not Found", "text/plain", b"not found\n"
    authorization = ""
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "authorization":
            authorization = value.strip()
    client = peer[0] if isinstance(peer, tuple) and peer else None
    try:
        check_metrics_access(token, str(client) if client else None, authorization)
    except AppError as exc:
        reason = "Unauthorized" if exc.status_code == 401 else "Forbidden"
        return f"{exc.status_code} {reason}", "text/plain", exc.message.encode() + b"\n"
    return "200 OK", CONTENT_TYPE_LATEST, generate_latest(REGISTRY)
