"""The processing pipeline on a long three-voice recording, beside faster-whisper alone.

    python benchmarks/pipeline.py [--minutes 10] [--model base]

Makes the recording with espeak-ng and sox (as the tests do), then in one run:
1. ASR alone: decode and faster-whisper on the file, in this process;
2. the pipeline: the file uploaded through the API and processed by a real `meetsight worker`
   process; stage times come from the job, peak memory from the worker's VmHWM.
Prints a JSON report; docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from meetsight.config import Settings  # noqa: E402
from speech.audio import VOICES, long_conversation  # noqa: E402


def asr_alone(path: Path, settings: Settings) -> dict[str, float]:
    from meetsight.media.decode import decode
    from meetsight.speech.recognize import make_transcriber

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
        "words": len(transcription.words),
    }


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def pipeline(path: Path, settings: Settings, env: dict[str, str]) -> dict[str, object]:
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
        worker = subprocess.Popen(  # noqa: ASYNC220 (started once, not awaited)
            [sys.executable, "-m", "meetsight.cli", "worker"],
            env={**env, "MEETSIGHT_JOB_POLL_SECONDS": "0.1"},
            stderr=subprocess.DEVNULL,
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
            wall = time.perf_counter() - started
            peak = _peak_rss_mb(worker.pid)
        finally:
            worker.terminate()
            worker.wait(30)
        async with state.sessionmaker() as session:
            from meetsight.activities.models import Activity

            activity = await session.get(Activity, (org.id, mid))
            assert activity is not None
            method = activity.speaker_method
    return {
        "state": job.state,
        "error": job.last_error,
        "wall_s_from_worker_start": round(wall, 2),
        "stages_s": job.payload.get("timings", {}),
        "worker_peak_rss_mb": round(peak, 1),
        "speaker_method": method,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--model", default="base")
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEETSIGHT_")}
        env.update(
            MEETSIGHT_DATA_DIR=str(data),
            MEETSIGHT_SECRET_KEY="bench",
            MEETSIGHT_ASR_MODEL=opts.model,
            MEETSIGHT_WORKERS="0",
        )
        os.environ.update(env)
        settings = Settings()
        made = time.perf_counter()
        recording = long_conversation(opts.minutes * 60, Path(tmp) / "meeting.wav", VOICES)
        made = time.perf_counter() - made
        audio_s = recording.duration
        alone = asr_alone(recording.path, settings)
        piped = asyncio.run(pipeline(recording.path, settings, env))
    stages = piped["stages_s"]
    assert isinstance(stages, dict)
    total = sum(v for k, v in stages.items() if "." not in k)  # "transcribe.asr" is a part
    asr_total = alone["decode_s"] + alone["model_load_s"] + alone["transcribe_s"]
    report = {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "audio": {"seconds": round(audio_s, 1), "voices": 3, "made_in_s": round(made, 1)},
        "model": opts.model,
        "asr_alone": alone,
        "pipeline": piped,
        "real_time_factor": {
            "pipeline_stages": round(total / audio_s, 3),
            "pipeline_wall": round(float(piped["wall_s_from_worker_start"]) / audio_s, 3),
            "asr_alone_with_decode_and_load": round(asr_total / audio_s, 3),
            "asr_alone_transcribe_only": round(alone["transcribe_s"] / audio_s, 3),
        },
        "pipeline_over_asr_alone": round(total / asr_total, 3),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
