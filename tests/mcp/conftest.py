"""A real meetsight server (uvicorn on a free port, in a thread) on the test database."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from fixtures.mcp_clients import MCP_PATH
from meetsight.app import create_app
from meetsight.config import Settings


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server_url(settings: Settings) -> Iterator[str]:
    """The base URL of a served app on the same database as the `state` fixture's app."""
    port = free_port()
    served = settings.model_copy(update={"port": port, "public_url": f"http://127.0.0.1:{port}"})
    config = uvicorn.Config(
        create_app(served), host="127.0.0.1", port=port, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def mcp_url(server_url: str) -> str:
    return server_url + MCP_PATH
