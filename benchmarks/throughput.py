"""How throughput grows with processes on this machine: API throughput with 1 vs 2 `meetsight
serve --no-worker` processes, and processing throughput with 1 vs 2 `meetsight worker`
processes, all on one scratch PostgreSQL database.

    python benchmarks/throughput.py [--database-url postgresql://postgres@127.0.0.1:5432/postgres]
        [--seconds 5] [--rounds 3] [--concurrency 16] [--recordings 6] [--speech-seconds 8]
        [--processing-rounds 2]

API: the demo data, a read mix (meeting and call listings, one meeting, a 400-segment
transcript) from keep-alive connections; the 1- and 2-process setups take turns, round after
round, so background noise on a shared machine hits both alike; rate limits are off (one key
at full speed). Processing: N spoken recordings (espeak-ng) uploaded at once, timed from the
first upload to the last job done, with warm workers (one warm-up recording each first); the
1-worker and 2-worker setups stay up side by side and take turns, a batch each per round; each
worker decodes with one thread (asr_threads=1), so two workers can use two cores. Prints a JSON
report with the ratios, the core count and the load average; docs/benchmarks.md records them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests"))
from _loadgen import _read_response  # noqa: E402

from fixtures.topology import Topology, scratch_database, topology_env  # noqa: E402
from meetsight.config import normalise_database_url  # noqa: E402
from speech.audio import LONG_LINES, VOICES, conversation, require_tools  # noqa: E402
from speech.audio import Turn as SpokenLine  # noqa: E402

API = "/api/v1"
THREAD_VARIABLES = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


async def _mixed_worker(
    port: int, requests: list[bytes], deadline: float, warm_until: float, out: dict[str, int]
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    turn = 0
    try:
        while time.perf_counter() < deadline:
            writer.write(requests[turn % len(requests)])
            turn += 1
            status = await _read_response(reader)
            if time.perf_counter() < warm_until:
                continue
            out["requests"] += 1
            if status != 200:
                out["errors"] += 1
    finally:
        writer.close()


async def mixed_load(
    ports: list[int], paths: list[str], key: str, *, concurrency: int, seconds: float
) -> dict[str, float]:
    """Requests per second over `ports` (the connections split evenly), cycling `paths`."""

    def request(port: int, path: str) -> bytes:
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", f"x-api-key: {key}"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    out = {"requests": 0, "errors": 0}
    now = time.perf_counter()
    warm_until, deadline = now + 1.0, now + 1.0 + seconds
    await asyncio.gather(
        *(
            _mixed_worker(
                ports[i % len(ports)],
                [request(ports[i % len(ports)], p) for p in paths[i % len(paths) :] + paths],
                deadline,
                warm_until,
                out,
            )
            for i in range(concurrency)
        )
    )
    return {"rps": round(out["requests"] / seconds, 1), "errors": out["errors"]}


def read_mix(base: str, key: str) -> list[str]:
    headers = {"x-api-key": key}
    meetings = httpx.get(f"{base}{API}/meetings?limit=100", headers=headers).json()["data"]
    longest = max(
        meetings,
        key=lambda m: len(
            httpx.get(f"{base}{API}/meetings/{m['meetingId']}/transcript", headers=headers).json()[
                "data"
            ]["transcript"]
        ),
    )["meetingId"]
    return [
        f"{API}/meetings?limit=10",
        f"{API}/meetings/{longest}/transcript",
        f"{API}/calls?limit=10",
        f"{API}/meetings/{meetings[0]['meetingId']}",
    ]


async def api_throughput(database_url: str, opts: argparse.Namespace, root: Path) -> dict:
    env = topology_env(database_url, None, {}, rate_limits_enabled="false", workers="0")
    topology = Topology(root / "api", env)
    topology.migrate()
    key = str(topology.cli("demo")["api_key"])
    try:
        for _ in range(2):
            topology.start_api()
        topology.wait_ready()
        ports = [int(api.base_url.rsplit(":", 1)[1]) for api in topology.apis]
        paths = read_mix(topology.apis[0].base_url, key)
        rounds: dict[str, list[dict[str, float]]] = {"1_process": [], "2_processes": []}
        for _ in range(opts.rounds):
            for name, used in (("1_process", ports[:1]), ("2_processes", ports)):
                rounds[name].append(
                    await mixed_load(
                        used, paths, key, concurrency=opts.concurrency, seconds=opts.seconds
                    )
                )
    finally:
        topology.stop()
    ratios = [
        round(two["rps"] / one["rps"], 3)
        for one, two in zip(rounds["1_process"], rounds["2_processes"], strict=True)
    ]
    return {
        "read_mix": paths,
        "rounds": rounds,
        "ratio_2_vs_1_per_round": ratios,
        "ratio_2_vs_1_median": statistics.median(ratios),
    }


def make_recordings(count: int, seconds: float, folder: Path) -> list[Path]:
    require_tools()
    made = []
    lines_per = max(1, round(seconds / 4))
    for n in range(count):
        turns = [
            SpokenLine(VOICES[(n + i) % 2], LONG_LINES[(n + i) % len(LONG_LINES)])
            for i in range(lines_per)
        ]
        made.append(conversation(turns, folder / f"rec{n}.wav").path)
    return made


async def _done(db: AsyncEngine, ids: list[str]) -> int:
    async with db.connect() as conn:
        return int(
            await conn.scalar(
                sa.text(
                    "SELECT count(*) FROM jobs WHERE kind = 'process_activity' "
                    "AND state IN ('done', 'failed') AND activity_id = ANY(:ids)"
                ),
                {"ids": ids},
            )
            or 0
        )


async def _upload_and_wait(
    client: httpx.AsyncClient, base: str, key: str, files: list[Path], db: AsyncEngine
) -> float:
    started = time.perf_counter()
    ids = []
    for path in files:
        r = await client.post(
            f"{base}{API}/meetings/upload",
            headers={"x-api-key": key},
            data={"name": path.stem, "startDateTime": "2026-11-02T15:00:00Z"},
            files={"file": (path.name, path.read_bytes(), "audio/wav")},
        )
        r.raise_for_status()
        ids.append(r.json()["data"]["meetingId"])
    while True:  # polling the jobs table, as an operator's dashboard would
        if await _done(db, ids) >= len(ids):
            return time.perf_counter() - started
        await asyncio.sleep(0.25)


async def _setup(database_url: str, workers: int, opts: argparse.Namespace, root: Path):  # type: ignore[no-untyped-def]
    env = topology_env(
        database_url,
        None,
        {},
        rate_limits_enabled="false",
        asr_model=opts.asr_model,
        asr_threads="1",
        job_poll_seconds="0.5",
    )
    if opts.one_thread_libraries:
        # numpy's BLAS and torch (diarization) start a thread per core in every process; two
        # workers on two cores then oversubscribe them.
        env.update({name: "1" for name in THREAD_VARIABLES})
    topology = Topology(root / f"workers{workers}", env, shared_data_dir=True)
    topology.migrate()
    key = topology.new_key(f"Processing {workers}")
    topology.start_api()
    for _ in range(workers):
        topology.start_worker()
    topology.wait_ready()
    return topology, key, create_async_engine(normalise_database_url(database_url))


async def processing_throughput(
    database_urls: tuple[str, str], opts: argparse.Namespace, root: Path
) -> dict:
    """Both setups (1 worker, 2 workers) stay up, each on its own database, and take turns with
    a batch each round: idle workers only poll, so the setup not measured costs little."""
    recordings = make_recordings(opts.recordings, opts.speech_seconds, root)
    audio_seconds = sum(_wav_seconds(p) for p in recordings)
    setups = {}
    try:
        for workers, url in zip((1, 2), database_urls, strict=True):
            setups[workers] = await _setup(url, workers, opts, root)
        runs: dict[int, list[float]] = {1: [], 2: []}
        async with httpx.AsyncClient(timeout=120) as client:
            for workers, (topology, key, db) in setups.items():
                # Warm-up: every worker loads its models on a first recording.
                base = topology.apis[0].base_url
                await _upload_and_wait(client, base, key, recordings[:workers], db)
            for _ in range(opts.processing_rounds):
                for workers, (topology, key, db) in setups.items():
                    base = topology.apis[0].base_url
                    runs[workers].append(await _upload_and_wait(client, base, key, recordings, db))
    finally:
        for topology, _, db in setups.values():
            topology.stop()
            await db.dispose()
    ratios = [round(one / two, 3) for one, two in zip(runs[1], runs[2], strict=True)]
    results = {
        f"{workers}_worker{'s' if workers > 1 else ''}": {
            "seconds_per_round": [round(x, 1) for x in times],
            "recordings_per_minute_median": round(
                len(recordings) * 60 / statistics.median(times), 2
            ),
            "audio_seconds_per_second_median": round(audio_seconds / statistics.median(times), 3),
        }
        for workers, times in runs.items()
    }
    return {
        "recordings": len(recordings),
        "audio_seconds_total": round(audio_seconds, 1),
        "asr_model": opts.asr_model,
        "results": results,
        "ratio_2_vs_1_per_round": ratios,
        "ratio_2_vs_1_median": statistics.median(ratios),
    }


def _wav_seconds(path: Path) -> float:
    import wave

    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


async def main_async(opts: argparse.Namespace) -> dict:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        api = None
        if opts.part in ("all", "api"):
            async with scratch_database(opts.database_url) as database_url:
                api = await api_throughput(database_url, opts, Path(tmp))
        processing = None
        if opts.part in ("all", "processing"):
            async with (
                scratch_database(opts.database_url) as one,
                scratch_database(opts.database_url) as two,
            ):
                processing = await processing_throughput((one, two), opts, Path(tmp))
    return {
        "machine": {
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_after": [round(x, 2) for x in os.getloadavg()],
        },
        "settings": {
            "seconds_per_round": opts.seconds,
            "rounds": opts.rounds,
            "concurrency": opts.concurrency,
            "worker_library_threads": 1 if opts.one_thread_libraries else "default",
        },
        "api": api,
        "processing": processing,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "MEETSIGHT_BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
        ),
        help="a PostgreSQL server where scratch databases may be created",
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="per setup and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--recordings", type=int, default=6)
    parser.add_argument("--speech-seconds", type=float, default=8.0)
    parser.add_argument("--processing-rounds", type=int, default=2)
    parser.add_argument("--asr-model", default="tiny.en")
    parser.add_argument("--part", choices=("all", "api", "processing"), default="all")
    parser.add_argument(
        "--one-thread-libraries",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="OMP/OpenBLAS/MKL_NUM_THREADS=1 in the workers (as asr_threads)",
    )
    opts = parser.parse_args()
    print(json.dumps(asyncio.run(main_async(opts)), indent=2))


if __name__ == "__main__":
    main()
