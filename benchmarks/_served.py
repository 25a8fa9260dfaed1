"""`meetsight serve` as a benchmark target: the served configuration, untouched.

The server runs with its defaults (access log at info, metrics, the rate limiter with the
spec's budgets); only the load is spread over enough API keys that none is refused.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

PYTHON = sys.executable
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not start")


@contextmanager
def process(
    cmd: list[str], env: dict[str, str], log: Path, preexec: Callable[[], None] | None
) -> Iterator[tuple[int, int]]:
    """Run `cmd` (which takes `--port PORT` at the end), yield (port, pid)."""
    port = free_port()
    with log.open("ab") as sink:
        proc = subprocess.Popen(
            [*cmd, "--port", str(port)], env=env, stdout=sink, stderr=sink, preexec_fn=preexec
        )
    try:
        wait_for_port(port, proc)
        yield port, proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            # A server that ignores SIGTERM is hung (its event loop blocked): the run's report
            # still comes out, and the log says so, instead of a traceback and a live process.
            proc.kill()
            proc.wait()
            with log.open("a") as sink:
                sink.write(f"\nserver on port {port} ignored SIGTERM for 20 s: killed\n")
            print(f"server on port {port} ignored SIGTERM for 20 s: killed", file=sys.stderr)


def served(
    env: dict[str, str], log: Path, preexec: Callable[[], None] | None = None
) -> Iterator[tuple[int, int]]:
    """`meetsight serve --no-worker` as a user starts it: the API alone, defaults kept."""
    cmd = [PYTHON, "-m", "meetsight.cli", "serve", "--no-worker", "--host", "127.0.0.1"]
    return process(cmd, env, log, preexec)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (/proc/PID/stat, fields 14 and 15)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def make_keys(env: dict[str, str], org_id: str, count: int) -> list[str]:
    """`count` API keys with every scope for the organization, made in one process."""
    script = f"""
import asyncio, json
import meetsight.schema.tables  # every table, for the foreign keys
from meetsight.auth.api_keys import create_api_key
from meetsight.config import Settings
from meetsight.db.engine import create_engine, create_sessionmaker

async def main():
    settings = Settings()
    engine = create_engine(settings.resolved_database_url())
    async with create_sessionmaker(engine)() as session:
        keys = [
            (await create_api_key(session, secret=settings.hmac_secret(),
                                  organization_id={org_id!r}, name=f"bench-{{i}}")).key
            for i in range({count})
        ]
        await session.commit()
    await engine.dispose()
    print(json.dumps(keys))

asyncio.run(main())
"""
    out = subprocess.run([PYTHON, "-c", script], env=env, capture_output=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.decode())
    return list(json.loads(out.stdout))


def seed_demo(env: dict[str, str]) -> tuple[str, str]:
    """`meetsight demo` into the environment's data dir: (organization id, its API key)."""
    out = subprocess.run(
        [PYTHON, "-m", "meetsight.cli", "demo", "--json"], env=env, check=True, capture_output=True
    )
    demo = json.loads(out.stdout)
    return str(demo["org_id"]), str(demo["api_key"])


def load_average() -> float:
    return round(os.getloadavg()[0], 2)
