"""Redis storage: two real `meetsight serve` processes share one budget per credential; a Redis
that is down at start stops the start with a clear line (no silent fall back to memory); one
lost while serving turns into 503s, never 500s. Uses MEETSIGHT_TEST_REDIS_URL (default
redis://127.0.0.1:6379/15) under a key prefix of its own."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest
import redis.asyncio as aioredis

from fixtures.factories import Tenant, make_tenant
from fixtures.limited_apps import MCP, RPC_ACCEPT, OpenApp, limited_settings
from fixtures.shapes import check_error
from meetsight.app import create_app
from meetsight.ratelimit.storage import RateLimitStorageError

REDIS_URL = os.environ.get("MEETSIGHT_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
LISTING = "/api/v1/smart-categories"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
async def redis_prefix() -> AsyncIterator[str]:
    """A key prefix for this test alone; its keys are removed afterwards."""
    client = aioredis.Redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except (OSError, aioredis.RedisError):
        await client.aclose()
        pytest.skip(f"no Redis at {REDIS_URL} (MEETSIGHT_TEST_REDIS_URL)")
    prefix = f"mstest-{uuid.uuid4().hex[:12]}"
    yield prefix
    keys = [key async for key in client.scan_iter(match=f"{prefix}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


def server_env(data_dir: Path, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    env.update({"MEETSIGHT_DATA_DIR": str(data_dir), "MEETSIGHT_SECRET_KEY": "limits-test"})
    env.update({f"MEETSIGHT_{name.upper()}": value for name, value in settings.items()})
    return env


def start_server(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "meetsight.cli", "serve", "--no-worker", "--port", str(port)]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


async def wait_ready(process: subprocess.Popen[bytes], url: str) -> None:
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient() as http:
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read().decode()  # type: ignore[union-attr]
            try:
                if (await http.get(url + "/healthz")).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise AssertionError(f"{url} did not start")


@pytest.fixture
def servers() -> Iterator[list[subprocess.Popen[bytes]]]:
    started: list[subprocess.Popen[bytes]] = []
    yield started
    for process in started:
        process.terminate()
    for process in started:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


async def make_keyed_tenant(open_app: OpenApp) -> Tenant:
    async with open_app(rate_limits_enabled=False) as limited:
        return await make_tenant(limited.state)


async def test_two_server_processes_share_one_budget(
    open_app: OpenApp,
    limits_data_dir: Path,
    redis_prefix: str,
    servers: list[subprocess.Popen[bytes]],
) -> None:
    tenant = await make_keyed_tenant(open_app)
    env = server_env(
        limits_data_dir,
        redis_url=REDIS_URL,
        rate_limits="6/minute",
        rate_limit_key_prefix=redis_prefix,
    )
    ports = [free_port(), free_port()]
    servers.extend(start_server(env, port) for port in ports)
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    await asyncio.gather(*(wait_ready(p, u) for p, u in zip(servers, urls, strict=True)))

    remaining = []
    async with httpx.AsyncClient() as http:
        for url in [urls[0]] * 3 + [urls[1]] * 3:
            answer = await http.get(url + LISTING, headers=tenant.headers)
            assert answer.status_code == 200, answer.text
            remaining.append(answer.headers["ratelimit-remaining"])
        assert remaining == ["5", "4", "3", "2", "1", "0"]
        for url in urls:
            check_error(await http.get(url + LISTING, headers=tenant.headers), 429)
        mcp = await http.post(
            urls[1] + MCP,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={**tenant.headers, **RPC_ACCEPT},
        )
        assert mcp.status_code == 429 and mcp.json()["error"]["code"] == -32029
    client = aioredis.Redis.from_url(REDIS_URL)
    keys = [key async for key in client.scan_iter(match=f"{redis_prefix}:*")]
    await client.aclose()
    assert len(keys) == 1  # one window, one credential: the budget lives in Redis


async def test_redis_down_at_start_stops_serve_with_a_clear_line(limits_data_dir: Path) -> None:
    down = f"redis://:hunter2@127.0.0.1:{free_port()}/0"
    env = server_env(limits_data_dir, redis_url=down)
    process = await asyncio.create_subprocess_exec(
        *[sys.executable, "-m", "meetsight.cli", "serve", "--no-worker", "--port", "1"],
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    message = err.decode()
    assert process.returncode == 1
    assert "Cannot reach Redis at redis://:***@127.0.0.1" in message
    assert "MEETSIGHT_REDIS_URL" in message
    assert "hunter2" not in message + out.decode()
    assert "Traceback" not in message


async def test_redis_down_at_start_fails_the_app_start(limits_data_dir: Path) -> None:
    settings = limited_settings(limits_data_dir, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    app = create_app(settings)
    with pytest.raises(RateLimitStorageError, match="Cannot reach Redis"):
        async with app.router.lifespan_context(app):
            pass


class OwnRedis:
    """A redis-server of this test's own, so it can be stopped and started again."""

    def __init__(self, binary: str, workdir: Path) -> None:
        self.binary, self.workdir, self.port = binary, workdir, free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [self.binary, "--port", str(self.port), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, cwd=self.workdir, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    server = OwnRedis(binary, tmp_path)
    server.start()
    yield server
    server.stop()


async def test_redis_lost_while_serving_gives_503_then_recovers(
    open_app: OpenApp, own_redis: OwnRedis
) -> None:
    async with open_app(redis_url=own_redis.url) as limited:
        tenant = await make_tenant(limited.state)
        ok = await limited.client.get(LISTING, headers=tenant.headers)
        assert ok.status_code == 200 and ok.headers["ratelimit-remaining"] == "34"
        own_redis.stop()
        lost = await limited.client.get(LISTING, headers=tenant.headers)
        check_error(lost, 503, contains="Rate limiting is unavailable")
        assert lost.headers["retry-after"] == "5"
        rpc = await limited.client.post(
            MCP,
            json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
            headers={**tenant.headers, **RPC_ACCEPT},
        )
        assert rpc.status_code == 503
        assert rpc.json()["error"]["message"].startswith("Rate limiting is unavailable")
        # A fresh Redis (empty, without the scripts): the pool reconnects, the scripts reload.
        own_redis.start()
        back = await limited.client.get(LISTING, headers=tenant.headers)
        assert back.status_code == 200, back.text
        assert back.headers["ratelimit-remaining"] == "34"
