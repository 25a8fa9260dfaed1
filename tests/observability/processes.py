"""Real `meetsight serve` and `meetsight worker` processes with chosen settings, their stderr
(the logs) kept in a file the test reads."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from fixtures.served import free_port, server_env


@dataclass
class Process:
    process: subprocess.Popen[bytes]
    log_path: Path
    base_url: str = ""

    def log_entries(self) -> list[dict[str, Any]]:
        """The JSON log lines written so far (other lines, e.g. a traceback, are skipped)."""
        entries = []
        for line in self.log_path.read_text().splitlines():
            if line.startswith("{"):
                entries.append(json.loads(line))
        return entries

    def terminate(self, timeout: float = 60) -> int:
        if self.process.poll() is None:
            self.process.terminate()
        return self.process.wait(timeout=timeout)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


def _env(data_dir: Path, settings: dict[str, str]) -> dict[str, str]:
    env = server_env(data_dir)
    env.update(MEETSIGHT_LOG_FORMAT="json", MEETSIGHT_LOG_LEVEL="info")
    env.update({f"MEETSIGHT_{k.upper()}": v for k, v in settings.items()})
    return env


def start_serve(data_dir: Path, name: str, *, worker: bool, **settings: str) -> Process:
    port = free_port()
    log_path = data_dir / f"{name}.log"
    command = [sys.executable, "-m", "meetsight.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--data-dir", str(data_dir)]
    if not worker:
        command.append("--no-worker")
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, env=_env(data_dir, settings), stdout=subprocess.DEVNULL, stderr=log
        )
    served = Process(process, log_path, f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"serve exited {process.returncode}: {log_path.read_text()}")
        try:
            if httpx.get(f"{served.base_url}/healthz", timeout=1).status_code == 200:
                return served
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    served.kill()
    raise AssertionError("meetsight serve did not answer /healthz within 90 s")


def start_worker(data_dir: Path, name: str, *args: str, **settings: str) -> Process:
    log_path = data_dir / f"{name}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "meetsight.cli", "worker", *args],
            env=_env(data_dir, settings),
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    return Process(process, log_path)
