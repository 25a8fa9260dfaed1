"""REST read throughput: the meetings listing and a 400-segment transcript, one server process,
against a fixed-body FastAPI endpoint and a bare ASGI app measured in the same run.

    python benchmarks/rest_read.py [--seconds 3] [--rounds 5] [--concurrency 16]

Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from _loadgen import run_load

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
UVICORN_FLAGS = [
    "--no-access-log",
    "--log-level",
    "warning",
    "--loop",
    "uvloop",
    "--http",
    "httptools",
]


# On a machine with two or more cores the servers run on one core and the load generator on
# another, so that the two never take turns on the same core: the figures then repeat.
CPUS = sorted(os.sched_getaffinity(0))
SERVER_CPU = CPUS[0]
CLIENT_CPU = CPUS[-1]


def _pin(cpu: int):  # type: ignore[no-untyped-def]
    def pin() -> None:
        os.sched_setaffinity(0, {cpu})

    return pin


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(args: list[str], env: dict[str, str]) -> Iterator[int]:
    port = free_port()
    cmd = [
        PYTHON,
        "-m",
        "uvicorn",
        *args,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *UVICORN_FLAGS,
    ]
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, preexec_fn=_pin(SERVER_CPU))
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"server {args} did not start")
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


def longest_transcript(base: str, headers: dict[str, str]) -> tuple[str, int]:
    """The demo meeting with the most segments (the demo has one of 400)."""
    best = ("", -1)
    page = 1
    while True:
        r = httpx.get(f"{base}/meetings", params={"limit": 100, "page": page}, headers=headers)
        r.raise_for_status()
        meetings = r.json()["data"]
        for meeting in meetings:
            mid = meeting["meetingId"]
            t = httpx.get(f"{base}/meetings/{mid}/transcript", headers=headers).json()
            best = max(best, (mid, len(t["data"]["transcript"])), key=lambda x: x[1])
        if len(meetings) < 100:
            return best
        page += 1


def prepare(data_dir: Path, env: dict[str, str]) -> str:
    out = subprocess.run(
        [PYTHON, "-m", "meetsight.cli", "demo", "--json"], env=env, check=True, capture_output=True
    )
    return str(json.loads(out.stdout)["api_key"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0, help="per target and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=16)
    opts = parser.parse_args()
    if len(CPUS) > 1:
        os.sched_setaffinity(0, {CLIENT_CPU})
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        env = {
            **os.environ,
            "MEETSIGHT_DATA_DIR": tmp,
            "MEETSIGHT_SECRET_KEY": "bench",
            "MEETSIGHT_WORKERS": "0",  # the API alone
            # One key at full speed would be refused after 35 requests a second; the limiter's
            # own cost is measured by benchmarks/ratelimit_check.py.
            "MEETSIGHT_RATE_LIMITS_ENABLED": "false",
        }
        env.pop("MEETSIGHT_DATABASE_URL", None)
        key = prepare(Path(tmp), env)
        headers = {"x-api-key": key}
        bench_env = {**env, "PYTHONPATH": str(ROOT / "benchmarks")}
        # Every server stays up for the whole run and the targets take turns, round after
        # round: background noise on a shared machine then hits all of them alike.
        app_port = stack.enter_context(server(["--factory", "meetsight.app:create_app"], env))
        fixed_port = stack.enter_context(server(["_baselines:fastapi_app"], bench_env))
        bare_port = stack.enter_context(server(["_baselines:bare_asgi_app"], bench_env))
        mid, segments = longest_transcript(f"http://127.0.0.1:{app_port}/api/v1", headers)
        transcript = f"transcript_{segments}"
        targets = {
            "listing": (app_port, "/api/v1/meetings?limit=10", headers),
            transcript: (app_port, f"/api/v1/meetings/{mid}/transcript", headers),
            "fastapi_fixed": (fixed_port, "/fixed", {}),
            "bare_asgi": (bare_port, "/fixed", {}),
        }
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(opts.rounds):
            for name, (port, path, hdrs) in targets.items():
                res = asyncio.run(
                    run_load(
                        "127.0.0.1",
                        port,
                        path,
                        headers=hdrs,
                        concurrency=opts.concurrency,
                        seconds=opts.seconds,
                    )
                )
                rounds[name].append(res.summary())
    results = {name: _median_round(runs) for name, runs in rounds.items()}
    ratios = {
        name: [
            round(r["rps"] / f["rps"], 3)
            for r, f in zip(runs, rounds["fastapi_fixed"], strict=True)
        ]
        for name, runs in rounds.items()
        if name != "fastapi_fixed"
    }
    report = {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "settings": {
            "seconds_per_round": opts.seconds,
            "rounds": opts.rounds,
            "concurrency": opts.concurrency,
            "server_processes": 1,
            "server_cpu": SERVER_CPU if len(CPUS) > 1 else None,
            "client_cpu": CLIENT_CPU if len(CPUS) > 1 else None,
        },
        "results_median_round": results,
        "ratio_vs_fastapi_fixed_per_round": ratios,
        "ratio_vs_fastapi_fixed_median": {k: statistics.median(v) for k, v in ratios.items()},
    }
    print(json.dumps(report, indent=2))


def _median_round(runs: list[dict[str, float]]) -> dict[str, float]:
    """The round with the median throughput, whole (its latencies belong with it)."""
    return sorted(runs, key=lambda r: r["rps"])[len(runs) // 2]


if __name__ == "__main__":
    main()
