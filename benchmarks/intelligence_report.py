"""Everything measured of an intelligence engine, in one run: `make bench-intelligence
[ENGINE=builtin|llm]`.

    python benchmarks/intelligence_report.py [--skip qmsum,shared] [--out DIR]

Runs, each as its own process with the engine chosen by MEETSIGHT_INTELLIGENCE_ENGINE (and
MEETSIGHT_LLM_* for an OpenAI-compatible endpoint, passed through):
- the labelled conversations through a served instance and the shared scorer
  (`conversations_eval.py`): our development set (tuned on), our own held-out set, and the shared
  evaluation set when this machine has it (../shared/evalsets/conversations);
- QMSum val (`qmsum_eval.py`): ROUGE-1/2/L of the summary and chat answers;
- speed (`intelligence_eval.py`): analyze() on 400-segment meetings, beside embedding alone.
Prints one table at the end and, with --out, keeps each part's output there.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from evalsets import evalset_dir

HERE = Path(__file__).resolve().parent
_SUMMARY = re.compile(r"^SUMMARY (.*)$", re.MULTILINE)


def _run(name: str, args: list[str], out: Path | None) -> str:
    print(f"== {name}: {' '.join(args)}", file=sys.stderr, flush=True)
    done = subprocess.run(
        [sys.executable, *args], cwd=HERE.parent, capture_output=True, text=True, check=False
    )
    if out is not None:
        (out / f"{name}.out").write_text(done.stdout + done.stderr, encoding="utf-8")
    if done.returncode != 0:
        raise SystemExit(f"{name} failed (exit {done.returncode}):\n{done.stderr[-2000:]}")
    return done.stdout


def _conversations(which: str, out: Path | None) -> str:
    raw = None if out is None else out / f"conversations-{which}"
    args = [str(HERE / "conversations_eval.py"), "--set", which]
    if raw is not None:
        args += ["--out", str(raw)]
    found = _SUMMARY.search(_run(f"conversations-{which}", args, out))
    return found.group(1) if found else "no SUMMARY line"


def _json_tail(text: str) -> dict[str, object]:
    """The last JSON object a benchmark printed (its report)."""
    start = text.rfind("\n{")
    return json.loads(text[start + 1 :] if start >= 0 else text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip", default="", help="comma list of: dev, own, shared, qmsum, speed")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    skip = {s for s in args.skip.split(",") if s}
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    engine = os.environ.get("MEETSIGHT_INTELLIGENCE_ENGINE", "auto")
    rows: list[tuple[str, str]] = []
    for which in ("dev", "own", "shared"):
        if which in skip:
            continue
        if which == "shared" and not (evalset_dir("conversations") / "score.py").is_file():
            rows.append(("conversations, shared set", "not on this machine"))
            continue
        rows.append((f"conversations, {which} set", _conversations(which, args.out)))
    if "qmsum" not in skip:
        qmsum_args = [str(HERE / "qmsum_eval.py"), "--split", "val"]
        report = _json_tail(_run("qmsum-val", qmsum_args, args.out))
        for part in ("all", "general", "specific"):
            figures = report.get(part)
            if isinstance(figures, dict):
                rows.append(
                    (
                        f"QMSum val, {part} ({figures['queries']} queries)",
                        "R-1 {rouge1} / R-2 {rouge2} / R-L {rougeL}".format(**figures),
                    )
                )
    if "speed" not in skip:
        speed_args = [str(HERE / "intelligence_eval.py"), "--runs", "3"]
        speed = _json_tail(_run("speed", speed_args, args.out)).get("speed_400_segments", {})
        if isinstance(speed, dict):
            figures = ", ".join(f"{k} {v}" for k, v in speed.items() if "median" in k)
            rows.append(("speed, analyze() of 400 segments", figures))
    width = max(len(name) for name, _ in rows)
    print(f"engine: {engine}")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
