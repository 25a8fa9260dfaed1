"""Speech recognition speed: real-time factor (processing seconds per audio second) of the
bundled models on a 60-s two-voice espeak conversation, plus the one-time model join.

    python benchmarks/asr.py [--seconds 60] [--models tiny.en base] [--device auto]
                             [--threads N] [--beam-size 5]

Needs espeak-ng and sox (scripts/system-deps.sh). Prints a JSON report.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from meetsight.media.decode import decode  # noqa: E402
from meetsight.speech.models import resolve_model  # noqa: E402
from meetsight.speech.recognize import LocalWhisper  # noqa: E402
from speech.audio import long_conversation, word_error_rate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--models", nargs="+", default=["tiny.en", "base"])
    parser.add_argument("--device", default="auto")
    parser.add_argument("--compute-type", default="auto")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--beam-size", type=int, default=5)
    args = parser.parse_args()

    report: dict[str, object] = {
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "threads": args.threads,
        },
    }
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        started = time.perf_counter()
        recording = long_conversation(args.seconds, work / "clip.wav")
        made = time.perf_counter() - started
        started = time.perf_counter()
        audio = decode(recording.path)
        decoded = time.perf_counter() - started
        report["clip"] = {
            "seconds": round(audio.duration, 2),
            "make_s": round(made, 2),
            "decode_s": round(decoded, 3),
        }
        results = {}
        for name in args.models:
            started = time.perf_counter()
            folder = resolve_model(name, work)  # "base": the join into a fresh cache
            resolve_s = time.perf_counter() - started
            started = time.perf_counter()
            again = resolve_model(name, work)  # the check every later process start does
            verify_s = time.perf_counter() - started
            assert again == folder
            model = LocalWhisper(
                folder,
                device=args.device,
                compute_type=args.compute_type,
                threads=args.threads,
                beam_size=args.beam_size,
            )
            started = time.perf_counter()
            _ = model.model
            load_s = time.perf_counter() - started
            started = time.perf_counter()
            result = model.transcribe(audio.samples)
            asr_s = time.perf_counter() - started
            results[name] = {
                "device": model.device,
                "compute_type": model.compute_type,
                "resolve_s": round(resolve_s, 3),
                "verify_s": round(verify_s, 3),
                "load_s": round(load_s, 2),
                "transcribe_s": round(asr_s, 2),
                "rtf": round(asr_s / audio.duration, 4),
                "wer": round(word_error_rate(recording.text, result.text), 4),
                "language": result.language,
            }
            print(name, json.dumps(results[name]), file=sys.stderr)
        report["models"] = results
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
