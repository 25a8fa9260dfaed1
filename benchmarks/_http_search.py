"""GET /api/v1/search through `meetsight serve` on the benchmark's corpus, as a client sees it.

The server runs with its defaults (access log, metrics, the rate limiter with the spec's
budgets: 35 requests a second, 200 in 10 seconds, 1,000 a minute per key); the benchmark's
requests go one at a time over one keep-alive connection, each organization's in turn over
`keys_per_org` keys of that organization so that none meets its budget (a refusal would be a
non-200 answer, counted as an error and reported). The timer runs from writing the request to
the parsed JSON body: the key's check, the search, the moments, the envelope and the access
log are inside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from _served import make_keys, served


@dataclass
class HttpSearch:
    port: int
    pid: int
    keys: dict[str, list[str]]
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None
    turns: dict[str, int] = field(default_factory=dict)
    errors: int = 0
    last: float = 0.0

    async def ready(self) -> None:
        """A line open before the timer starts: uvicorn closes one idle for 5 s (its
        keep-alive timeout), as it is after a slow scan; a client would open a new one."""
        idle = time.monotonic() - self.last > 3
        if self.writer is None or idle or self.reader is None or self.reader.at_eof():
            await self.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def get(self, org: str, params: dict[str, Any]) -> tuple[int, Any]:
        """(status, parsed body) of one search (call `ready` first)."""
        assert self.reader is not None and self.writer is not None
        turn = self.turns.get(org, 0)
        self.turns[org] = turn + 1
        key = self.keys[org][turn % len(self.keys[org])]
        request = (
            f"GET /api/v1/search?{urlencode(params)} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"x-api-key: {key}\r\nAccept: application/json\r\n\r\n"
        )
        self.writer.write(request.encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        body = json.loads(await self.reader.readexactly(length)) if length else None
        if status != 200:
            self.errors += 1
        self.last = time.monotonic()
        return status, body

    async def close(self) -> None:
        writer, self.writer = self.writer, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()


@contextlib.asynccontextmanager
async def http_search(url: str, orgs: list[str], keys_per_org: int) -> AsyncIterator[HttpSearch]:
    """The served app on the corpus at `url` (an async SQLAlchemy URL), keys made for it."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")} | {
            "MEETSIGHT_DATA_DIR": tmp,
            "MEETSIGHT_SECRET_KEY": "bench",
            "MEETSIGHT_DATABASE_URL": url,
        }
        keys = {org: make_keys(env, org, keys_per_org) for org in orgs}
        log = Path(tmp) / "server.log"
        with served(env, log) as (port, pid):
            target = HttpSearch(port, pid, keys)
            # Every key once before any timing: a key's first use verifies it (then cached).
            for org, org_keys in keys.items():
                for _ in org_keys:
                    await target.ready()
                    status, _ = await target.get(org, {"q": "warm", "mode": "lexical"})
                    if status != 200:
                        raise RuntimeError(f"GET /api/v1/search answered {status}")
            try:
                yield target
            finally:
                await target.close()
