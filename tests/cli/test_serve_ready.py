"""`meetsight serve` says where to open it once it listens: /setup on the first run, else /;
and on PostgreSQL, before that, whether autovacuum is off."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest
from tests.fixtures.served import free_port, run_cli, server_env

from meetsight.db.planner_statistics import AUTOVACUUM_OFF
from meetsight.serve import browser_url

PG_URL = os.environ.get("MEETSIGHT_TEST_DATABASE_URL")


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000"),
        ("0.0.0.0", "http://127.0.0.1:8000"),
        ("::", "http://[::1]:8000"),
        ("::1", "http://[::1]:8000"),
        ("meetsight.internal", "http://meetsight.internal:8000"),
    ],
)
def test_browser_url_names_an_address_a_browser_can_open(host: str, url: str) -> None:
    assert browser_url(host, 8000) == url


def ready_line(data_dir: Path, log: Path, extra: dict[str, str] | None = None) -> str:
    """Start the server with its log in `log`, return its "ready" line, stop it."""
    port = free_port()
    command = [sys.executable, "-m", "meetsight.cli", "serve", "--no-worker"]
    command += ["--host", "0.0.0.0", "--port", str(port), "--data-dir", str(data_dir)]
    env = server_env(data_dir, {"MEETSIGHT_LOG_LEVEL": "info", **(extra or {})})
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env=env, stdout=sink, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            lines = [line for line in log.read_text().splitlines() if "ready: open" in line]
            if lines:
                return lines[0].replace(str(port), "PORT")
            time.sleep(0.2)
        raise AssertionError(f"no ready line (exit {process.poll()}): {log.read_text()}")
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_serve_logs_the_setup_page_first_then_the_app(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    first = ready_line(data_dir, tmp_path / "first.log")
    assert first.endswith("meetsight ready: open http://127.0.0.1:PORT/setup")

    org = run_cli(data_dir, "org", "create", "Ready")
    run_cli(
        data_dir,
        *("user", "create", "--org", str(org["id"]), "--email", "o@example.com"),
        *("--name", "Owner", "--role", "owner", "--password-stdin"),
        stdin="a long enough password\n",
    )
    again = ready_line(data_dir, tmp_path / "again.log")
    assert again.endswith("meetsight ready: open http://127.0.0.1:PORT/")


@pytest.mark.skipif(not PG_URL, reason="MEETSIGHT_TEST_DATABASE_URL is not set")
def test_serve_on_postgresql_says_when_autovacuum_is_off(tmp_path: Path) -> None:
    assert PG_URL is not None
    log = tmp_path / "pg.log"
    ready_line(tmp_path / "data", log, {"MEETSIGHT_DATABASE_URL": PG_URL})

    async def setting() -> str:
        conn = await asyncpg.connect(PG_URL.replace("+asyncpg", ""))
        try:
            return str(await conn.fetchval("SHOW autovacuum"))
        finally:
            await conn.close()

    said = log.read_text()
    assert (AUTOVACUUM_OFF in said) == (asyncio.run(setting()) == "off")
    if AUTOVACUUM_OFF in said:
        assert said.index(AUTOVACUUM_OFF) < said.index("ready: open")


def test_a_taken_port_still_fails_the_start(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "meetsight.cli", "serve", "--no-worker"]
        command += ["--port", str(port), "--data-dir", str(tmp_path / "d")]
        done = subprocess.run(
            command,
            env=server_env(tmp_path / "d", {"MEETSIGHT_LOG_LEVEL": "info"}),
            capture_output=True,
            timeout=60,
            check=False,
        )
    assert done.returncode != 0
    assert b"ready: open" not in done.stderr
