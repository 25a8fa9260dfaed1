"""SIGTERM on a real `meetsight serve` while an MCP client holds a `subscriptions/listen` request
open: the server stops promptly, well inside its grace period, and the client's request ends
with a complete answer rather than a dropped connection. (The listen stream used to keep the
process up for the whole grace period, 30 s by default, and end in a cancelled-task traceback.)
SQLite only: the database plays no part."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from fixtures.mcp_clients import MCP_PATH, MODERN, rpc
from fixtures.served import new_tenant_key, start_server

GRACE_SECONDS = 30  # the default MEETSIGHT_SHUTDOWN_TIMEOUT_SECONDS, stated for the reader
PROMPT_SECONDS = 8  # start to exit after SIGTERM, generous for a loaded 2-core machine


def listen(url: str, key: str, outcome: dict[str, Any]) -> None:
    """Send subscriptions/listen and read whatever comes back until the server ends it."""
    params = {"notifications": {"toolsListChanged": True}}
    headers, body = rpc(MODERN, "subscriptions/listen", params)
    try:
        with httpx.stream(
            "POST", url, json=body, headers={**headers, "x-api-key": key}, timeout=60
        ) as answer:
            outcome["status"] = answer.status_code
            outcome["answered"] = time.monotonic()
            outcome["body"] = b"".join(answer.iter_raw())
    except httpx.HTTPError as exc:
        outcome["error"] = repr(exc)
    outcome["ended"] = time.monotonic()


def test_sigterm_with_a_listen_request_open_stops_within_the_grace_period(
    tmp_path: Path,
) -> None:
    key = new_tenant_key(tmp_path)
    env = {"MEETSIGHT_SHUTDOWN_TIMEOUT_SECONDS": str(GRACE_SECONDS)}
    served = start_server(tmp_path, extra_env=env)
    outcome: dict[str, Any] = {}
    try:
        client = threading.Thread(
            target=listen, args=(served.base_url + MCP_PATH, key, outcome), daemon=True
        )
        client.start()
        deadline = time.monotonic() + 10
        while "answered" not in outcome and "error" not in outcome:
            assert time.monotonic() < deadline, "the listen request got no answer"
            time.sleep(0.05)
        time.sleep(0.5)  # the stream (if any) is open and idle
        terminated = time.monotonic()
        served.process.send_signal(signal.SIGTERM)
        try:
            served.process.wait(timeout=PROMPT_SECONDS)
        except Exception:
            raise AssertionError(
                f"meetsight serve still runs {PROMPT_SECONDS} s after SIGTERM"
            ) from None
        client.join(timeout=5)
    finally:
        served.stop()
    assert time.monotonic() - terminated < PROMPT_SECONDS
    assert "error" not in outcome, outcome  # the client's request ended with a whole answer
    assert outcome["status"] in {200, 404}, outcome
    assert b'"jsonrpc"' in outcome["body"], outcome
