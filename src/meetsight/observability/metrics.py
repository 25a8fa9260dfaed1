"""The Prometheus metrics of one process (docs/operations.md#metrics lists them).

Each process keeps its own counters in prometheus-client's default registry: an API process
exposes them at /metrics, a `meetsight worker` on its --metrics-port. Queue gauges are read from
the jobs table when /metrics is scraped (queue.py), so every API process reports the same queue.
"""

from __future__ import annotations

from collections.abc import Mapping

from prometheus_client import Counter, Histogram

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
STAGE_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)
RTF_BUCKETS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0)

HTTP_REQUESTS = Counter(
    "meetsight_http_requests",
    "HTTP requests answered, by method, route template and status code",
    ["method", "route", "status"],
)
HTTP_DURATION = Histogram(
    "meetsight_http_request_duration_seconds",
    "Seconds from a request's arrival to the end of its answer",
    ["method", "route", "status"],
    buckets=LATENCY_BUCKETS,
)
RATE_LIMIT_REFUSALS = Counter(
    "meetsight_rate_limit_refusals",
    "Requests refused with 429, by budget: credential (an API key) or address (no valid key)",
    ["budget"],
)
JOBS = Counter(
    "meetsight_jobs",
    "Jobs run by this process's workers, by kind and outcome "
    "(done, retried, failed, released at shutdown, lease_lost)",
    ["kind", "outcome"],
)
JOB_DURATION = Histogram(
    "meetsight_job_duration_seconds",
    "Seconds a worker held a job, by kind and outcome",
    ["kind", "outcome"],
    buckets=STAGE_BUCKETS,
)
STAGE_DURATION = Histogram(
    "meetsight_processing_stage_duration_seconds",
    "Seconds per processing stage (media, transcribe, intelligence...) and part of a stage "
    "(transcribe.decode, transcribe.asr, transcribe.speakers)",
    ["stage"],
    buckets=STAGE_BUCKETS,
)
TRANSCRIPTION_RTF = Histogram(
    "meetsight_transcription_real_time_factor",
    "Recognition seconds per second of audio (below 1: faster than real time)",
    buckets=RTF_BUCKETS,
)
TRANSCRIBED_AUDIO = Counter(
    "meetsight_transcribed_audio_seconds", "Seconds of audio recognized by this process"
)
TRANSCRIPTION_TIME = Counter(
    "meetsight_transcription_seconds", "Seconds this process spent recognizing speech"
)


def observe_stage_timings(before: Mapping[str, float], after: Mapping[str, float]) -> None:
    """Record the timings a stage added to the job's payload (the stage and its parts)."""
    for name, seconds in after.items():
        if name not in before:
            STAGE_DURATION.labels(name).observe(float(seconds))


def observe_transcription(audio_seconds: float, asr_seconds: float) -> None:
    if audio_seconds <= 0:
        return
    TRANSCRIBED_AUDIO.inc(audio_seconds)
    TRANSCRIPTION_TIME.inc(asr_seconds)
    TRANSCRIPTION_RTF.observe(asr_seconds / audio_seconds)


def observe_job(kind: str, outcome: str, seconds: float) -> None:
    JOBS.labels(kind, outcome).inc()
    JOB_DURATION.labels(kind, outcome).observe(seconds)
