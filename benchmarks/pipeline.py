"""The processing pipeline beside faster-whisper alone, interleaved over rounds.

    python benchmarks/pipeline.py [--minutes 10] [--rounds 3] [--model base] [--compare REV ...]

Makes a three-voice recording with espeak-ng and sox (as the tests do), then runs, each round:
- ASR alone: decode, model load and faster-whisper on the file in a fresh Python process (as a
  fresh worker pays the load), with the settings a worker uses (MEETSIGHT_ASR_*, threads = CPUs);
- the pipeline: the file uploaded through the API (this checkout's code) into a fresh data
  folder and processed by a real `meetsight worker` process as it runs by default; stage times
  come from the job, peak memory from the worker's VmHWM;
- with `--compare REV`, the same pipeline run by the worker of that git revision (a detached
  worktree; the database is made by this checkout, so REV must know its migrations: across a
  migration use `make bench-before-after`, where each side runs its own script; a worker
  that exits ends its run at once), PYTHONPATH=<it>/src, to measure a change before and
  after under the same load.
The runs of a round go in turn, the order rotated every round, so that each side meets the
machine's background load alike. Each run records the load average before and after it and its
start time. The ratio of a round is the pipeline's stage seconds over that round's ASR alone
(decode + load + recognition); the report gives each figure's median and range over rounds.
Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import meetsight  # noqa: E402
from meetsight.config import Settings  # noqa: E402
from speech.audio import VOICES, long_conversation  # noqa: E402

HEAD = "this checkout"
# The code this script imports, which its worker runs too: not necessarily beside the script
# (bench-before-after runs one side's script on the other side's PYTHONPATH).
CODE = Path(meetsight.__file__).resolve().parent.parent
JOB_TIMEOUT_S = 900.0  # a job still running then is reported as it stands


def asr_alone(path: Path) -> dict[str, float]:
    """Run in its own process (`--asr-alone PATH`): what faster-whisper alone takes."""
    from meetsight.media.decode import decode
    from meetsight.speech.recognize import make_transcriber

    settings = Settings()
    started = time.perf_counter()
    audio = decode(path)
    decoded = time.perf_counter()
    transcriber = make_transcriber(settings)
    _ = transcriber.model  # type: ignore[attr-defined]  # loaded outside the timed recognition
    loaded = time.perf_counter()
    transcription = transcriber.transcribe(audio.samples, "en")
    done = time.perf_counter()
    return {
        "decode_s": round(decoded - started, 2),
        "model_load_s": round(loaded - decoded, 2),
        "transcribe_s": round(done - loaded, 2),
        "total_s": round(done - started, 2),
        "words": len(transcription.words),
        "threads": settings.asr_threads,
    }


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def pipeline(
    path: Path, settings: Settings, env: dict[str, str], src: Path
) -> dict[str, object]:
    """One job through the API and a `meetsight worker` whose code is `src`."""
    from meetsight.activities.models import Activity
    from meetsight.app import create_app
    from meetsight.auth.api_keys import create_api_key
    from meetsight.db.migrate import upgrade_async
    from meetsight.intelligence.smart_categories import create_default_categories
    from meetsight.jobs.models import Job
    from meetsight.organizations.service import create_organization

    await upgrade_async(settings.resolved_database_url())
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        state = app.state.ms
        async with state.sessionmaker() as session:
            org = await create_organization(session, "Bench", set_up=(create_default_categories,))
            key = (
                await create_api_key(
                    session, secret=settings.hmac_secret(), organization_id=org.id, name="b"
                )
            ).key
            await session.commit()
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://b") as client:
            r = await client.post(
                "/api/v1/meetings/upload",
                headers={"x-api-key": key},
                data={"name": "Bench", "startDateTime": "2026-11-02T15:00:00Z", "language": "en"},
                files={"file": (path.name, await asyncio.to_thread(path.read_bytes), "audio/wav")},
            )
            r.raise_for_status()
            mid = r.json()["data"]["meetingId"]
        log_path = Path(env["MEETSIGHT_DATA_DIR"] + ".worker.log")
        worker_log = log_path.open("ab")  # noqa: ASYNC230 (once, before the worker starts)
        worker = subprocess.Popen(  # noqa: ASYNC220 (started once, not awaited)
            [sys.executable, "-m", "meetsight.cli", "worker"],
            env={**env, "MEETSIGHT_JOB_POLL_SECONDS": "0.1", "PYTHONPATH": _pythonpath(src)},
            stderr=worker_log,
        )
        started = time.perf_counter()
        try:
            while True:
                await asyncio.sleep(0.5)
                async with state.sessionmaker() as session:
                    job = (
                        await session.execute(Job.__table__.select().where(Job.activity_id == mid))
                    ).one()
                if job.state in ("done", "failed"):
                    break
                if worker.poll() is not None:  # it died (e.g. a revision that cannot migrate)
                    break
                if time.perf_counter() - started > JOB_TIMEOUT_S:
                    break
            wall = time.perf_counter() - started
            peak = _peak_rss_mb(worker.pid)
        finally:
            worker.terminate()
            worker.wait(30)
            worker_log.close()
        async with state.sessionmaker() as session:
            activity = await session.get(Activity, (org.id, mid))
            assert activity is not None
            method = activity.speaker_method
    stages = job.payload.get("timings", {})
    tail = await asyncio.to_thread(log_path.read_text)
    return {
        "state": job.state,
        "worker_log_tail": None if job.state == "done" else tail[-3000:],
        "error": job.last_error,
        "wall_s_from_worker_start": round(wall, 2),
        "stages_total_s": round(sum(v for k, v in stages.items() if "." not in k), 2),
        "stages_s": stages,
        "worker_peak_rss_mb": round(peak, 1),
        "speaker_method": method,
    }


def _pythonpath(src: Path) -> str:
    extra = os.environ.get("PYTHONPATH", "")
    # The other entries (e.g. a folder with the diarization extra) stay, after the code's own.
    rest = [p for p in extra.split(os.pathsep) if p and Path(p).resolve() != CODE]
    return os.pathsep.join([str(src), *rest])


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _spread(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "min": round(min(values), 3),
        "max": round(max(values), 3),
    }


def _checkout(rev: str, folder: Path) -> Path:
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(folder), sha],
        check=True,
    )
    return folder


def _run_asr_alone(path: Path, env: dict[str, str]) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), "--asr-alone", str(path)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def measure(opts: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
    env.update(MEETSIGHT_SECRET_KEY="bench", MEETSIGHT_ASR_MODEL=opts.model, MEETSIGHT_WORKERS="0")
    made = time.perf_counter()
    recording = long_conversation(opts.minutes * 60, tmp / "meeting.wav", VOICES)
    made = time.perf_counter() - made
    trees: dict[str, Path] = {HEAD: CODE}
    added: list[Path] = []
    try:
        for rev in opts.compare:
            added.append(_checkout(rev, tmp / f"rev-{len(added)}"))
            trees[rev] = added[-1] / "src"
        names = ["asr alone", *trees]
        runs: list[dict[str, Any]] = []
        for round_no in range(opts.rounds):
            shift = round_no % len(names)
            for name in names[shift:] + names[:shift]:
                data = tmp / f"data-{round_no}-{len(runs)}"
                run_env = {**env, "MEETSIGHT_DATA_DIR": str(data)}
                record: dict[str, Any] = {
                    "round": round_no,
                    "side": name,
                    "at": datetime.now(UTC).isoformat(timespec="seconds"),
                    "load_before": _load(),
                }
                if name == "asr alone":
                    record["asr_alone"] = _run_asr_alone(recording.path, run_env)
                else:
                    os.environ.update(run_env)
                    settings = Settings()
                    record["pipeline"] = asyncio.run(
                        pipeline(recording.path, settings, run_env, trees[name])
                    )
                record["load_after"] = _load()
                shutil.rmtree(data, ignore_errors=True)
                runs.append(record)
                print(json.dumps(record), file=sys.stderr, flush=True)
    finally:
        for folder in added:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                capture_output=True,
            )
    return summarize(opts, recording.duration, made, runs, list(trees))


def summarize(
    opts: argparse.Namespace,
    audio_s: float,
    made_s: float,
    runs: list[dict[str, Any]],
    sides: list[str],
) -> dict[str, Any]:
    alone = {r["round"]: r["asr_alone"] for r in runs if "asr_alone" in r}
    per_side: dict[str, Any] = {}
    for side in sides:
        piped = [r for r in runs if r["side"] == side]
        done = [r for r in piped if r["pipeline"]["state"] == "done"]
        ratios = [
            r["pipeline"]["stages_total_s"] / alone[r["round"]]["total_s"]
            for r in done
            if r["round"] in alone
        ]
        wall_ratios = [
            r["pipeline"]["wall_s_from_worker_start"] / alone[r["round"]]["total_s"]
            for r in done
            if r["round"] in alone
        ]
        parts: dict[str, list[float]] = {}
        for r in done:
            for key, value in r["pipeline"]["stages_s"].items():
                parts.setdefault(key, []).append(value)
        per_side[side] = {
            "failed": [r["pipeline"]["error"] for r in piped if r not in done],
            "speaker_methods": sorted({r["pipeline"]["speaker_method"] for r in done}),
            "pipeline_over_asr_alone": _spread(ratios) if ratios else None,
            "wall_over_asr_alone": _spread(wall_ratios) if wall_ratios else None,
            "stages_total_s": _spread([r["pipeline"]["stages_total_s"] for r in done])
            if done
            else None,
            "wall_s": _spread([r["pipeline"]["wall_s_from_worker_start"] for r in done])
            if done
            else None,
            "stage_parts_s": {k: _spread(v) for k, v in parts.items()},
            "peak_rss_mb": _spread([r["pipeline"]["worker_peak_rss_mb"] for r in done])
            if done
            else None,
        }
    head = per_side[HEAD]
    last = next(r["pipeline"] for r in reversed(runs) if r["side"] == HEAD)
    loads = [x for r in runs for x in (r["load_before"][0], r["load_after"][0])]
    return {
        "date": runs[0]["at"] if runs else None,
        "ended": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "load_average_1min": _spread(loads) if loads else None,
        "audio": {"seconds": round(audio_s, 1), "voices": 3, "made_in_s": round(made_s, 1)},
        "model": opts.model,
        "rounds": opts.rounds,
        "asr_alone_total_s": _spread([a["total_s"] for a in alone.values()]),
        "asr_alone_transcribe_s": _spread([a["transcribe_s"] for a in alone.values()]),
        "sides": per_side,
        # What benchmarks/interleaved.py reads (this checkout's side, medians).
        "asr_alone": {"transcribe_s": statistics.median(a["transcribe_s"] for a in alone.values())},
        "pipeline": {
            "state": "failed" if head["failed"] else last["state"],
            "error": head["failed"][0] if head["failed"] else None,
            "wall_s_from_worker_start": head["wall_s"]["median"] if head["wall_s"] else None,
        },
        "pipeline_over_asr_alone": head["pipeline_over_asr_alone"]["median"]
        if head["pipeline_over_asr_alone"]
        else None,
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--model", default="base")
    parser.add_argument(
        "--compare",
        action="append",
        default=[],
        metavar="REV",
        help="also run the pipeline with this git revision's worker (repeatable)",
    )
    parser.add_argument("--asr-alone", type=Path, help=argparse.SUPPRESS)
    opts = parser.parse_args()
    if opts.asr_alone:
        print(json.dumps(asr_alone(opts.asr_alone)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        report = measure(opts, Path(tmp))
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
