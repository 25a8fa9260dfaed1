"""MCP request latency, sequential, one keep-alive connection: tools/list and a list_meetings
call through the handshake-era JSON-RPC path, the 2026-07-28 path and the simple form, beside
the REST listing, on a `meetsight serve` subprocess serving 20 factory meetings (SQLite).

    python benchmarks/mcp_calls.py [--requests 300]

Prints a JSON report (p50/p95 in ms per target); docs/mcp.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from fixtures.factories import make_activity, make_tenant  # noqa: E402
from meetsight.app import create_app  # noqa: E402
from meetsight.config import Settings  # noqa: E402
from meetsight.db.migrate import upgrade_async  # noqa: E402

PORT = 8799
RPC = {"accept": "application/json, text/event-stream"}


def rpc(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}


async def seed(settings: Settings) -> str:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        state = app.state.ms
        tenant = await make_tenant(state)
        start = datetime(2026, 9, 1, tzinfo=UTC)
        for n in range(20):
            await make_activity(state, tenant, start=start + timedelta(days=n), segments=20)
    return tenant.key


async def measure(requests: int, key: str) -> dict[str, dict[str, float]]:
    url = f"http://127.0.0.1:{PORT}"
    call = {"name": "list_meetings", "arguments": {"limit": 10}}
    # The current revision routes on headers mirroring the body.
    modern = {
        **RPC,
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "list_meetings",
    }
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
    }
    targets: dict[str, tuple[str, str, Any, dict[str, str]]] = {
        "REST GET /meetings?limit=10": ("GET", "/api/v1/meetings?limit=10", None, {}),
        "simple GET (tools list)": ("GET", "/api/v1/mcp", None, {"accept": "application/json"}),
        "JSON-RPC tools/list": ("POST", "/api/v1/mcp", rpc("tools/list"), RPC),
        "JSON-RPC tools/call list_meetings": ("POST", "/api/v1/mcp", rpc("tools/call", call), RPC),
        "2026-07-28 tools/call list_meetings": (
            "POST",
            "/api/v1/mcp",
            rpc("tools/call", {**call, "_meta": meta}),
            modern,
        ),
        "simple POST list_meetings": ("POST", "/api/v1/mcp", call, {}),
    }
    report = {}
    async with httpx.AsyncClient(base_url=url, headers={"x-api-key": key}) as http:
        for name, (method, path, body, headers) in targets.items():
            times = []
            for i in range(requests + 20):
                began = time.perf_counter()
                response = await http.request(method, path, json=body, headers=headers)
                if i >= 20:  # warm-up left out
                    times.append((time.perf_counter() - began) * 1000)
                if response.status_code != 200 or b'"isError":true' in response.content:
                    raise RuntimeError(f"{name}: {response.status_code} {response.text[:300]}")
            times.sort()
            report[name] = {
                "p50_ms": round(statistics.median(times), 2),
                "p95_ms": round(times[int(len(times) * 0.95) - 1], 2),
            }
    return report


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), secret_key="bench", workers=0, port=PORT)
        asyncio.run(upgrade_async(settings.resolved_database_url()))
        key = asyncio.run(seed(settings))
        env = {
            **os.environ,
            "MEETSIGHT_DATA_DIR": data_dir,
            "MEETSIGHT_SECRET_KEY": "bench",
            "MEETSIGHT_WORKERS": "0",
            # One key at full speed would be refused after 35 requests a second; the limiter's
            # own cost is measured by benchmarks/ratelimit_check.py.
            "MEETSIGHT_RATE_LIMITS_ENABLED": "false",
            "MEETSIGHT_LOG_LEVEL": "warning",
        }
        command = [sys.executable, "-m", "meetsight.cli", "serve", "--port", str(PORT)]
        server = subprocess.Popen([*command, "--no-worker"], env=env)
        try:
            wait_until_up(f"http://127.0.0.1:{PORT}/healthz")
            report = asyncio.run(measure(args.requests, key))
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps(report, indent=2))


def wait_until_up(url: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(url).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


if __name__ == "__main__":
    main()
