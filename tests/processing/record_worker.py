"""A worker process for the queue tests: runs `record` jobs, each appending its id to a file.

python record_worker.py DATABASE_URL CONCURRENCY LEASE_SECONDS
"""

from __future__ import annotations

import asyncio
import os
import sys

from meetsight.db.engine import create_engine, create_sessionmaker
from meetsight.jobs.context import JobContext
from meetsight.jobs.worker import Worker


def _append(path: str, line: str) -> None:
    with open(path, "a") as out:  # one short O_APPEND write: lines never interleave
        out.write(line + "\n")


async def record(ctx: JobContext) -> None:
    payload = ctx.claim.payload
    _append(payload["file"], f"start {ctx.claim.job_id} {os.getpid()}")
    await asyncio.sleep(float(payload.get("sleep", 0)))
    _append(payload["file"], f"end {ctx.claim.job_id} {os.getpid()}")


async def main(url: str, concurrency: int, lease: float) -> None:
    engine = create_engine(url)
    sessionmaker = create_sessionmaker(engine)
    stop = asyncio.Event()
    workers = [
        Worker(sessionmaker, {"record": record}, lease_seconds=lease, poll_seconds=0.05)
        for _ in range(concurrency)
    ]
    print("ready", flush=True)
    await asyncio.gather(*(w.run(stop) for w in workers))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), float(sys.argv[3])))
