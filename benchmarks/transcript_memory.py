"""Peak memory and time of importing and processing large transcripts, size by size.

    python benchmarks/transcript_memory.py [--case segments:20000 ...] [--cap-gb 8]
        [--database-url postgresql://...] [--tracemalloc] [--tracker]

Each case runs in a fresh process (tests/hostile/memory_probe.py) that serves the app, warms up
(model loaded, a small transcript imported and processed), uploads the transcript (parse,
segments, search index, analytics), then runs its job with the real worker (intelligence,
trackers; --tracker gives the organization a tracker with example sentences, matched by meaning
over every segment). It reports, per step, the growth of that process's peak RSS over its RSS
before the upload, wall and CPU seconds (wall time depends on the machine's load; CPU time less
so), and with --tracemalloc the peak of Python and numpy allocations (slower). --cap-gb bounds
what a case may add to its address space, so that code without bounds fails with MemoryError
instead of taking the machine.

Cases: `segments:N` (N cues of about 70 characters), `segments:NxC` (N cues of C characters
each), `one-cue:BYTES` (one cue, the file BYTES long). docs/benchmarks.md records the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

PROBE = Path(__file__).resolve().parent.parent / "tests" / "hostile" / "memory_probe.py"
DEFAULT_CASES = (
    "segments:1000",
    "segments:5000",
    "segments:20000",
    "one-cue:1000000",
    "segments:50000x100",  # the largest accepted: 50,000 segments, 5,000,000 characters
)


def run(case: str, opts: argparse.Namespace) -> dict[str, object]:
    command = [sys.executable, str(PROBE), case]
    if opts.cap_gb is not None:
        command += ["--cap-gb", str(opts.cap_gb)]
    if opts.database_url:
        command += ["--database-url", opts.database_url]
    if opts.tracemalloc:
        command.append("--tracemalloc")
    if opts.tracker:
        command.append("--tracker")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode == 0 and done.stdout.strip():
        return json.loads(done.stdout.strip().splitlines()[-1])[0]
    return {"case": case, "returncode": done.returncode, "stderr": done.stderr.splitlines()[-3:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", action="append", help="segments:N, segments:NxC, one-cue:B")
    parser.add_argument("--cap-gb", type=float, default=None)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--tracemalloc", action="store_true")
    parser.add_argument(
        "--tracker", action="store_true", help="a tracker with examples (matching by meaning)"
    )
    opts = parser.parse_args()
    results = []
    for case in opts.case or DEFAULT_CASES:
        results.append(run(case, opts))
        print(json.dumps(results[-1]), file=sys.stderr)
    report = {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version()},
        "database": "postgresql" if opts.database_url else "sqlite",
        "tracker_with_examples": opts.tracker,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "cases": results,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
